import { useState, type ReactNode } from 'react'
import Taro from '@tarojs/taro'
import { Text, Textarea, View } from '@tarojs/components'
import { beijingDate } from '@activity/domain'
import { ApprovalStatus } from '@activity/wire'
import { approval, type Leave, type LeaveDetails } from '../../api/zms/approval'
import ApprovalSteps, { ApprovalRecord } from '../../components/approval-steps'
import ConfirmButton from '../../components/confirm-button'
import Dialog from '../../components/dialog'
import { FormError } from '../../components/form'
import Page from '../../components/page'
import PictureGrid from '../../components/picture-grid'
import { useRoute } from '../../components/router-helper'
import SelectPicker from '../../components/select-picker'
import { useMounted } from '../../hooks/mounted'
import { useRemote } from '../../hooks/remote'
import { useStudentLoad } from '../../hooks/student-load'
import { leaveEditUrl, leaveIdOf } from '../../links/leave'
import { press } from '../../platform'
import { RequestError } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { formatDate } from '../../utils/date'
import { LEAVE_REASON_MAX, backChoices, usedText } from './components/leave-form'
import { approvalTone } from '../../components/approval-steps/tone'
import { backText, halfDayText } from './components/leave-text'
import StudentBody from './components/student-body'
import './leaveDetail.scss'

const TITLE = routeOf('pages/student/leaveDetail')?.title ?? '请假详情'
const LEAVE_MISSING = '请假不存在'
const REVOKE_REASON_REQUIRED = '请填写撤销原因'

const toast = (text: string) => useStore.getState().showToast(text, { icon: 'success' })
const timeText = (iso: string | null) => (iso ? formatDate(iso, 'yyyy-MM-dd hh:mm') : '')

function Row({ label, children, name }: { label: string; name: string; children: ReactNode }) {
  return (
    <View className={`leave-row leave-row--${name}`}>
      <Text className='leave-row__label'>{label}</Text>
      <View className='leave-row__value'>{children}</View>
    </View>
  )
}

function LeaveCard({ leave, today }: { leave: Leave; today: string }) {
  const back = backText(leave, today)
  return (
    <View className='leave-card'>
      <View className='leave-card__top'>
        <Text className='leave-card__type'>{leave.type}</Text>
        <Text className='leave-card__days'>{leave.daysText}</Text>
        <Text className={`leave-tag leave-tag--${approvalTone(leave.status)}`}>{leave.status}</Text>
      </View>
      <Row name='start' label='开始时间'>
        <Text>{halfDayText(leave.startDate, leave.startHalf, today)}</Text>
      </Row>
      <Row name='end' label='结束时间'>
        <Text>{halfDayText(leave.endDate, leave.endHalf, today)}</Text>
      </Row>
      <Row name='reason' label='请假事由'>
        <Text userSelect>{leave.reason}</Text>
      </Row>
      {leave.pictures.length ? (
        <Row name='pictures' label='图片'>
          <PictureGrid pictures={leave.pictures} label='请假图片' className='leave-card__pictures' pictureClassName='leave-card__picture' />
        </Row>
      ) : null}
      {back ? (
        <Row name='back' label='销假'>
          <Text>{back}</Text>
        </Row>
      ) : null}
      {leave.appliedByName ? (
        <Row name='by' label='代请假'>
          <Text>{leave.appliedByName}</Text>
        </Row>
      ) : null}
      <Row name='created' label='申请时间'>
        <Text>{timeText(leave.createdAt)}</Text>
      </Row>
    </View>
  )
}

type Panel = 'revoke' | 'destroy' | null

/**
 * 请假详情 (`?id=`): the leave (type, start and end half-days, length, reason, pictures, 销假), the
 * approval's steps as a timeline (who decided when, their comments) and its record; what I may do
 * now: 撤回 (until an approver acted) and 修改后重新提交 (a returned leave), 撤销 with a reason (an
 * approved one, within the flow's days), 销假 (an approved one that has begun: the half-day I came
 * back on). A refusal (an approver acted first) is toasted, stays under the buttons, and the leave
 * is asked again.
 */
export default function StudentLeaveDetailPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const id = leaveIdOf(route.query.id)
  const student = useStudentLoad('client')
  // Again on show: back from 修改后重新提交.
  const details = useRemote((options) => student.remember(approval.leave.details({ id: id ?? 0 }, options)), signedIn && id !== null, {
    reloadOnShow: true,
  })
  const [today] = useState(() => beijingDate(Date.now()))
  const [panel, setPanel] = useState<Panel>(null)
  const [confirming, setConfirming] = useState(false)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState('')
  const [back, setBack] = useState<number | null>(null)
  const [refusal, setRefusal] = useState('')
  const [busy, setBusy] = useState(false)
  const mounted = useMounted()

  const open = (next: Panel) => {
    setPanel((p) => (p === next ? null : next))
    setRefusal('')
    setReasonError('')
  }

  /** One action: done, said, and the leave asked again; refused, the server's words stay here too. */
  const act = async (run: () => Promise<unknown>, done: string) => {
    if (busy) return
    setBusy(true)
    setRefusal('')
    try {
      await run()
      toast(done)
      if (!mounted.current) return
      setPanel(null)
      setReason('')
      setBack(null)
    } catch (err) {
      if (!mounted.current) return
      if (err instanceof RequestError && err.kind !== 'network') setRefusal(err.message)
    } finally {
      if (mounted.current) {
        setBusy(false)
        await details.reload({ lock: true })
      }
    }
  }

  const body = (data: LeaveDetails) => {
    const { leave, approval: request } = data
    const backs = leave.status === ApprovalStatus.approved && !leave.backDate ? backChoices(leave, today) : []
    const chosenBack = backs.find((b) => b.value === back) ?? null
    const buttons = [
      request.can.withdraw ? { key: 'withdraw', label: '撤回', run: () => setConfirming(true) } : null,
      request.can.revoke ? { key: 'revoke', label: '撤销', run: () => open('revoke') } : null,
      backs.length ? { key: 'destroy', label: '销假', run: () => open('destroy') } : null,
    ].filter((b) => b !== null)
    return (
      <View className='leave-detail'>
        <LeaveCard leave={leave} today={today} />
        {buttons.length || request.can.resubmit ? (
          <View className='leave-actions'>
            {buttons.map((b) => (
              <View
                key={b.key}
                className={`leave-actions__item leave-actions__item--${b.key}${panel === b.key ? ' leave-actions__item--on' : ''}`}
                {...press(b.run, { expanded: b.key === 'withdraw' ? undefined : panel === b.key })}
              >
                <Text>{b.label}</Text>
              </View>
            ))}
            {request.can.resubmit ? (
              <ConfirmButton
                inline
                className='leave-actions__resubmit'
                title='修改后重新提交'
                onClick={() => void Taro.navigateTo({ url: leaveEditUrl(leave.id) })}
              />
            ) : null}
          </View>
        ) : null}
        {panel === 'revoke' && request.can.revoke ? (
          <View className='leave-panel leave-panel--revoke'>
            <Text className='leave-panel__title'>撤销请假</Text>
            <Text className='leave-panel__hint'>撤销后这次请假作废，如仍需请假请重新申请。</Text>
            <Textarea
              className='leave-panel__reason'
              value={reason}
              maxlength={LEAVE_REASON_MAX}
              placeholder='请填写撤销原因'
              onInput={(e) => {
                setReason(e.detail.value)
                setReasonError('')
              }}
            />
            <FormError name='reason' error={reasonError} />
            <View className='leave-panel__buttons'>
              <View className='leave-panel__cancel' {...press(() => setPanel(null))}>
                <Text>取消</Text>
              </View>
              <ConfirmButton
                inline
                className='leave-panel__confirm'
                title='确认撤销'
                loading={busy}
                onClick={() => {
                  const text = reason.trim()
                  if (!text) return setReasonError(REVOKE_REASON_REQUIRED)
                  void act(
                    () => approval.approval.revokeForClient({ id: request.id, reason: text }, { loadingTitle: '正在撤销' }),
                    '已撤销',
                  )
                }}
              />
            </View>
          </View>
        ) : null}
        {panel === 'destroy' && backs.length ? (
          <View className='leave-panel leave-panel--destroy'>
            <Text className='leave-panel__title'>销假</Text>
            <Text className='leave-panel__hint'>选择返校的时间，之后未用的假期将释放。</Text>
            <View className='leave-panel__field'>
              <Text className='leave-panel__label'>返校时间</Text>
              <SelectPicker
                className='leave-panel__picker'
                range={backs}
                rangeKey='label'
                valueKey='value'
                value={back ?? undefined}
                placeholder='请选择返校时间'
                onChange={(v) => setBack(v as number)}
              />
            </View>
            {chosenBack ? <Text className='leave-panel__used'>{usedText(leave, chosenBack.value)}</Text> : null}
            <View className='leave-panel__buttons'>
              <View className='leave-panel__cancel' {...press(() => setPanel(null))}>
                <Text>取消</Text>
              </View>
              <ConfirmButton
                inline
                className='leave-panel__confirm'
                title='确认销假'
                loading={busy}
                disabled={!chosenBack}
                onClick={() =>
                  chosenBack &&
                  void act(
                    () =>
                      approval.leave.destroy(
                        { id: leave.id, backDate: chosenBack.date, backHalf: chosenBack.half },
                        { loadingTitle: '正在销假' },
                      ),
                    '已销假',
                  )
                }
              />
            </View>
          </View>
        ) : null}
        <FormError name='refusal' error={refusal} />
        {request.steps.length ? (
          <View className='leave-section'>
            <Text className='leave-section__title'>审批流程</Text>
            <ApprovalSteps steps={request.steps} block='leave' rail upcoming />
          </View>
        ) : null}
        {request.timeline.length ? (
          <View className='leave-section'>
            <Text className='leave-section__title'>操作记录</Text>
            <ApprovalRecord actions={request.timeline} block='leave' />
          </View>
        ) : null}
        <Dialog
          isOpened={confirming}
          title='撤回请假'
          content='撤回后审批将终止，确定撤回这次请假吗？'
          confirmText='撤回'
          onConfirm={() => {
            setConfirming(false)
            void act(() => approval.approval.withdrawForClient({ id: request.id }, { loadingTitle: '正在撤回' }), '已撤回')
          }}
          onCancel={() => setConfirming(false)}
          onClose={() => setConfirming(false)}
        />
      </View>
    )
  }

  return (
    <Page title={TITLE}>
      <StudentBody
        notStudent={student.notStudent}
        missing={id === null || student.refused !== null ? LEAVE_MISSING : null}
        remote={details}
        stateClass='leave-detail-state'
      >
        {body}
      </StudentBody>
    </Page>
  )
}
