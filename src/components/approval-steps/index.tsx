import { Text, View } from '@tarojs/components'
import { ApprovalStepStatus } from '@activity/wire'
import type { ApprovalAction, ApprovalStep } from '../../api/zms/approval'
import { formatDate } from '../../utils/date'
import { approvalTone } from './tone'

/**
 * The block the parts' class names start with, so that the page styles them and its tests find
 * them: `leave` (the student's 请假详情), `photo` (the student's 毕业照片), `staff` (the approver's 审批详情).
 */
export type ApprovalBlock = 'leave' | 'photo' | 'graduation' | 'staff'

export interface ApprovalStepsProps {
  /** The approval's steps (its current round), first to last. */
  steps: ReadonlyArray<ApprovalStep>
  /** Names the parts: `${block}-step` with `__name`, `__act`, `__actor`, `__time`, `__comment`, `__waiting`; the tag `${block}-tag`. */
  block: ApprovalBlock
  /** Each step beside a rail: a dot (`__rail`, `__dot`), a line down to the next (`__line`), the step in `__body`. @default false */
  rail?: boolean
  /** Also names the approvers of a step not reached yet (审批人：…). @default false */
  upcoming?: boolean
}

export interface ApprovalRecordProps {
  /** Everything done to the request, in order: 提交, each decision, 撤回, 撤销, 销假. */
  actions: ReadonlyArray<ApprovalAction>
  /** Names the parts: `${block}-record` with `__top`, `__what`, `__time`, `__comment`. */
  block: ApprovalBlock
}

const timeText = (iso: string | null) => (iso ? formatDate(iso, 'yyyy-MM-dd hh:mm') : '')
const names = (approvers: ApprovalStep['approvers']) => approvers.map((a) => a.name).join('、')

/** An approval's steps, top to bottom: who decided what and when, with their comments; whom a step waits for. */
export default function ApprovalSteps({ steps, block, rail = false, upcoming = false }: ApprovalStepsProps) {
  const part = `${block}-step`
  return (
    <>
      {steps.map((step, i) => {
        const waiting = step.approvers.filter((a) => !a.decisionName)
        const stepTone = approvalTone(step.status)
        const content = (
          <>
            <View className={`${part}__top`}>
              <Text className={`${part}__name`}>{step.approvers.length > 1 ? `${step.name}（${step.modeName}）` : step.name}</Text>
              <Text className={`${block}-tag ${block}-tag--${stepTone}`}>{step.status}</Text>
              {step.overdue ? <Text className={`${part}__overdue`}>已超时</Text> : null}
            </View>
            {step.approvers
              .filter((a) => a.decisionName)
              .map((a) => (
                <View key={a.adminId} className={`${part}__act`}>
                  <View className={`${part}__who`}>
                    <Text className={`${part}__actor`}>{`${a.name} ${a.decisionName ?? ''}`}</Text>
                    <Text className={`${part}__time`}>{timeText(a.actedAt)}</Text>
                  </View>
                  {a.comment ? <Text className={`${part}__comment`}>{a.comment}</Text> : null}
                </View>
              ))}
            {waiting.length && step.status === ApprovalStepStatus.pending ? (
              <Text className={`${part}__waiting`}>{`等待${names(waiting)}审批`}</Text>
            ) : upcoming && waiting.length && step.status === ApprovalStepStatus.waiting ? (
              <Text className={`${part}__waiting`}>{`审批人：${names(waiting)}`}</Text>
            ) : null}
          </>
        )
        return (
          <View key={step.id} className={`${part} ${part}--${stepTone}`}>
            {rail ? (
              <>
                <View className={`${part}__rail`}>
                  <View className={`${part}__dot`} />
                  {i < steps.length - 1 ? <View className={`${part}__line`} /> : null}
                </View>
                <View className={`${part}__body`}>{content}</View>
              </>
            ) : (
              content
            )}
          </View>
        )
      })}
    </>
  )
}

/** An approval's record: each action with who took it, when, and their comment. */
export function ApprovalRecord({ actions, block }: ApprovalRecordProps) {
  const part = `${block}-record`
  return (
    <>
      {actions.map((a) => (
        <View key={a.id} className={part}>
          <View className={`${part}__top`}>
            <Text className={`${part}__what`}>{`${a.actorName} ${a.action}`}</Text>
            <Text className={`${part}__time`}>{timeText(a.createdAt)}</Text>
          </View>
          {a.comment ? <Text className={`${part}__comment`}>{a.comment}</Text> : null}
        </View>
      ))}
    </>
  )
}
