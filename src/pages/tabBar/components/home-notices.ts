import type { PartnerHome } from '../../../api/ems/partner'
import { PartnerStatus } from '@activity/wire'

/** Where the home page sends the partner. */
export const HOME_LINKS = {
  clue: '/pages/tabBar/clue',
  record: '/pages/tabBar/record',
  position: '/pages/partner/position',
  deal: '/pages/partner/deal',
  withdrawal: '/pages/partner/withdrawal',
  team: '/pages/partner/team',
  ranking: '/pages/partner/ranking',
  activity: '/pages/activity/main',
  person: '/pages/user/person',
  signUp: '/pages/user/partner',
  message: '/pages/partner/message',
} as const

export interface Notice {
  /** Stable per kind of notice (also its class name). */
  key: 'pending' | 'rejected' | 'disabled' | 'incomplete' | 'personal' | 'signUp' | 'payout'
  text: string
  action?: { label: string; url: string }
  /** warn: something to do; info: something to know. */
  tone: 'info' | 'warn'
}

/**
 * What the partner should know or do first, top of the home page: the review status when not
 * approved (PRODUCT.md "Partner account") and the information still missing.
 */
export function noticesOf(home: Pick<PartnerHome, 'status' | 'missing'>, rejectReason?: string | null): Notice[] {
  const notices: Notice[] = []
  const { status, missing } = home
  if (status === PartnerStatus.pending) notices.push({ key: 'pending', tone: 'info', text: '资料审核中，审核通过后即可登记线索、获得佣金' })
  if (status === PartnerStatus.rejected) {
    notices.push({
      key: 'rejected',
      tone: 'warn',
      text: `审核未通过${rejectReason ? `：${rejectReason}` : ''}，请修改后重新提交`,
      action: { label: '去修改', url: HOME_LINKS.signUp },
    })
  }
  if (status === PartnerStatus.disabled) notices.push({ key: 'disabled', tone: 'warn', text: '账号已被禁用，请联系客服' })
  if (status === PartnerStatus.incomplete && !missing.personal && !missing.signUp)
    notices.push({ key: 'incomplete', tone: 'info', text: '资料尚未提交审核' })
  if (missing.personal)
    notices.push({ key: 'personal', tone: 'warn', text: '请完善个人信息', action: { label: '去完善', url: HOME_LINKS.person } })
  if (missing.signUp)
    notices.push({ key: 'signUp', tone: 'warn', text: '请填写报名信息', action: { label: '去填写', url: HOME_LINKS.signUp } })
  if (!missing.personal && missing.payoutAccount) {
    notices.push({ key: 'payout', tone: 'info', text: '添加收款账号后才能提现', action: { label: '去添加', url: HOME_LINKS.person } })
  }
  return notices
}
