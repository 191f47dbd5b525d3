import { MessageTarget } from '@activity/wire'
import type { PartnerMessage } from '../../api/ems/partner'
import { TEXTBOOKS_URL } from '../../links/textbooks'

/** Where the clue timeline lives (pages/partner/clueDetail, issue 15 section 1). */
export const CLUE_DETAIL_PATH = '/pages/partner/clueDetail'

/** A student's notice (issue 22): a person holding both profiles gets its message here too. */
export const NOTICE_DETAIL_PATH = '/pages/student/noticeDetail'

/** The page a message opens when tapped; null when it opens nothing. */
export function targetUrl(m: Pick<PartnerMessage, 'targetType' | 'targetId'>): string | null {
  switch (m.targetType) {
    case MessageTarget.clue:
      return m.targetId ? `${CLUE_DETAIL_PATH}?id=${m.targetId}` : '/pages/tabBar/clue'
    case MessageTarget.withdrawal:
      return '/pages/partner/withdrawal'
    case MessageTarget.ledger:
      return '/pages/tabBar/record'
    case MessageTarget.profile:
      return '/pages/user/person'
    case MessageTarget.notice:
      return m.targetId ? `${NOTICE_DETAIL_PATH}?id=${m.targetId}` : '/pages/student/notice'
    // Points (issue 25): an application's result opens 我的积分, a shipped exchange 兑换记录.
    case MessageTarget.pointsRecord:
      return '/pages/points/index'
    case MessageTarget.goodOrder:
      return '/pages/points/orders'
    // 教材邮寄 (issue 44): a mailing to confirm an address for, its shipping, its delivery open 我的教材.
    case MessageTarget.textbook:
      return TEXTBOOKS_URL
    // A fee order's 缴费通知 / 退款通知 (issue 25) opens the order.
    case MessageTarget.feeOrder:
      return m.targetId ? `/pages/fee/detail?id=${m.targetId}` : '/pages/fee/index'
    default:
      return null
  }
}
