import TestUtils from '@tarojs/test-utils-react'
import type { NightAttendanceItem, NightCheckedIn, NightClassCard, NightClassDetail } from '../../api/cms/night'
import { countCalls, until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { drawn, NOT_STUDENT_REPLY, openAt, studentPageHarness } from '../../testing/student-pages'
import NightCheckInPage from './checkIn'
import NightDetailPage from './detail'
import NightIndexPage from './index'

jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const none = () => undefined
  return {
    __esModule: true,
    ...actual,
    default: actual.default ?? actual,
    useDidShow: none,
    usePullDownRefresh: none,
    useReachBottom: none,
  }
})

const LIST = 'GET /api/cms/night/nightClass/listForClient'
const DETAIL = 'GET /api/cms/night/nightClass/detailsForClient'
const SIGN_UP = 'POST /api/cms/night/nightStudent/saveForClient'
const CANCEL = 'PUT /api/cms/night/nightStudent/cancelForClient'
const CHECK_IN = 'POST /api/cms/night/nightAttendance/checkInForClient'
const ATTENDANCE = 'GET /api/cms/night/nightAttendance/listForClient'

const card = (over: Partial<NightClassCard> & Pick<NightClassCard, 'id' | 'title'>): NightClassCard => ({
  subject: '会计学',
  teacher: '王老师',
  startsAt: '2026-12-01T11:00:00.000Z',
  endsAt: '2026-12-01T13:00:00.000Z',
  place: '301 教室',
  capacity: 30,
  seatsLeft: 12,
  phase: '未开始',
  signedUp: false,
  attended: false,
  ...over,
})
const detail = (over: Partial<NightClassDetail> = {}): NightClassDetail => ({
  ...card({ id: 8, title: '会计基础（第3讲）' }),
  description: '带上计算器。',
  signedUpAt: null,
  signUpOpen: true,
  canCancel: false,
  checkInOpensAt: '2026-12-01T10:30:00.000Z',
  checkInOpen: false,
  attendance: null,
  ...over,
})
const page = <T,>(list: T[]) => envelope({ list, total: list.length, page: 1, size: 20 })

describe('夜校', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  const tab = (label: string) => Array.from(document.querySelectorAll('.night-tabs__tab')).find((e) => e.textContent === label) as Element

  it('lists the open classes with their seats, mine on its tab, my attendance on its own; a class opens its page', async () => {
    openAt('/pages/night/index')
    h.server.on(LIST, (req) => ({
      body:
        req.query.scope === 'mine'
          ? page([
              card({ id: 8, title: '会计基础（第3讲）', signedUp: true }),
              card({ id: 3, title: '高数习题课', signedUp: true, attended: true, phase: '已结束' }),
            ])
          : page([
              card({ id: 8, title: '会计基础（第3讲）', signedUp: true }),
              card({ id: 9, title: '英语口语角', seatsLeft: 1 }),
              card({ id: 10, title: '经济法', seatsLeft: 0 }),
            ]),
    }))
    const attended: NightAttendanceItem = {
      classId: 3,
      title: '高数习题课',
      subject: '高等数学',
      teacher: '李老师',
      place: '302',
      startsAt: '2026-11-20T11:00:00.000Z',
      endsAt: '2026-11-20T13:00:00.000Z',
      attended: true,
      checkedInAt: '2026-11-20T11:02:00.000Z',
      way: '扫码签到',
    }
    h.server.on(ATTENDANCE, { body: page([attended]) })
    await t.mount(NightIndexPage)
    await until(() => document.querySelectorAll('.night-card').length === 3, 'three open classes drawn')
    expect(h.server.last(LIST)?.query.scope).toBe('open')
    expect(texts('.night-card__title')).toEqual(['会计基础（第3讲）', '英语口语角', '经济法'])
    expect(texts('.night-tag')).toEqual(['已报名', '余1席', '已满'])

    t.fireEvent.click(tab('我的夜校'))
    await until(() => h.server.last(LIST)?.query.scope === 'mine' && document.querySelectorAll('.night-card').length === 2, 'mine drawn')
    expect(texts('.night-tag')).toEqual(['已报名', '已签到'])

    t.fireEvent.click(tab('出勤记录'))
    await until(() => texts('.night-card__title').join() === '高数习题课', 'my attendance drawn')
    expect(texts('.night-tag')).toEqual(['已签到'])

    t.fireEvent.click(document.querySelector('.night-card') as Element)
    expect(h.navigations).toEqual(['/pages/night/detail?id=3'])
  })

  it('says 亲，没有相关内容哦～ when there is no class', async () => {
    openAt('/pages/night/index')
    h.server.on(LIST, { body: page([]) })
    await t.mount(NightIndexPage)
    expect((await drawn('.empty-notice, [class*=empty]')).textContent).toContain('亲，没有相关内容哦～')
  })

  it('signs up with the class id, then cancels after asking', async () => {
    openAt('/pages/night/detail', { id: '8' })
    h.server.on(DETAIL, { body: envelope(detail()) })
    h.server.on(SIGN_UP, {
      body: envelope(detail({ signedUp: true, signUpOpen: false, canCancel: true, seatsLeft: 11, signedUpAt: '2026-11-26T01:00:00.000Z' })),
    })
    h.server.on(CANCEL, { body: envelope(detail()) })
    const calls = countCalls()
    await t.mount(NightDetailPage)
    await drawn('.night-detail__title')
    expect(document.querySelector('.night-detail__title')?.textContent).toBe('会计基础（第3讲）')
    expect(document.body.textContent).toContain('12 / 30')

    t.fireEvent.click((await drawn('.night-actions__sign-up')) as Element)
    await until(() => document.querySelector('.night-actions__cancel') !== null, 'signed up')
    expect(h.server.last(SIGN_UP)?.form).toEqual({ classId: '8' })
    expect(texts('.night-tag')).toEqual(['已报名'])
    expect(document.querySelector('.night-actions__sign-up')).toBeNull()
    // A plain browser cannot scan: no button, the camera does it.
    expect(document.querySelector('.night-actions__scan')).toBeNull()

    t.fireEvent.click(document.querySelector('.night-actions__cancel') as Element)
    t.fireEvent.click((await drawn('.app-dialog__confirm')) as Element)
    await until(() => calls.answered(CANCEL) === 1, 'cancelled')
    expect(h.server.last(CANCEL)?.form).toEqual({ classId: '8' })
    await drawn('.night-actions__sign-up')
  })

  it('shows why a class cannot be signed up for, and my attendance once checked in', async () => {
    openAt('/pages/night/detail', { id: '8' })
    h.server.on(DETAIL, { body: envelope(detail({ seatsLeft: 0, signUpOpen: false })) })
    await t.mount(NightDetailPage)
    await until(() => document.body.textContent?.includes('名额已满') === true, 'full shown')
    t.unmout()

    t = new TestUtils()
    h.server.on(DETAIL, {
      body: envelope(
        detail({
          signedUp: true,
          attended: true,
          signUpOpen: false,
          phase: '进行中',
          attendance: { checkedInAt: '2026-12-01T11:05:00.000Z', way: '扫码签到' },
        }),
      ),
    })
    await t.mount(NightDetailPage)
    expect((await drawn('.night-detail__status')).textContent).toContain('已签到 · 扫码签到')
  })

  it('the QR code landing checks in with exactly its c and t and says so', async () => {
    openAt('/pages/night/checkIn', { c: '8', t: 'Ab_9-xYz0123456789abcdEF' })
    const answer: NightCheckedIn = {
      classId: 8,
      title: '会计基础（第3讲）',
      place: '301 教室',
      checkedInAt: '2026-12-01T11:05:00.000Z',
      way: '扫码签到',
      again: false,
    }
    h.server.on(CHECK_IN, { body: envelope(answer) })
    const calls = countCalls()
    await t.mount(NightCheckInPage)
    expect((await drawn('[data-testid=night-checked-in]')).textContent).toContain('签到成功')
    expect(calls.sent(CHECK_IN)).toBe(1)
    expect(h.server.last(CHECK_IN)?.form).toEqual({ classId: '8', token: 'Ab_9-xYz0123456789abcdEF' })
    expect(document.body.textContent).toContain('会计基础（第3讲）')
  })

  it("the landing shows the server's refusal, and a code without c/t is not sent", async () => {
    openAt('/pages/night/checkIn', { c: '8', t: 'old' })
    h.server.on(CHECK_IN, { status: 400, body: envelope(null, 100000001, '签到二维码无效，请扫描课堂上的最新二维码') })
    await t.mount(NightCheckInPage)
    expect((await drawn('[data-testid=night-check-in-refused]')).textContent).toContain('签到二维码无效，请扫描课堂上的最新二维码')
    t.unmout()

    t = new TestUtils()
    openAt('/pages/night/checkIn', { c: '8' })
    const calls = countCalls()
    await t.mount(NightCheckInPage)
    expect((await drawn('[data-testid=night-check-in-refused]')).textContent).toContain('这不是夜校签到二维码')
    expect(calls.sent(CHECK_IN)).toBe(0)
  })

  it('a signed-in person without a student profile is told so', async () => {
    openAt('/pages/night/index')
    h.server.on(LIST, NOT_STUDENT_REPLY)
    await t.mount(NightIndexPage)
    expect((await drawn('.not-student, [class*=not-student]')).textContent).toContain('该账号没有学员身份')
  })
})
