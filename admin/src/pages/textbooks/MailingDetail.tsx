/**
 * One mailing of textbooks: its term, target, books, address deadline and how far it has come, above
 * its students' records by 学号 (filtered in the address by state, 只看异常 and a name or 学号): the
 * address each confirmed (the phone masked unless the operator may see it), the record's state, the
 * parcel with its state and problem. Who holds 教材 · 邮寄、运单与异常 fills in a waybill (填写运单;
 * a change is recorded in 操作日志), corrects an address before shipping (更正地址) and imports the
 * waybills; who holds 教材 · 导出 exports the list for the warehouse (明文导出 too, with its right).
 * 物流 opens the parcel's drawer. A draft shows what publishing will do instead of records.
 */
import { DownloadOutlined } from '@ant-design/icons'
import { MailingStatus } from '@activity/wire'
import { Alert, Button, Descriptions, Empty, Space, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { download } from '../../api/client'
import { type Mailing, type MailRecord, textbooksApi } from '../../api/textbooks'
import { DetailFrame } from '../../components/DetailFrame'
import { ExportButton } from '../../components/ExportButton'
import { lazyDialog } from '../../components/LazyDialog'
import { MaskedPhone } from '../../components/MaskedPhone'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { PageContainer } from '../../components/PageContainer'
import { EnumTag, enumColumn } from '../../components/status'
import { formatDateTime } from '../../format'
import { exportQuery, type ListState, readListState, toServerQuery } from '../../hooks/list-state'
import { useRemote } from '../../hooks/useRemote'
import { useTableReload } from '../../hooks/useTableReload'
import type { ScreenPreload } from '../../screen-preload'
import { useAccess } from '../../session/access'
import { PublishMailing, RemoveMailing } from './MailingActions'
import {
  addressText,
  booksLabel,
  MAILING_STATUS_LOOKS,
  mayCorrect,
  mayShip,
  PARCEL_EXCEPTION_LOOKS,
  PARCEL_STATE_LOOKS,
  RECORD_STATE_LOOKS,
} from './textbooks'

const MailingForm = lazyDialog(() => import('./MailingForm').then((m) => m.MailingForm))
const WaybillForm = lazyDialog(() => import('./RecordDialogs').then((m) => m.WaybillForm))
const CorrectForm = lazyDialog(() => import('./RecordDialogs').then((m) => m.CorrectForm))
const ImportWaybills = lazyDialog(() => import('./ImportWaybills').then((m) => m.ImportWaybills))
const ParcelDrawer = lazy(() => import('./ParcelDrawer').then((m) => ({ default: m.ParcelDrawer })))

const PROBLEM_OPTIONS = [{ value: 'true', label: '只看异常' }]

function fetchRecords(state: ListState, mailingId: number) {
  return textbooksApi.records({ ...toServerQuery(state), mailingId })
}

export const preload: ScreenPreload = ({ params, search }) => {
  const mailingId = Number(params.id)
  if (!Number.isInteger(mailingId) || mailingId <= 0) return
  void textbooksApi.mailing(mailingId)
  void fetchRecords(readListState(search), mailingId)
}

function Summary({ mailing }: { mailing: Mailing }) {
  const c = mailing.counts
  const published = mailing.status === MailingStatus.published
  return (
    <Descriptions
      size='small'
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
      data-testid='mailing-summary'
      items={[
        { key: 'term', label: '学期', children: mailing.term },
        { key: 'target', label: '邮寄对象', children: mailing.targetLabel },
        { key: 'deadline', label: '地址确认截止', children: mailing.addressDeadline },
        { key: 'books', label: `教材（${mailing.books.length} 种）`, span: 2, children: booksLabel(mailing.books) },
        published
          ? { key: 'published', label: '发布时间', children: formatDateTime(mailing.publishedAt) }
          : { key: 'created', label: '创建时间', children: formatDateTime(mailing.createdAt) },
        ...(published
          ? [
              {
                key: 'counts',
                label: '进度',
                span: 3,
                children: (
                  <Space size='middle' wrap>
                    <span>学员 {c.students}</span>
                    <span>已确认地址 {c.confirmed}</span>
                    <span>已发货 {c.shipped}</span>
                    <span>已签收 {c.signed}</span>
                    <span>已收货 {c.received}</span>
                    {c.problems > 0 ? (
                      <Link to='?problem=true'>
                        <Typography.Text type='danger'>物流异常 {c.problems}</Typography.Text>
                      </Link>
                    ) : (
                      <span>物流异常 0</span>
                    )}
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    />
  )
}

/** 下载导入模板: the server's .xlsx, or its refusal shown (not saved as a file). */
function TemplateButton() {
  const [busy, setBusy] = useState(false)
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => {
        setBusy(true)
        download(textbooksApi.importTemplatePath, undefined, { fallbackName: '运单导入模板.xlsx' })
          .catch(() => undefined)
          .finally(() => setBusy(false))
      }}
    >
      下载导入模板
    </Button>
  )
}

export default function MailingDetail() {
  const { id } = useParams()
  const navigate = useNavigate()
  const { canEditTextbooks, canExportTextbooks } = useAccess()
  const mailingId = Number(id)
  const valid = Number.isInteger(mailingId) && mailingId > 0
  const {
    data: mailing,
    error,
    reload,
  } = useRemote(() => (valid ? textbooksApi.mailing(mailingId) : Promise.reject(new Error('教材邮寄不存在'))), [mailingId, valid])
  const { actionRef, reload: reloadRecords } = useTableReload()
  const [open, setOpen] = useState<number | null>(null)
  const [opened, setOpened] = useState(false)
  if (open !== null && !opened) setOpened(true)
  const back = () => navigate('/textbooks')
  // A record's change moves the mailing's counts too.
  const changed = () => {
    reload()
    reloadRecords()
  }

  if (!mailing)
    return (
      <DetailFrame
        title='邮寄详情'
        onBack={back}
        list={{ to: '/textbooks', label: '返回教材邮寄' }}
        error={error}
        failure='教材邮寄加载失败'
        onRetry={valid ? reload : undefined}
      />
    )

  const draft = mailing.status === MailingStatus.draft
  const columns: ListColumn<MailRecord>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '姓名或学号' } },
    {
      title: '学员',
      dataIndex: 'student',
      search: false,
      width: 110,
      render: (_, r) => (
        <>
          {r.student.name}
          <Typography.Text type='secondary' className='console-sub'>
            {r.student.studentNo ?? '无学号'}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '收件人 / 电话',
      dataIndex: 'receiver',
      search: false,
      width: 120,
      render: (_, r) =>
        r.address ? (
          <>
            {r.address.receiver}
            <Typography.Text type='secondary' className='console-sub console-nowrap'>
              <MaskedPhone phone={r.address.phone} kind='textbookRecord' id={r.id} />
            </Typography.Text>
          </>
        ) : (
          '-'
        ),
    },
    {
      title: '地址',
      dataIndex: 'address',
      search: false,
      render: (_, r) => (r.address ? addressText(r.address) : <Typography.Text type='secondary'>待学员确认</Typography.Text>),
    },
    { title: '状态', dataIndex: 'state', valueType: 'select', width: 80, ...enumColumn(RECORD_STATE_LOOKS) },
    {
      title: '异常',
      dataIndex: 'problem',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { options: PROBLEM_OPTIONS, placeholder: '全部记录' },
    },
    {
      title: '快递',
      dataIndex: 'parcel',
      search: false,
      width: 180,
      render: (_, r) =>
        r.parcel ? (
          <>
            {r.parcel.carrierName}
            <Typography.Text type='secondary' className='console-sub console-nowrap'>
              {r.parcel.waybillNo}
            </Typography.Text>
            <div className='console-gap-top-xxs'>
              <EnumTag valueEnum={PARCEL_STATE_LOOKS} value={r.parcel.state} />
              {r.parcel.exception ? <EnumTag valueEnum={PARCEL_EXCEPTION_LOOKS} value={r.parcel.exception} /> : null}
            </div>
          </>
        ) : (
          '-'
        ),
    },
    {
      title: '确认时间',
      dataIndex: 'confirmedAt',
      search: false,
      width: 140,
      render: (_, r) =>
        r.correctedAt ? (
          <>
            {formatDateTime(r.confirmedAt)}
            <Typography.Text type='secondary' className='console-sub' title={`更正于 ${formatDateTime(r.correctedAt)}`}>
              教务处更正
            </Typography.Text>
          </>
        ) : (
          formatDateTime(r.confirmedAt)
        ),
    },
    {
      title: '操作',
      valueType: 'option',
      width: canEditTextbooks ? 200 : 60,
      fixed: 'right',
      render: (_, r) => [
        ...(canEditTextbooks && mayShip(r)
          ? [
              <WaybillForm
                key='waybill'
                record={r}
                onDone={changed}
                trigger={
                  <Button type='link' className='console-link-button' aria-label={`${r.parcel ? '修改' : '填写'}${r.student.name}的运单`}>
                    {r.parcel ? '修改运单' : '填写运单'}
                  </Button>
                }
              />,
            ]
          : []),
        ...(canEditTextbooks && mayCorrect(r)
          ? [
              <CorrectForm
                key='correct'
                record={r}
                onDone={changed}
                trigger={
                  <Button type='link' className='console-link-button' aria-label={`${r.address ? '更正' : '代填'}${r.student.name}的地址`}>
                    {r.address ? '更正地址' : '代填地址'}
                  </Button>
                }
              />,
            ]
          : []),
        ...(r.parcel
          ? [
              <Button
                key='track'
                type='link'
                className='console-link-button'
                onClick={() => setOpen(r.parcel!.id)}
                aria-label={`查看${r.student.name}的物流`}
              >
                物流
              </Button>,
            ]
          : []),
      ],
    },
  ]

  return (
    <PageContainer
      title={mailing.title}
      onBack={back}
      tags={<EnumTag valueEnum={MAILING_STATUS_LOOKS} value={mailing.status} />}
      extra={
        draft && canEditTextbooks ? (
          <Space wrap>
            <RemoveMailing mailing={mailing} onRemoved={back} />
            <MailingForm mailing={mailing} onSaved={reload} trigger={<Button>编辑</Button>} />
            <PublishMailing mailing={mailing} onDone={changed} button />
          </Space>
        ) : null
      }
      content={<Summary mailing={mailing} />}
    >
      {draft ? (
        <Alert
          type='info'
          showIcon
          data-testid='mailing-draft'
          message='这是草稿，学员还看不到'
          description='发布时按邮寄对象为每名在读学员生成邮寄记录，学员收到通知后在 APP 确认收货地址；确认后在这里填写或导入运单。'
        />
      ) : (
        <>
          <ListTable<MailRecord>
            actionRef={actionRef}
            headerTitle='邮寄名单'
            columns={columns}
            fetch={(state) => fetchRecords(state, mailing.id)}
            scroll={{ x: 1000 }}
            emptyText={<Empty description='没有符合条件的学员' />}
            toolBarRender={(state) => [
              ...(canEditTextbooks
                ? [
                    <TemplateButton key='template' />,
                    <ImportWaybills key='import' mailing={mailing} onImported={changed} trigger={<Button>导入运单</Button>} />,
                  ]
                : []),
              canExportTextbooks ? (
                <ExportButton
                  key='export'
                  path={textbooksApi.exportPath}
                  query={{ ...exportQuery(state), mailingId: mailing.id }}
                  fallbackName={`${mailing.title}-邮寄名单.xlsx`}
                  testId='mailing-export'
                >
                  导出邮寄名单
                </ExportButton>
              ) : null,
            ]}
          />
          <Typography.Text type='secondary' className='console-small'>
            学员确认地址后才能填写运单；发货前可以更正地址。修改已有的运单号会记入操作日志。
            {canExportTextbooks ? '导出的电话默认脱敏，明文导出需要权限并验证身份。' : ''}
          </Typography.Text>
        </>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <ParcelDrawer id={open} onClose={() => setOpen(null)} onChanged={changed} />
        </Suspense>
      ) : null}
    </PageContainer>
  )
}
