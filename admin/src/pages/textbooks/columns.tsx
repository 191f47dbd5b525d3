/**
 * The parcel lists' columns (运单 and 物流异常 draw the same parcels): the filters (来源, 状态,
 * keyword), the student, what the parcel carries, the carrier and number, its state and problem,
 * the latest track, and the subscription with the tracking provider (重新订阅 after a refusal).
 */
import { App, Button, Space, Tooltip, Typography } from 'antd'
import { type ReactNode, useState } from 'react'
import { type Parcel, parcelsApi } from '../../api/parcels'
import type { ListColumn } from '../../components/ListTable'
import { EnumTag, enumColumn } from '../../components/status'
import { formatDateTime } from '../../format'
import { PARCEL_EXCEPTION_LOOKS, PARCEL_SOURCE_LOOKS, PARCEL_STATE_LOOKS, problemText } from './textbooks'

/** 重新订阅 a parcel the tracking provider refused; the list reloads with the answer. */
function Resubscribe({ parcel, onDone }: { parcel: Parcel; onDone: () => void }) {
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      type='link'
      size='small'
      className='console-link-button'
      loading={busy}
      aria-label={`重新订阅 ${parcel.waybillNo}`}
      onClick={() => {
        setBusy(true)
        parcelsApi
          .resubscribe(parcel.id)
          .then(
            (answer) => {
              void (answer.subscribeError ? message.warning(`重新订阅失败：${answer.subscribeError}`) : message.success('已重新订阅'))
              onDone()
            },
            () => undefined,
          )
          .finally(() => setBusy(false))
      }}
    >
      重新订阅
    </Button>
  )
}

/** Two lines in a cell: the main text and a smaller, secondary one under it. */
const twoLines = (main: ReactNode, sub: ReactNode) => (
  <>
    {main}
    <Typography.Text type='secondary' className='console-sub'>
      {sub}
    </Typography.Text>
  </>
)

export function parcelColumns({
  canEdit,
  reload,
  stuckDays,
  queue = false,
}: {
  canEdit: boolean
  reload: () => void
  stuckDays?: number
  /**
   * The exceptions queue: the problem explained and when it began, right after the student (what
   * the office acts on), instead of the problem's tag; no state filter.
   */
  queue?: boolean
}): ListColumn<Parcel>[] {
  const keyword: ListColumn<Parcel> = {
    title: '关键词',
    dataIndex: 'keyword',
    hideInTable: true,
    fieldProps: { placeholder: '完整运单号或学员姓名' },
  }
  const source: ListColumn<Parcel> = {
    title: '来源',
    dataIndex: 'source',
    valueType: 'select',
    width: 84,
    ...enumColumn(PARCEL_SOURCE_LOOKS),
  }
  const student: ListColumn<Parcel> = {
    title: '学员',
    dataIndex: 'student',
    search: false,
    width: 110,
    render: (_, p) => twoLines(p.student.name, p.student.studentNo ?? '无学号'),
  }
  const content: ListColumn<Parcel> = { title: '包裹内容', dataIndex: 'title', search: false, ellipsis: true }
  const waybill: ListColumn<Parcel> = {
    title: '快递',
    dataIndex: 'waybillNo',
    search: false,
    width: 150,
    render: (_, p) => twoLines(p.carrierName, <Typography.Text copyable={{ text: p.waybillNo }}>{p.waybillNo}</Typography.Text>),
  }
  const state: ListColumn<Parcel> = {
    title: '状态',
    dataIndex: 'state',
    valueType: 'select',
    width: 76,
    hideInSearch: queue,
    ...enumColumn(PARCEL_STATE_LOOKS),
  }
  const problemTag: ListColumn<Parcel> = {
    title: '异常',
    dataIndex: 'problem',
    search: false,
    width: 70,
    render: (_, p) => (p.problem ? <EnumTag valueEnum={PARCEL_EXCEPTION_LOOKS} value={p.problem} /> : '-'),
  }
  const problem: ListColumn<Parcel> = {
    title: '问题',
    dataIndex: 'problem',
    search: false,
    width: 170,
    render: (_, p) =>
      p.problem ? twoLines(<EnumTag valueEnum={PARCEL_EXCEPTION_LOOKS} value={p.problem} />, problemText(p.problem, stuckDays)) : '-',
  }
  const problemAt: ListColumn<Parcel> = {
    title: '异常时间',
    dataIndex: 'exceptionAt',
    search: false,
    width: 140,
    tooltip: '停滞的包裹为最后一条轨迹的时间（还没有轨迹时为发货时间）',
    render: (_, p) => formatDateTime(p.exceptionAt ?? p.lastTrackAt ?? p.shippedAt),
  }
  const lastTrack: ListColumn<Parcel> = {
    title: '最新轨迹',
    dataIndex: 'lastContext',
    search: false,
    width: 210,
    render: (_, p) =>
      p.lastContext ? (
        twoLines(
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: p.lastContext }} className='console-flush'>
            {p.lastContext}
          </Typography.Paragraph>,
          formatDateTime(p.lastTrackAt),
        )
      ) : (
        <Typography.Text type='secondary'>暂无轨迹</Typography.Text>
      ),
  }
  const subscription: ListColumn<Parcel> = {
    title: '订阅',
    dataIndex: 'subscribeError',
    search: false,
    width: 90,
    render: (_, p) =>
      p.subscribeError ? (
        <Space direction='vertical' size={0}>
          <Tooltip title={p.subscribeError}>
            <Typography.Text type='warning'>订阅失败</Typography.Text>
          </Tooltip>
          {canEdit ? <Resubscribe parcel={p} onDone={reload} /> : null}
        </Space>
      ) : p.subscribedAt ? (
        '已订阅'
      ) : (
        <Typography.Text type='secondary'>未订阅</Typography.Text>
      ),
  }
  return queue
    ? [keyword, source, student, problem, problemAt, waybill, state, lastTrack, content, subscription]
    : [keyword, source, student, content, waybill, state, problemTag, lastTrack, subscription]
}
