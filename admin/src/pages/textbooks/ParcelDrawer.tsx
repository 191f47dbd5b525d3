/**
 * One parcel in a drawer (运单, 物流异常, 邮寄详情 and 兑换订单 open it): where it comes from and
 * whose it is, the carrier and number, its state and problem, the subscription with the tracking
 * provider (重新订阅 after a refusal), and its tracks as a timeline, newest first. Who holds 教材 ·
 * 邮寄、运单与异常 handles a problem here too; on the sandbox carrier (a test system) they may push
 * its steps, clearly marked as such. Each answer shows in place; the list behind reloads.
 */
import { Alert, App, Button, Descriptions, Drawer, Empty, Space, Spin, Timeline, Typography } from 'antd'
import { type ReactNode, useEffect, useState } from 'react'
import { type ParcelDetail, parcelsApi, type SandboxStep } from '../../api/parcels'
import { lazyDialog } from '../../components/LazyDialog'
import { LoadFailure } from '../../components/LoadFailure'
import { EnumTag } from '../../components/status'
import { formatDateTime } from '../../format'
import { useAccess } from '../../session/access'
import { PARCEL_EXCEPTION_LOOKS, PARCEL_SOURCE_LOOKS, PARCEL_STATE_LOOKS, problemText, SANDBOX_STEPS, tracksNewestFirst } from './textbooks'
import { useTracking } from './useTracking'

const HandleForm = lazyDialog(() => import('./HandleForm').then((m) => m.HandleForm))

/** The sandbox carrier's pushes: each one as the provider would send it, through the same callback. */
function SandboxPushes({ parcel, onPushed }: { parcel: ParcelDetail; onPushed: (answer: ParcelDetail) => void }) {
  const { message } = App.useApp()
  const [busy, setBusy] = useState<SandboxStep>()
  const push = (step: SandboxStep) => {
    if (busy) return
    setBusy(step)
    parcelsApi
      .sandboxPush(parcel.id, step)
      .then(
        (answer) => {
          void message.success(`沙箱快递已推送「${step}」`)
          onPushed(answer)
        },
        () => undefined,
      )
      .finally(() => setBusy(undefined))
  }
  return (
    <Alert
      type='info'
      className='console-gap-bottom'
      data-testid='parcel-sandbox'
      message='沙箱快递 · 模拟推送（测试环境）'
      description={
        <>
          <Typography.Paragraph type='secondary' className='console-small'>
            当前的快递跟踪是沙箱，不连接真实快递公司。按下按钮，沙箱快递就像快递公司一样推送这一步的轨迹。
          </Typography.Paragraph>
          <Space wrap>
            {SANDBOX_STEPS.map((step) => (
              <Button
                key={step}
                size='small'
                loading={busy === step}
                disabled={busy !== undefined && busy !== step}
                onClick={() => push(step)}
              >
                模拟{step}
              </Button>
            ))}
          </Space>
        </>
      }
    />
  )
}

function Subscription({ parcel, canEdit, onAnswer }: { parcel: ParcelDetail; canEdit: boolean; onAnswer: (p: ParcelDetail) => void }) {
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  if (!parcel.subscribeError) return null
  const again = () => {
    setBusy(true)
    parcelsApi
      .resubscribe(parcel.id)
      .then(
        (answer) => {
          void (answer.subscribeError ? message.warning(`重新订阅失败：${answer.subscribeError}`) : message.success('已重新订阅'))
          onAnswer(answer)
        },
        () => undefined,
      )
      .finally(() => setBusy(false))
  }
  return (
    <Alert
      type='warning'
      showIcon
      className='console-gap-bottom'
      message='快递跟踪订阅失败，收不到这个包裹的新轨迹'
      description={parcel.subscribeError}
      action={
        canEdit ? (
          <Button size='small' loading={busy} onClick={again}>
            重新订阅
          </Button>
        ) : undefined
      }
    />
  )
}

function Body({
  parcel,
  canEdit,
  stuckDays,
  onAnswer,
  onHandled,
  sandbox,
}: {
  parcel: ParcelDetail
  canEdit: boolean
  stuckDays?: number
  onAnswer: (p: ParcelDetail) => void
  onHandled: () => void
  /** The sandbox carrier's pushes, above the tracks they add to. */
  sandbox?: ReactNode
}) {
  const tracks = tracksNewestFirst(parcel.tracks)
  return (
    <>
      {parcel.problem ? (
        <Alert
          type='error'
          showIcon
          className='console-gap-bottom'
          data-testid='parcel-problem'
          message={`${parcel.problem}：${problemText(parcel.problem, stuckDays)}`}
          description={parcel.exceptionAt ? `异常时间 ${formatDateTime(parcel.exceptionAt)}` : undefined}
          action={
            canEdit ? (
              <HandleForm
                parcel={parcel}
                stuckDays={stuckDays}
                onDone={onHandled}
                trigger={
                  <Button size='small' type='primary'>
                    处理
                  </Button>
                }
              />
            ) : undefined
          }
        />
      ) : null}
      <Subscription parcel={parcel} canEdit={canEdit} onAnswer={onAnswer} />
      <Descriptions
        size='small'
        column={2}
        className='console-gap-bottom'
        data-testid='parcel-summary'
        items={[
          {
            key: 'source',
            label: '来源',
            children: (
              <Space size={4} wrap>
                <EnumTag valueEnum={PARCEL_SOURCE_LOOKS} value={parcel.source} />
                {parcel.title}
              </Space>
            ),
          },
          {
            key: 'student',
            label: '学员',
            children: `${parcel.student.name}${parcel.student.studentNo ? `（${parcel.student.studentNo}）` : ''}`,
          },
          {
            key: 'waybill',
            label: '快递',
            children: (
              <span>
                {parcel.carrierName} <Typography.Text copyable={{ text: parcel.waybillNo }}>{parcel.waybillNo}</Typography.Text>
              </span>
            ),
          },
          {
            key: 'state',
            label: '状态',
            children: (
              <Space size={0} wrap>
                <EnumTag valueEnum={PARCEL_STATE_LOOKS} value={parcel.state} />
                {parcel.exception ? <EnumTag valueEnum={PARCEL_EXCEPTION_LOOKS} value={parcel.exception} /> : null}
              </Space>
            ),
          },
          { key: 'shipped', label: '发货时间', children: formatDateTime(parcel.shippedAt) },
          { key: 'signed', label: '签收时间', children: formatDateTime(parcel.signedAt) },
          { key: 'received', label: '确认收货', children: formatDateTime(parcel.receivedAt) },
          {
            key: 'subscribed',
            label: '订阅',
            children: parcel.subscribeError ? '失败' : parcel.subscribedAt ? `已订阅（${formatDateTime(parcel.subscribedAt)}）` : '未订阅',
          },
          ...(parcel.handledAt
            ? [
                {
                  key: 'handled',
                  label: '最近处理',
                  span: 2,
                  children: `${formatDateTime(parcel.handledAt)}${parcel.handledNote ? `：${parcel.handledNote}` : ''}`,
                },
              ]
            : []),
        ]}
      />
      {sandbox}
      <Typography.Title level={5} aria-level={3}>
        物流轨迹
      </Typography.Title>
      {tracks.length ? (
        <Timeline
          data-testid='parcel-tracks'
          items={tracks.map((t, i) => ({
            key: `${t.time}-${i}`,
            color: i === 0 ? 'blue' : 'gray',
            children: (
              <div>
                <div className='console-pre-wrap'>{t.context}</div>
                <Typography.Text type='secondary' className='console-small'>
                  {formatDateTime(t.time)}
                  {t.areaName ? ` · ${t.areaName}` : ''}
                  {t.status ? ` · ${t.status}` : ''}
                </Typography.Text>
              </div>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description='还没有物流轨迹，快递公司揽收后这里会显示' />
      )}
    </>
  )
}

export function ParcelDrawer({
  id,
  onClose,
  onChanged,
}: {
  /** The parcel shown; null: the drawer is closed. */
  id: number | null
  onClose: () => void
  /** After a change here (handled, re-subscribed, a sandbox push): the list behind reloads. */
  onChanged?: () => void
}) {
  const { canEditTextbooks } = useAccess()
  const tracking = useTracking()
  const [parcel, setParcel] = useState<ParcelDetail>()
  const [failed, setFailed] = useState('')
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (id === null) return
    let live = true
    setParcel(undefined)
    setFailed('')
    parcelsApi.detail(id).then(
      (p) => live && setParcel(p),
      (error: unknown) => live && setFailed(error instanceof Error ? error.message : '加载失败'),
    )
    return () => {
      live = false
    }
  }, [id, attempt])

  const answered = (p: ParcelDetail) => {
    setParcel(p)
    onChanged?.()
  }
  const handled = () => {
    setAttempt((n) => n + 1)
    onChanged?.()
  }
  const shown = parcel && parcel.id === id ? parcel : undefined

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={640}
      title={shown ? `物流：${shown.carrierName} ${shown.waybillNo}` : '物流详情'}
      destroyOnHidden
    >
      {failed ? (
        <LoadFailure title='物流加载失败' error={failed} onRetry={() => setAttempt((n) => n + 1)} />
      ) : !shown ? (
        <Spin className='console-loading' />
      ) : (
        <Body
          parcel={shown}
          canEdit={canEditTextbooks}
          stuckDays={tracking?.stuckDays}
          onAnswer={answered}
          onHandled={handled}
          sandbox={tracking?.sandbox && canEditTextbooks ? <SandboxPushes parcel={shown} onPushed={answered} /> : null}
        />
      )}
    </Drawer>
  )
}
