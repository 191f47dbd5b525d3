/**
 * 教材邮寄: the mailings of textbooks, newest first, by status and name in the address, each with
 * whom it goes to, its books, the address deadline and how far it has come (学员, 已确认, 已发货,
 * 已签收, 已收货, 异常). Who holds 教材 · 邮寄、运单与异常 (access.ts canEditTextbooks) creates a
 * draft (新建邮寄), edits, publishes and deletes it here; a mailing opens its students' records
 * (MailingDetail).
 */
import { MailingStatus } from '@activity/wire'
import { Button, Empty, Tooltip, Typography } from 'antd'
import { Link, useNavigate } from 'react-router-dom'
import { type Mailing, textbooksApi } from '../../api/textbooks'
import { AddButton } from '../../components/AddButton'
import { lazyDialog } from '../../components/LazyDialog'
import { listPreload, ListTable, type ListColumn } from '../../components/ListTable'
import { PageContainer } from '../../components/PageContainer'
import { enumColumn } from '../../components/status'
import { type ListState, toServerQuery } from '../../hooks/list-state'
import { useTableReload } from '../../hooks/useTableReload'
import { useAccess } from '../../session/access'
import { PublishMailing, RemoveMailing } from './MailingActions'
import { booksLabel, MAILING_STATUS_LOOKS } from './textbooks'

/** 新建邮寄 / 编辑: loaded when first opened. */
const MailingForm = lazyDialog(() => import('./MailingForm').then((m) => m.MailingForm))

function fetchPage(state: ListState) {
  return textbooksApi.mailings(toServerQuery(state))
}

export const preload = listPreload(fetchPage)

type CountKey = keyof Mailing['counts']

/** A count of a published mailing (a draft has no records yet). */
function countColumn(title: string, key: CountKey, width = 64): ListColumn<Mailing> {
  return {
    title,
    key,
    search: false,
    width,
    align: 'right',
    render: (_, m) => (m.status === MailingStatus.draft ? '-' : <span className='console-nowrap'>{m.counts[key]}</span>),
  }
}

export default function MailingList() {
  const { canEditTextbooks } = useAccess()
  const navigate = useNavigate()
  const { actionRef, reload } = useTableReload()

  const columns: ListColumn<Mailing>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '邮寄名称' } },
    {
      title: '名称 / 学期',
      dataIndex: 'title',
      search: false,
      render: (_, m) => (
        <>
          <Link to={`/textbooks/${m.id}`}>{m.title}</Link>
          <Typography.Text type='secondary' className='console-sub'>
            {m.term}
          </Typography.Text>
        </>
      ),
    },
    { title: '邮寄对象', dataIndex: 'targetLabel', search: false, width: 140, ellipsis: true },
    {
      title: '教材',
      dataIndex: 'books',
      search: false,
      width: 60,
      align: 'right',
      render: (_, m) => (
        <Tooltip title={booksLabel(m.books)}>
          <span className='console-nowrap' tabIndex={0} aria-label={`${m.books.length}种教材：${booksLabel(m.books)}`}>
            {m.books.length} 种
          </span>
        </Tooltip>
      ),
    },
    { title: '地址截止', dataIndex: 'addressDeadline', search: false, width: 100 },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      width: 76,
      ...enumColumn(MAILING_STATUS_LOOKS),
    },
    countColumn('学员', 'students', 56),
    countColumn('已确认', 'confirmed'),
    countColumn('已发货', 'shipped'),
    countColumn('已签收', 'signed'),
    countColumn('已收货', 'received'),
    {
      title: '异常',
      key: 'problems',
      search: false,
      width: 52,
      align: 'right',
      render: (_, m) =>
        m.status === MailingStatus.draft ? (
          '-'
        ) : m.counts.problems > 0 ? (
          <Link to={`/textbooks/${m.id}?problem=true`} aria-label={`查看「${m.title}」的 ${m.counts.problems} 个异常`}>
            <Typography.Text type='danger'>{m.counts.problems}</Typography.Text>
          </Link>
        ) : (
          0
        ),
    },
    {
      title: '操作',
      valueType: 'option',
      width: canEditTextbooks ? 160 : 60,
      fixed: 'right',
      // A draft's own actions; the name opens either.
      render: (_, m) =>
        canEditTextbooks && m.status === MailingStatus.draft
          ? [
              <MailingForm
                key='edit'
                mailing={m}
                onSaved={reload}
                trigger={
                  <Button type='link' className='console-link-button' aria-label={`编辑「${m.title}」`}>
                    编辑
                  </Button>
                }
              />,
              <PublishMailing key='publish' mailing={m} onDone={reload} />,
              <RemoveMailing key='remove' mailing={m} onRemoved={reload} />,
            ]
          : [
              <Link key='open' to={`/textbooks/${m.id}`} aria-label={`查看「${m.title}」`}>
                查看
              </Link>,
            ],
    },
  ]

  return (
    <PageContainer title='教材邮寄' subTitle={canEditTextbooks ? '发布后学员在 APP 确认收货地址，教务处按名单发货' : '只读'}>
      <ListTable<Mailing>
        actionRef={actionRef}
        headerTitle='邮寄列表'
        columns={columns}
        fetch={fetchPage}
        scroll={{ x: 1000 }}
        emptyText={<Empty description='还没有教材邮寄' />}
        toolBarRender={() =>
          canEditTextbooks
            ? [<MailingForm key='add' trigger={<AddButton>新建邮寄</AddButton>} onSaved={(saved) => navigate(`/textbooks/${saved.id}`)} />]
            : []
        }
      />
      <Typography.Text type='secondary' className='console-small'>
        草稿可以修改和删除；发布时按邮寄对象生成每名在读学员的邮寄记录并通知学员确认地址，发布后不能再修改。
      </Typography.Text>
    </PageContainer>
  )
}
