import { beijingDate } from '@activity/domain'
import type { Executor } from '../../../db/types.ts'
import type { Actor, ApprovalKinds } from '../../platform/index.ts'
import { decideApprovalAs } from '../../platform/index.ts'
import { LeaveType } from '../../../wire.ts'
import { applyLeave } from './leave.service.ts'

const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10)

/**
 * Leave demo: one approved leave of 林小雨 (last week, 1 day of 事假, approved by her head teacher)
 * and one waiting (next week, half a day of 病假).
 */
export async function seedLeaveDemo({
  db,
  studentId,
  headTeacher,
  kinds,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  headTeacher: Actor
  kinds: ApprovalKinds
  now?: Date
}) {
  const today = beijingDate(now)
  const storage = { stat: async () => undefined }
  const past = await applyLeave({
    db,
    storage,
    studentId,
    input: {
      type: LeaveType.personal,
      startDate: dayAfter(today, -5),
      startHalf: '上午',
      endDate: dayAfter(today, -5),
      endHalf: '下午',
      reason: '家中有事，需回老家一趟',
      pictures: [],
    },
    kinds,
    now: new Date(now.getTime() - 6 * 86400000),
  })
  await decideApprovalAs({
    db,
    kind: 'leave',
    subjectId: past.id,
    actor: headTeacher,
    decision: 'approve',
    comment: '注意安全',
    kinds,
    now: new Date(now.getTime() - 6 * 86400000 + 2 * 3600000),
  })
  await applyLeave({
    db,
    storage,
    studentId,
    input: {
      type: LeaveType.sick,
      startDate: dayAfter(today, 7),
      startHalf: '下午',
      endDate: dayAfter(today, 7),
      endHalf: '下午',
      reason: '预约了医院复查',
      pictures: [],
    },
    kinds,
    now,
  })
}
