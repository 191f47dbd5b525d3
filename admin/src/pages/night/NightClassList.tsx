/**
 * 夜校课程: the classes, the latest start first, by keyword (name, subject, teacher) and
 * published, with seats, sign-ups and attendance. 管理员 and 招生老师 create, edit and delete
 * (a class someone signed up for is unpublished instead); a class opens its sign-ups, attendance
 * and printable QR code.
 */
import { PageContainer } from '../../components/PageContainer'
import { Empty, Tag, Typography } from 'antd'
import { Link, useNavigate } from 'react-router-dom'
import { type NightClassRow, nightApi } from '../../api/night'
import { RemoveAction } from '../../components/RemoveAction'
import { enumColumn, valueEnum } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime, officeTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { lazyDialog } from '../../components/LazyDialog'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'

/** 新建夜校课 / 编辑: loaded when first opened. */
const NightClassForm = lazyDialog(() => import('./NightClassForm').then((m) => m.NightClassForm))

const PHASE_ENUM = valueEnum(['未开始', '进行中', '已结束'] as const, {
  未开始: { status: 'Default' },
  进行中: { status: 'Processing' },
  已结束: { status: 'Success' },
})
const PUBLISHED_ENUM = { true: { text: '已上架' }, false: { text: '未上架' } }

export default function NightClassList() {
  const { canManageNight } = useAccess()
  const navigate = useNavigate()
  const { actionRef, reload } = useTableReload()

  const columns: ListColumn<NightClassRow>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '课程名称、科目或老师' } },
    // 工作台's 今日夜校 opens `?date=<today>`: the classes starting that day.
    { title: '上课日期', dataIndex: 'date', valueType: 'date', hideInTable: true },
    {
      title: '课程',
      dataIndex: 'title',
      search: false,
      render: (_, c) => (
        <>
          <Link to={`/night/classes/${c.id}`}>{c.title}</Link>
          <Typography.Text type='secondary' className='console-sub'>
            {c.subject} · {c.teacher}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '上课时间',
      dataIndex: 'startsAt',
      search: false,
      width: 170,
      render: (_, c) => (
        <span className='console-small'>
          {formatDateTime(c.startsAt)}
          <br />至 {officeTime(c.endsAt).format('HH:mm')}
        </span>
      ),
    },
    { title: '地点', dataIndex: 'place', search: false, ellipsis: true, width: 180 },
    {
      title: '报名 / 名额',
      dataIndex: 'signedUpCount',
      search: false,
      width: 100,
      align: 'right',
      render: (_, c) => `${c.signedUpCount} / ${c.capacity}`,
    },
    { title: '签到', dataIndex: 'attendedCount', search: false, width: 70, align: 'right' },
    { title: '进度', dataIndex: 'phase', search: false, width: 90, ...enumColumn(PHASE_ENUM) },
    {
      title: '上架',
      dataIndex: 'published',
      valueType: 'select',
      width: 90,
      valueEnum: PUBLISHED_ENUM,
      render: (_, c) => (c.published ? <Tag color='green'>已上架</Tag> : <Tag>未上架</Tag>),
    },
    {
      title: '操作',
      valueType: 'option',
      width: canManageNight ? 120 : 70,
      fixed: 'right',
      render: (_, c) => [
        <Link key='open' to={`/night/classes/${c.id}`}>
          {canManageNight ? '管理' : '查看'}
        </Link>,
        ...(canManageNight && c.signedUpCount === 0
          ? [
              <RemoveAction
                key='remove'
                title={`删除「${c.title}」？`}
                description='删除后不能恢复'
                remove={() => nightApi.remove(c.id)}
                onRemoved={reload}
              />,
            ]
          : []),
      ],
    },
  ]

  return (
    <PageContainer title='夜校课程' subTitle='学员报名、扫码签到的线下夜校课'>
      <ListTable<NightClassRow>
        actionRef={actionRef}
        headerTitle='课程列表'
        columns={columns}
        fetch={(state) => nightApi.list(toServerQuery(state))}
        emptyText={<Empty description='还没有夜校课' />}
        scroll={{ x: 1000 }}
        toolBarRender={() =>
          canManageNight
            ? [
                <NightClassForm
                  key='new'
                  trigger={<AddButton>新建夜校课</AddButton>}
                  onSaved={(saved) => navigate(`/night/classes/${saved.id}`)}
                />,
              ]
            : []
        }
      />
    </PageContainer>
  )
}
