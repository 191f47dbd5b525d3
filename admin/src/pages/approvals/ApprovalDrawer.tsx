/**
 * One request in a drawer: who applied and when, its fields (a leave's pictures open large; a
 * graduation photo shown large beside its collection's specification), its
 * steps (或签 / 会签, each approver with their decision, comment and time; a step past its due time
 * marked 已超时), the timeline, and what the operator may do now (`can`, from the server): 同意,
 * 驳回 and 退回 (with the reason the applicant reads), 撤回 one the operator submitted for a student
 * before anyone acted, 撤销 an approved one within its flow's days (审批 · 撤销). The answer shows in
 * place; the list behind reloads.
 */
import { ApprovalStatus } from '@activity/wire'
import { Alert, Button, Descriptions, Drawer, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { type ApprovalDetails, type ApprovalStep, approvalsApi, type Decision, type TeacherLeave } from '../../api/approvals'
import { graduationApi, type PhotoForApprover } from '../../api/graduation'
import { TextAreaField } from '../../components/form'
import { LoadFailure } from '../../components/LoadFailure'
import { ReasonField } from '../../components/ReasonField'
import { EnumTag } from '../../components/status'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { requiredText } from '../../form-rules'
import { formatDateTime } from '../../format'
import { useAccess } from '../../session/access'
import { photoSize, specLabel } from '../graduation/photos'
import { APPROVAL_STATUS_LOOKS, decisionTexts, needsComment, stepState } from './approval'

/** A step's dot by its state (antd's Timeline colours; Steps would bring its own script). */
const STEP_COLOURS = { finish: 'green', process: 'blue', error: 'red', wait: 'gray' } as const

function DecisionButton({
  request,
  decision,
  onDone,
  onStale,
}: {
  request: ApprovalDetails
  decision: Decision
  onDone: (answer: ApprovalDetails) => void
  onStale: () => void
}) {
  const { verb, comment, done } = decisionTexts(decision)
  const required = needsComment(decision)
  return (
    <SubmitModalForm<{ comment?: string }, ApprovalDetails>
      title={`${verb}「${request.title}」`}
      width={480}
      trigger={
        <Button type={decision === 'approve' ? 'primary' : 'default'} danger={decision === 'refuse'} data-testid={`decide-${decision}`}>
          {verb}
        </Button>
      }
      submitter={{ searchConfig: { submitText: verb }, submitButtonProps: { danger: decision === 'refuse' } }}
      notice={
        decision === 'return' ? (
          <Alert type='info' showIcon className='console-gap-bottom' message='退回后申请人可以修改并重新提交，审批从第一步重新开始。' />
        ) : null
      }
      onSubmit={({ comment: text }) => approvalsApi.decide({ id: request.id, decision, comment: text?.trim() || undefined })}
      success={done}
      onDone={onDone}
      onStale={onStale}
    >
      <TextAreaField
        name='comment'
        label={comment}
        placeholder={required ? '申请人会看到这个原因' : '可不填'}
        fieldProps={{ maxLength: 200, showCount: true }}
        rules={required ? requiredText(comment, 200) : [{ max: 200, message: `${comment}不能超过200个字符` }]}
      />
    </SubmitModalForm>
  )
}

function RevokeButton({
  request,
  onDone,
  onStale,
}: {
  request: ApprovalDetails
  onDone: (answer: ApprovalDetails) => void
  onStale: () => void
}) {
  return (
    <SubmitModalForm<{ reason: string }, ApprovalDetails>
      title={`撤销「${request.title}」`}
      width={480}
      trigger={
        <Button danger data-testid='revoke'>
          撤销
        </Button>
      }
      submitter={{ searchConfig: { submitText: '撤销' }, submitButtonProps: { danger: true } }}
      notice={
        <Alert
          type='warning'
          showIcon
          className='console-gap-bottom'
          message='撤销后这条已通过的审批不再有效（请假一并取消），申请人会收到通知。'
        />
      }
      onSubmit={({ reason }) => approvalsApi.revoke({ id: request.id, reason: reason.trim() })}
      success='已撤销'
      onDone={onDone}
      onStale={onStale}
    >
      <ReasonField label='撤销原因' />
    </SubmitModalForm>
  )
}

/**
 * 撤回 a request the operator submitted for a student, before anyone has acted on it: asked in a
 * dialog of no fields (the drawer has SubmitModalForm already; a Popconfirm would add its script).
 */
function WithdrawButton({
  request,
  onDone,
  onStale,
}: {
  request: ApprovalDetails
  onDone: (answer: ApprovalDetails) => void
  onStale: () => void
}) {
  return (
    <SubmitModalForm<Record<string, never>, ApprovalDetails>
      title={`撤回「${request.title}」`}
      width={420}
      trigger={<Button data-testid='withdraw'>撤回</Button>}
      submitter={{ searchConfig: { submitText: '撤回' } }}
      notice={<Typography.Paragraph>撤回后这条申请不再审批，可以重新提交。</Typography.Paragraph>}
      onSubmit={() => approvalsApi.withdraw(request.id)}
      success='已撤回'
      onDone={onDone}
      onStale={onStale}
    />
  )
}

/** An approver's line in a step: their decision, comment and time, or that they have not acted. */
function Approvers({ step }: { step: ApprovalStep }) {
  return (
    <Space direction='vertical' size={2} className='console-full-width'>
      {step.approvers.length === 0 ? <Typography.Text type='secondary'>没有审批人</Typography.Text> : null}
      {step.approvers.map((a) => (
        <div key={a.adminId}>
          <Space size={6} wrap>
            <Typography.Text>{a.name}</Typography.Text>
            {a.decisionName ? (
              <Tag color={a.decision === 'approve' ? 'success' : a.decision === 'refuse' ? 'error' : 'warning'}>{a.decisionName}</Tag>
            ) : (
              <Typography.Text type='secondary'>{step.status === '审批中' ? '待处理' : '未处理'}</Typography.Text>
            )}
            {a.actedAt ? <Typography.Text type='secondary'>{formatDateTime(a.actedAt)}</Typography.Text> : null}
          </Space>
          {a.comment ? <div className='console-pre-wrap'>{a.comment}</div> : null}
        </div>
      ))}
      {step.status === '审批中' && step.dueAt ? (
        <Typography.Text type={step.overdue ? 'danger' : 'secondary'} className='console-small'>
          {step.overdue ? '已超过' : '应于'} {formatDateTime(step.dueAt)} {step.overdue ? '仍未处理' : '前处理'}
        </Typography.Text>
      ) : null}
    </Space>
  )
}

/** The photo width shown in the drawer; its height follows the collection's proportions. */
const PHOTO_WIDTH = 240

/** A graduation photo large (a link opens it whole), with what the collection asks and what this one is. */
function GraduationPhoto({ found }: { found: PhotoForApprover }) {
  const { photo, collection } = found
  const height = Math.round((PHOTO_WIDTH * collection.height) / collection.width)
  return (
    <div className='console-gap-bottom' data-testid='approval-photo'>
      <Typography.Title level={5} aria-level={3}>
        毕业照片
      </Typography.Title>
      <Space align='start' size='large' wrap>
        {/* A plain picture opening itself, as a leave's: antd's Image viewer would double this drawer's script. */}
        <a href={photo.url} target='_blank' rel='noreferrer' aria-label={`查看${found.studentName}的毕业照片原图`}>
          <img src={photo.url} width={PHOTO_WIDTH} height={height} className='console-thumb' alt={`${found.studentName}的毕业照片`} />
        </a>
        <Descriptions
          size='small'
          column={1}
          items={[
            { key: 'collection', label: '采集', children: collection.title },
            { key: 'spec', label: '照片要求', children: specLabel(collection) },
            {
              key: 'photo',
              label: '本张照片',
              children: `${photo.width && photo.height ? `${photo.width}×${photo.height} ` : ''}${photoSize(photo.bytes)}`,
            },
            { key: 'naming', label: '照片命名', children: collection.naming },
            { key: 'uploaded', label: '上传时间', children: formatDateTime(photo.uploadedAt) },
          ]}
        />
      </Space>
    </div>
  )
}

/* The sections' headings are h5 to look, level 3 to assistive technology (the page's title is h2). */
function Body({
  request,
  leave,
  photo,
}: {
  request: ApprovalDetails
  leave: TeacherLeave | undefined
  photo: PhotoForApprover | undefined
}) {
  return (
    <>
      <Descriptions size='small' column={2} className='console-gap-bottom' data-testid='approval-summary'>
        <Descriptions.Item label='类型'>{request.kindName}</Descriptions.Item>
        <Descriptions.Item label='状态'>
          <EnumTag valueEnum={APPROVAL_STATUS_LOOKS} value={request.status} />
        </Descriptions.Item>
        <Descriptions.Item label='申请人'>
          {request.applicantName}
          {request.submittedByName ? `（${request.submittedByName}代提交）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label='提交时间'>{formatDateTime(request.createdAt)}</Descriptions.Item>
        {request.decidedAt ? <Descriptions.Item label='完成时间'>{formatDateTime(request.decidedAt)}</Descriptions.Item> : null}
      </Descriptions>
      <Descriptions
        title='申请内容'
        size='small'
        bordered
        column={1}
        className='console-gap-bottom'
        data-testid='approval-fields'
        items={request.fields.map((f, i) => ({ key: i, label: f.label, children: <span className='console-pre-wrap'>{f.value}</span> }))}
      />
      {leave && leave.pictures.length ? (
        <div className='console-gap-bottom' data-testid='approval-pictures'>
          <Typography.Title level={5} aria-level={3}>
            附件图片
          </Typography.Title>
          {/* Plain thumbnails, each opening the picture itself: antd's Image viewer would double this drawer's script. */}
          <Space wrap>
            {leave.pictures.map((p, i) => (
              <a key={p.key} href={p.url} target='_blank' rel='noreferrer' aria-label={`查看请假附件${i + 1}大图`}>
                <img src={p.url} width={96} height={96} className='console-thumb' alt={`请假附件${i + 1}`} />
              </a>
            ))}
          </Space>
        </div>
      ) : null}
      {photo ? <GraduationPhoto found={photo} /> : null}
      <Typography.Title level={5} aria-level={3}>
        审批流程
      </Typography.Title>
      <Timeline
        className='console-gap-bottom'
        data-testid='approval-steps'
        items={request.steps.map((s) => ({
          key: s.id,
          color: STEP_COLOURS[stepState(s.status)],
          children: (
            <div data-testid={`approval-step-${s.seq}`}>
              <Space size={6} wrap>
                <Typography.Text strong>{s.name}</Typography.Text>
                <Tag>{s.modeName}</Tag>
                <Typography.Text type='secondary'>{s.status}</Typography.Text>
                {s.overdue ? <Tag color='error'>已超时</Tag> : null}
              </Space>
              <Approvers step={s} />
            </div>
          ),
        }))}
      />
      <Typography.Title level={5} aria-level={3}>
        审批记录
      </Typography.Title>
      {request.timeline.length ? (
        <Timeline
          data-testid='approval-timeline'
          items={request.timeline.map((t) => ({
            key: t.id,
            children: (
              <div>
                <Space size='small' wrap>
                  <Typography.Text strong>
                    {t.actorName} {t.action}
                  </Typography.Text>
                  <Typography.Text type='secondary'>{formatDateTime(t.createdAt)}</Typography.Text>
                </Space>
                {t.comment ? <div className='console-pre-wrap'>{t.comment}</div> : null}
              </div>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description='还没有记录' />
      )}
    </>
  )
}

export function ApprovalDrawer({ id, onClose, onChanged }: { id: number | null; onClose: () => void; onChanged: () => void }) {
  const { canRevokeApprovals } = useAccess()
  const [request, setRequest] = useState<ApprovalDetails>()
  const [leave, setLeave] = useState<TeacherLeave>()
  const [photo, setPhoto] = useState<PhotoForApprover>()
  const [failed, setFailed] = useState('')
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (id === null) return
    let live = true
    setRequest(undefined)
    setLeave(undefined)
    setPhoto(undefined)
    setFailed('')
    approvalsApi.details(id).then(
      (r) => {
        if (!live) return
        setRequest(r)
        // A leave's pictures are on the leave itself.
        if (r.kind === 'leave')
          approvalsApi.leave(r.subjectId).then(
            (l) => live && setLeave(l),
            () => undefined,
          )
        // A graduation photo is the collection's, with its specification.
        if (r.kind === 'graduationPhoto')
          graduationApi.photo(r.subjectId).then(
            (p) => live && setPhoto(p),
            () => undefined,
          )
      },
      (error: unknown) => live && setFailed(error instanceof Error ? error.message : '加载失败'),
    )
    return () => {
      live = false
    }
  }, [id, attempt])

  const answered = (answer: ApprovalDetails) => {
    setRequest(answer)
    onChanged()
  }
  const stale = () => {
    setAttempt((n) => n + 1)
    onChanged()
  }
  const can = request?.can
  const revocable = can?.revoke && canRevokeApprovals && request?.status === ApprovalStatus.approved
  const actions =
    request && (can?.decide || can?.withdraw || revocable) ? (
      <Space wrap>
        {can?.decide
          ? (['approve', 'refuse', 'return'] as const).map((d) => (
              <DecisionButton key={d} request={request} decision={d} onDone={answered} onStale={stale} />
            ))
          : null}
        {can?.withdraw ? <WithdrawButton request={request} onDone={answered} onStale={stale} /> : null}
        {revocable ? <RevokeButton request={request} onDone={answered} onStale={stale} /> : null}
      </Space>
    ) : null

  return (
    <Drawer open={id !== null} onClose={onClose} width={680} title={request?.title ?? '审批详情'} footer={actions} destroyOnHidden>
      {failed ? (
        <LoadFailure title='审批加载失败' error={failed} onRetry={() => setAttempt((n) => n + 1)} />
      ) : !request ? (
        <Spin className='console-loading' />
      ) : (
        <Body request={request} leave={leave} photo={photo} />
      )}
    </Drawer>
  )
}
