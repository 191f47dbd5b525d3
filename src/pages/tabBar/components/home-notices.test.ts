import { PartnerStatus } from '@activity/wire'
import { noticesOf } from './home-notices'

const complete = { personal: false, signUp: false, payoutAccount: false }

describe('the notices on top of the home page', () => {
  it('are none for an approved partner with everything filled in', () => {
    expect(noticesOf({ status: PartnerStatus.active, missing: complete })).toEqual([])
  })

  it('say the review is under way while pending', () => {
    expect(noticesOf({ status: PartnerStatus.pending, missing: complete }).map((n) => n.text)).toEqual([
      '资料审核中，审核通过后即可登记线索、获得佣金',
    ])
  })

  it('give the rejection reason and lead to the sign-up information', () => {
    const [n] = noticesOf({ status: PartnerStatus.rejected, missing: complete }, '学校名称有误')
    expect(n?.text).toBe('审核未通过：学校名称有误，请修改后重新提交')
    expect(n?.action?.url).toBe('/pages/user/partner')
  })

  it('lead to the personal and sign-up information still missing', () => {
    const notices = noticesOf({ status: PartnerStatus.incomplete, missing: { personal: true, signUp: true, payoutAccount: true } })
    expect(notices.map((n) => [n.key, n.action?.url])).toEqual([
      ['personal', '/pages/user/person'],
      ['signUp', '/pages/user/partner'],
    ])
  })

  it('ask for a payout account when only that is missing', () => {
    expect(noticesOf({ status: PartnerStatus.active, missing: { ...complete, payoutAccount: true } }).map((n) => n.key)).toEqual(['payout'])
  })

  it('say a disabled account is disabled', () => {
    expect(noticesOf({ status: PartnerStatus.disabled, missing: complete }).map((n) => n.text)).toEqual(['账号已被禁用，请联系客服'])
  })
})
