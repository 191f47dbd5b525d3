import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Image, Text, Textarea, View } from '@tarojs/components'
import { ApprovalDecision, ApprovalStepStatus } from '@activity/wire'
import { approval, type ApprovalDetails, type TeacherLeaveDetails } from '../../api/zms/approval'
import ConfirmButton from '../../components/confirm-button'
import EmptyNotice from '../../components/empty-notice'
import { FormError } from '../../components/form'
import { previewImages } from '../../components/image-picker'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import { useRemote } from '../../hooks/remote'
import { staffIdOf } from '../../links/staff'
import { RequestError, apiUrl } from '../../request'
import { routeOf } from '../../routes'
import { asStaff, useRequireStaff } from '../../staff/session'
import { useStore } from '../../store'
import { formatDate } from '../../utils/date'
import { COMMENT_MAX, DECISIONS, approvalTone, decisionProblem, stepTone } from './components/staff-approvals'
import './approvalDetail.scss'

const TITLE = routeOf('pages/staff/approvalDetail')?.title ?? '审批详情'

type Step = ApprovalDetails['steps'][number]
type Decision = (typeof DECISIONS)[number]['decision']

const timeText = (iso: string | null) => (iso ? formatDate(iso, 'yyyy-MM-dd hh:mm') : '')

function Section({ title, name, children }: { title: string; name: string; children: ReactNode }) {
  return (
    <View className={`staff-detail__section staff-detail__section--${name}`}>
      <Text className='staff-detail__section-title'>{title}</Text>
      {children}
    </View>
  )
}

function Pictures({ pictures }: { pictures: TeacherLeaveDetails['leave']['pictures'] }) {
  const urls = pictures.map((p) => p.url)
  return (
    <View className='staff-detail__pictures'>
      {pictures.map((p, i) => (
        <Image
          key={p.key}
          className='staff-detail__picture'
          src={apiUrl(p.url)}
          mode='aspectFill'
          imgProps={{ alt: `请假图片${i + 1}` }}
          onClick={() => previewImages(urls, p.url)}
        />
      ))}
    </View>
  )
}

/** The steps, top to bottom: who decided what and when, with their comments; whom a step waits for. */
function Steps({ steps }: { steps: Step[] }) {
  return (
    <Section title='审批流程' name='steps'>
      {steps.map((step) => {
        const waiting = step.approvers.filter((a) => !a.decisionName)
        return (
          <View key={step.id} className={`staff-step staff-step--${stepTone(step.status)}`}>
            <View className='staff-step__top'>
              <Text className='staff-step__name'>{step.approvers.length > 1 ? `${step.name}（${step.modeName}）` : step.name}</Text>
              <Text className={`staff-tag staff-tag--${stepTone(step.status)}`}>{step.status}</Text>
              {step.overdue ? <Text className='staff-step__overdue'>已超时</Text> : null}
            </View>
            {step.approvers
              .filter((a) => a.decisionName)
              .map((a) => (
                <View key={a.adminId} className='staff-step__act'>
                  <View className='staff-step__who'>
                    <Text className='staff-step__actor'>{`${a.name} ${a.decisionName ?? ''}`}</Text>
                    <Text className='staff-step__time'>{timeText(a.actedAt)}</Text>
                  </View>
                  {a.comment ? <Text className='staff-step__comment'>{a.comment}</Text> : null}
                </View>
              ))}
            {waiting.length && step.status === ApprovalStepStatus.pending ? (
              <Text className='staff-step__waiting'>{`等待${waiting.map((a) => a.name).join('、')}审批`}</Text>
            ) : null}
          </View>
        )
      })}
    </Section>
  )
}

/**
 * 审批详情 (`?id=`): the request (title, status, applicant, its fields; a leave's pictures from
 * detailsForTeacher), the steps with each approver's decision, comment and time, and the record
 * of everything done. When it waits for me (`can.decide`): 同意, 驳回 or 退回 with a comment (a
 * reason required for 驳回 and 退回). After deciding, and after a refusal (该审批已处理: someone
 * acted first; the server's words stay on the page), the approval is asked again.
 */
export default function StaffApprovalDetailPage() {
  const { staff, failed, retry } = useRequireStaff()
  const route = useRoute()
  const id = staffIdOf(route.query.id)
  const signedIn = staff !== null && id !== null
  const details = useRemote((options) => approval.approval.details({ id: id ?? 0 }, asStaff(options)), signedIn)
  const leaveId = details.data?.kind === 'leave' ? details.data.subjectId : null
  const leave = useRemote(
    (options) => approval.leave.detailsForTeacher({ id: leaveId ?? 0 }, asStaff({ ...options, quiet: true })),
    signedIn && leaveId !== null,
  )
  const [decision, setDecision] = useState<Decision | null>(null)
  const [comment, setComment] = useState('')
  const [problem, setProblem] = useState('')
  const [refusal, setRefusal] = useState('')
  const [busy, setBusy] = useState(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const choose = (next: Decision) => {
    setDecision((d) => (d === next ? null : next))
    setProblem('')
    setRefusal('')
  }

  const decide = async (request: ApprovalDetails) => {
    if (!decision || busy) return
    const found = decisionProblem(decision, comment)
    setProblem(found)
    if (found) return
    setBusy(true)
    setRefusal('')
    try {
      const text = comment.trim()
      await approval.approval.audit({ id: request.id, decision, ...(text ? { comment: text } : {}) }, asStaff({ loadingTitle: '正在提交' }))
      useStore.getState().showToast(`已${ApprovalDecision[decision]}`, { icon: 'success' })
      if (!mounted.current) return
      setDecision(null)
      setComment('')
    } catch (err) {
      if (mounted.current && err instanceof RequestError && err.kind !== 'network') setRefusal(err.message)
    } finally {
      if (mounted.current) {
        setBusy(false)
        await Promise.all([details.reload({ lock: true }), leaveId !== null ? leave.reload({ lock: true }) : null])
      }
    }
  }

  const body = (request: ApprovalDetails) => {
    const pictures = leave.data?.leave.pictures ?? []
    return (
      <View className='staff-detail'>
        <View className='staff-detail__head'>
          <View className='staff-detail__head-top'>
            <Text className='staff-detail__title'>{request.title}</Text>
            <Text className={`staff-tag staff-tag--${approvalTone(request.status)} staff-detail__status`}>{request.status}</Text>
          </View>
          <Text className='staff-detail__meta'>
            {`${request.kindName} · ${request.applicantName}${request.submittedByName ? `（${request.submittedByName}代提交）` : ''} · ${timeText(request.createdAt)}`}
          </Text>
          {request.fields.map((f) => (
            <View key={f.label} className='staff-detail__field'>
              <Text className='staff-detail__label'>{f.label}</Text>
              <Text className='staff-detail__value' userSelect>
                {f.value}
              </Text>
            </View>
          ))}
          {pictures.length ? (
            <View className='staff-detail__field'>
              <Text className='staff-detail__label'>图片</Text>
              <Pictures pictures={pictures} />
            </View>
          ) : null}
        </View>

        {request.can.decide ? (
          <View className='staff-decide'>
            <View className='staff-decide__choices'>
              {DECISIONS.map((d) => (
                <View
                  key={d.decision}
                  className={`staff-decide__choice staff-decide__choice--${d.decision}${decision === d.decision ? ' staff-decide__choice--on' : ''}`}
                  role='button'
                  aria-pressed={decision === d.decision}
                  onClick={() => choose(d.decision)}
                >
                  <Text>{d.label}</Text>
                </View>
              ))}
            </View>
            {decision ? (
              <View className='staff-decide__panel'>
                <Textarea
                  className='staff-decide__comment'
                  value={comment}
                  maxlength={COMMENT_MAX}
                  placeholder={decision === 'approve' ? '审批意见（选填）' : `请填写${ApprovalDecision[decision]}原因`}
                  onInput={(e) => {
                    setComment(e.detail.value)
                    setProblem('')
                  }}
                />
                <FormError name='comment' error={problem} />
                <ConfirmButton
                  className='staff-decide__confirm'
                  title={`确认${ApprovalDecision[decision]}`}
                  loading={busy}
                  onClick={() => void decide(request)}
                />
              </View>
            ) : null}
          </View>
        ) : null}
        <FormError name='refusal' error={refusal} />

        {request.steps.length ? <Steps steps={request.steps} /> : null}
        {request.timeline.length ? (
          <Section title='操作记录' name='timeline'>
            {request.timeline.map((a) => (
              <View key={a.id} className='staff-record'>
                <View className='staff-record__top'>
                  <Text className='staff-record__what'>{`${a.actorName} ${a.action}`}</Text>
                  <Text className='staff-record__time'>{timeText(a.createdAt)}</Text>
                </View>
                {a.comment ? <Text className='staff-record__comment'>{a.comment}</Text> : null}
              </View>
            ))}
          </Section>
        ) : null}
      </View>
    )
  }

  return (
    <Page title={TITLE}>
      {id === null ? (
        <EmptyNotice type='page' text='审批不存在' />
      ) : details.data ? (
        body(details.data)
      ) : failed || details.failed ? (
        <RetryLine className='staff-detail-state' onRetry={() => (failed ? retry() : void details.reload())} />
      ) : (
        <View className='staff-detail-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )}
    </Page>
  )
}
