import { MessageTarget } from '@activity/wire'
import { CLUE_DETAIL_PATH, NOTICE_DETAIL_PATH, targetUrl } from './message-target'

describe('where a message opens', () => {
  it('opens a clue on its timeline page, a withdrawal on the withdrawal page, the ledger on the fund records', () => {
    expect(targetUrl({ targetType: MessageTarget.clue, targetId: 42 })).toBe(`${CLUE_DETAIL_PATH}?id=42`)
    expect(CLUE_DETAIL_PATH).toBe('/pages/partner/clueDetail')
    expect(targetUrl({ targetType: MessageTarget.withdrawal, targetId: 7 })).toBe('/pages/partner/withdrawal')
    expect(targetUrl({ targetType: MessageTarget.ledger, targetId: 9 })).toBe('/pages/tabBar/record')
    expect(targetUrl({ targetType: MessageTarget.profile, targetId: null })).toBe('/pages/user/person')
  })

  it("opens a notice's message on the student's notice detail, or the notice list without an id", () => {
    expect(targetUrl({ targetType: MessageTarget.notice, targetId: 5 })).toBe(`${NOTICE_DETAIL_PATH}?id=5`)
    expect(NOTICE_DETAIL_PATH).toBe('/pages/student/noticeDetail')
    expect(targetUrl({ targetType: MessageTarget.notice, targetId: null })).toBe('/pages/student/notice')
  })

  it("opens a points application's result on 我的积分 and a shipped exchange on 兑换记录", () => {
    expect(targetUrl({ targetType: MessageTarget.pointsRecord, targetId: 3 })).toBe('/pages/points/index')
    expect(targetUrl({ targetType: MessageTarget.goodOrder, targetId: 8 })).toBe('/pages/points/orders')
  })

  it("opens a fee order's 缴费通知 or 退款通知 on the order, or 我的缴费 without an id", () => {
    expect(targetUrl({ targetType: MessageTarget.feeOrder, targetId: 11 })).toBe('/pages/fee/detail?id=11')
    expect(targetUrl({ targetType: MessageTarget.feeOrder, targetId: null })).toBe('/pages/fee/index')
  })

  it('opens a textbook mailing, shipping or delivery message on 我的教材', () => {
    expect(targetUrl({ targetType: MessageTarget.textbook, targetId: 4 })).toBe('/pages/student/textbooks')
    expect(targetUrl({ targetType: MessageTarget.textbook, targetId: null })).toBe('/pages/student/textbooks')
  })

  it('a clue message without an id opens the clue list; a message without a target opens nothing', () => {
    expect(targetUrl({ targetType: MessageTarget.clue, targetId: null })).toBe('/pages/tabBar/clue')
    expect(targetUrl({ targetType: null, targetId: null })).toBeNull()
  })
})
