import { RollRequestStatus, StudentStatus } from '@activity/wire'
import type { Roll, RollRequest } from '../../../api/ems/education'

/** 2026年1期: the batch as the office and the student say it. */
export function batchText(roll: Pick<Roll, 'batchYear' | 'batch'>): string {
  const batch = String(roll.batch)
  return `${roll.batchYear}年${batch.endsWith('期') ? batch : `${batch}期`}`
}

/** 工商管理（本科）: the major with its level. */
export function majorText(roll: Pick<Roll, 'major' | 'level'>): string {
  return roll.level ? `${roll.major}（${roll.level}）` : roll.major
}

/** The status tag's colour: 在读 green, 休学 orange, 毕业 blue, 退学 grey. */
export function statusTone(status: string): 'green' | 'orange' | 'blue' | 'grey' {
  switch (status) {
    case StudentStatus.studying:
      return 'green'
    case StudentStatus.suspended:
      return 'orange'
    case StudentStatus.graduated:
      return 'blue'
    default:
      return 'grey'
  }
}

/** A request's tag colour: 待审核 orange, 已通过 green, 已驳回 red. */
export function requestTone(status: RollRequest['status']): 'orange' | 'green' | 'red' {
  if (status === RollRequestStatus.approved) return 'green'
  if (status === RollRequestStatus.refused) return 'red'
  return 'orange'
}

/** A status change of the history: 登记为在读 for the registration, else 在读 → 休学. */
export function historyTitle(item: { fromStatus: string | null; toStatus: string }): string {
  return item.fromStatus ? `${item.fromStatus} → ${item.toStatus}` : `登记为${item.toStatus}`
}
