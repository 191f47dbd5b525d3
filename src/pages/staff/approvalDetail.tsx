import { useEffect, useState, type ReactNode } from 'react'
import { Image, Text, Textarea, View } from '@tarojs/components'
import { ApprovalDecision, SubscribeTemplate } from '@activity/wire'
import { education } from '../../api/ems/education'
import { approval, type ApprovalDetails } from '../../api/zms/approval'
import ApprovalSteps, { ApprovalRecord } from '../../components/approval-steps'
import ConfirmButton from '../../components/confirm-button'
import EmptyNotice from '../../components/empty-notice'
import { FormError } from '../../components/form'
import { previewImages } from '../../components/image-picker'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import PictureGrid from '../../components/picture-grid'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import { useMounted } from '../../hooks/mounted'
import { useRemote } from '../../hooks/remote'
import { staffIdOf } from '../../links/staff'
import { press } from '../../platform'
import { RequestError, apiUrl } from '../../request'
import { routeOf } from '../../routes'
import { asStaff, useRequireStaff } from '../../staff/session'
import { useStore } from '../../store'
import { formatDate } from '../../utils/date'
import { askSubscribe, CAN_SUBSCRIBE, prefetchSubscribeTemplates } from '../../staff/subscribe'
import { approvalTone } from '../../components/approval-steps/tone'
import { COMMENT_MAX, DECISIONS, decisionProblem } from './components/staff-approvals'
import './approvalDetail.scss'

const TITLE = routeOf('pages/staff/approvalDetail')?.title ?? '审批详情'

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

/**
 * 审批详情 (`?id=`): the request (title, status, applicant, its fields; a leave's pictures from
 * detailsForTeacher, a graduation photo from photoCollection/photo), the steps with each
 * approver's decision, comment and time, and the record of everything done. When it waits for me
 * (`can.decide`): 同意, 驳回 or 退回 with a comment (a reason required for 驳回 and 退回). After
 * deciding, and after a refusal (该审批已处理: someone acted first; the server's words stay on the
 * page), the approval is asked again.
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
  const photoId = details.data?.kind === 'graduationPhoto' ? details.data.subjectId : null
  const photo = useRemote(
    (options) => education.photoCollection.photo({ id: photoId ?? 0 }, asStaff({ ...options, quiet: true })),
    signedIn && photoId !== null,
  )
  const [decision, setDecision] = useState<Decision | null>(null)
  const [comment, setComment] = useState('')
  const [problem, setProblem] = useState('')
  const [refusal, setRefusal] = useState('')
  const [busy, setBusy] = useState(false)
  const mounted = useMounted()
  // The template ids must be here before the decision's tap (this page may open from a WeChat message).
  useEffect(() => {
    if (CAN_SUBSCRIBE && signedIn) prefetchSubscribeTemplates('staff')
  }, [signedIn])

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
      // 审批提醒: WeChat asks only from within a tap, so here, before the decision is sent.
      if (CAN_SUBSCRIBE) await askSubscribe([SubscribeTemplate.approval], 'staff')
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
    const graduationPhoto = photoId !== null ? photo.data?.photo : undefined
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
              <PictureGrid
                pictures={pictures}
                label='请假图片'
                className='staff-detail__pictures'
                pictureClassName='staff-detail__picture'
              />
            </View>
          ) : null}
          {graduationPhoto ? (
            <View className='staff-detail__field'>
              {/* The request's own 照片 field says its size; here is the picture, and what it must look like. */}
              <Text className='staff-detail__label'>照片预览</Text>
              <View className='staff-detail__photo-box'>
                <Image
                  className='staff-detail__photo'
                  src={apiUrl(graduationPhoto.url)}
                  mode='aspectFit'
                  imgProps={{ alt: `${photo.data?.studentName ?? ''}的毕业照片` }}
                  {...press(() => previewImages([graduationPhoto.url], graduationPhoto.url), { label: '查看毕业照片大图' })}
                />
                {photo.data ? (
                  <Text className='staff-detail__photo-spec'>
                    {`要求：${photo.data.collection.width}×${photo.data.collection.height}像素，${photo.data.collection.background}背景`}
                  </Text>
                ) : null}
              </View>
            </View>
          ) : null}
        </View>

        {request.can.decide ? (
          <View className='staff-decide'>
            <View className='staff-decide__choices' role='radiogroup' aria-label='审批决定'>
              {DECISIONS.map((d) => (
                <View
                  key={d.decision}
                  className={`staff-decide__choice staff-decide__choice--${d.decision}${decision === d.decision ? ' staff-decide__choice--on' : ''}`}
                  {...press(() => choose(d.decision), { role: 'radio', checked: decision === d.decision })}
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

        {request.steps.length ? (
          <Section title='审批流程' name='steps'>
            <ApprovalSteps steps={request.steps} block='staff' />
          </Section>
        ) : null}
        {request.timeline.length ? (
          <Section title='操作记录' name='timeline'>
            <ApprovalRecord actions={request.timeline} block='staff' />
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
