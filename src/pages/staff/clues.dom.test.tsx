import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { choose, confirmPicker, openPicker, until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import { drawn, openAt } from '../../testing/student-pages'
import StaffClueDetailPage from './clueDetail'
import StaffCluesPage from './clues'
import { DETAILS, FOLLOW_UP, LIST, clueDetailOf, clueOf, hoursFromNow, page, staffPageHarness } from './components/staff-work-testing'

jest.mock('@tarojs/taro', () =>
  jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh', 'useReachBottom']),
)

const $ = (selector: string) => document.querySelector(selector)
const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)

describe('我的线索', () => {
  const h = staffPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/staff/clues')
  })
  afterEach(() => t.unmout())

  it('lists my clues by status tab, the overdue ones first and marked 已逾期', async () => {
    const late = clueOf({ id: 12, name: '陈静', nextContactAt: hoursFromNow(-1) })
    const later = clueOf({ id: 13, name: '黄强', nextContactAt: hoursFromNow(-30) })
    h.server.on(LIST, (req) => {
      if (req.query.overdue === '1') return { body: envelope(page([later, late])) }
      if (req.query.status === '已成交')
        return { body: envelope(page([clueOf({ id: 20, name: '杨磊', status: '已成交', programme: '会计学(本科)' })])) }
      return { body: envelope(page([clueOf({ id: 11, name: '刘洋', nextContactAt: hoursFromNow(48) }), late, later])) }
    })
    await t.mount(StaffCluesPage)
    expect(texts('[role=tab]')).toEqual(['待跟进', '跟进中', '已成交', '无效'])
    await drawn('.staff-clue')
    // 待跟进 first: the tab asks for my own clues of that status, and its overdue ones apart.
    const asked = () => h.server.requests.filter((r) => r.path === '/api/ems/partner/clue/listForAdmin').map((r) => r.query)
    await until(() => asked().length === 2, 'the list and its overdue clues asked')
    expect(asked()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ mine: '1', status: '待跟进', page: '1' }),
        expect.objectContaining({ mine: '1', status: '待跟进', overdue: '1' }),
      ]),
    )

    t.fireEvent.click(document.querySelectorAll('[role=tab]')[1] as Element)
    await until(() => texts('.staff-clue__name').length === 3 && texts('.staff-clue__name')[0] === '黄强', 'the 跟进中 tab drawn')
    expect(texts('.staff-clue__name')).toEqual(['黄强', '陈静', '刘洋'])
    expect(texts('.staff-clue__overdue')).toEqual(['已逾期', '已逾期'])
    expect($('.staff-clue-note')?.textContent).toBe('2 条线索已过下次联系时间')
    expect(h.server.last(LIST)?.query).toMatchObject({ mine: '1', status: '跟进中' })

    t.fireEvent.click(document.querySelectorAll('[role=tab]')[2] as Element)
    await until(() => texts('.staff-clue__name').join() === '杨磊', 'the 已成交 tab drawn')
    expect(texts('.staff-clue__overdue')).toEqual([])
    // A closed tab asks for no overdue list.
    expect(h.server.requests.filter((r) => r.query.status === '已成交' && r.query.overdue === '1')).toEqual([])

    t.fireEvent.click($('.staff-clue') as Element)
    expect(h.navigations).toEqual(['/pages/staff/clueDetail?id=20'])
  })
})

describe('线索详情', () => {
  const h = staffPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/staff/clueDetail', { id: '11' })
  })
  afterEach(() => t.unmout())

  const fillFollowUp = async (note: string) => {
    // 微信 is the second method; the day after tomorrow the third 下次联系 (after 不设置 and 明天).
    await openPicker($('.user-form__row--method .app-picker-field') as Element)
    await choose([1])
    await confirmPicker()
    t.fireEvent.input(await drawn('.staff-follow-up__note textarea, textarea.staff-follow-up__note'), { target: { value: note } } as never)
    await openPicker($('.user-form__row--next .app-picker-field') as Element)
    await choose([2])
    await confirmPicker()
  }

  it('shows the clue, its timeline and 拨打 for a whole phone; adds a follow-up and shows it in the timeline', async () => {
    const call = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'makePhoneCall:ok' })
    h.server.on(DETAILS, { body: envelope(clueDetailOf({ status: '待跟进', nextContactAt: null })) })
    h.server.on(FOLLOW_UP, (req) => ({
      body: envelope(
        clueDetailOf({
          status: '跟进中',
          nextContactAt: hoursFromNow(40),
          timeline: [
            {
              at: new Date().toISOString(),
              kind: 'followUp',
              title: '微信跟进',
              detail: `${req.form.note}（下次联系：${req.form.nextContactAt}）`,
              adminName: '张老师',
            },
            ...clueDetailOf().timeline,
          ],
        }),
      ),
    }))
    await t.mount(StaffClueDetailPage)
    await drawn('.staff-clue-head')
    expect(h.server.last(DETAILS)?.query).toEqual({ id: '11' })
    expect($('.staff-clue-head__name')?.textContent).toBe('刘洋')
    expect($('.staff-clue-head__status')?.textContent).toBe('待跟进')
    expect($('.staff-clue-head__phone')?.textContent).toBe('13700000003')
    expect($('.staff-clue-row--partner .staff-clue-row__value')?.textContent).toBe('陈晓明（DEMO01）')
    expect($('.staff-clue-row--intention .staff-clue-row__value')?.textContent).toBe('学历教育(本科)-会计学(本科)')
    expect(texts('.staff-event__title')).toEqual(['电话跟进', '线索登记（合伙人录入）'])
    t.fireEvent.click($('.staff-clue-head__call') as Element)
    expect(call).toHaveBeenCalledWith({ phoneNumber: '13700000003' })

    await fillFollowUp('已加微信，发了简章')
    t.fireEvent.click($('.staff-follow-up__submit') as Element)
    await until(() => texts('.staff-event__title')[0] === '微信跟进', 'the follow-up in the timeline')
    const sent = h.server.last(FOLLOW_UP)?.form
    expect(sent).toMatchObject({ id: '11', method: '微信', note: '已加微信，发了简章' })
    expect(sent?.nextContactAt).toMatch(/^\d{4}-\d{2}-\d{2} 09:00:00$/)
    expect(texts('.staff-event__detail')[0]).toContain('已加微信，发了简章')
    expect($('.staff-clue-head__status')?.textContent).toBe('跟进中')
    expect(useStore.getState().toast.title).toBe('已添加跟进')
    expect(($('.staff-follow-up__note textarea, textarea.staff-follow-up__note') as HTMLTextAreaElement).value).toBe('')
  })

  it("shows no 拨打 for a masked phone, asks for what is missing, and keeps the server's refusal under the form", async () => {
    const REFUSED = '下次联系时间不能早于现在'
    h.server.on(DETAILS, { body: envelope(clueDetailOf({ phone: '137****0003' })) })
    h.server.on(FOLLOW_UP, { status: 422, body: envelope(null, 100000007, REFUSED) })
    await t.mount(StaffClueDetailPage)
    await drawn('.staff-clue-head')
    expect($('.staff-clue-head__phone')?.textContent).toBe('137****0003')
    expect($('.staff-clue-head__call')).toBeNull()

    t.fireEvent.click($('.staff-follow-up__submit') as Element)
    expect(texts('.user-form__error')).toEqual(['请选择跟进方式', '请填写跟进内容'])
    expect(h.server.last(FOLLOW_UP)).toBeUndefined()

    await fillFollowUp('约了面谈')
    t.fireEvent.click($('.staff-follow-up__submit') as Element)
    expect((await drawn('.user-form__error--refusal')).textContent).toBe(REFUSED)
    expect(texts('.staff-event__title')).toEqual(['电话跟进', '线索登记（合伙人录入）'])
  })

  it('offers no follow-up on a closed clue', async () => {
    h.server.on(DETAILS, { body: envelope(clueDetailOf({ status: '已成交', programme: '会计学(本科)' })) })
    await t.mount(StaffClueDetailPage)
    await drawn('.staff-timeline')
    expect($('.staff-follow-up')).toBeNull()
    expect($('.staff-clue-row--programme .staff-clue-row__value')?.textContent).toBe('会计学(本科)')
  })
})
