import TestUtils from '@tarojs/test-utils-react'
import type { LiveItem } from '../../api/sms/study-types'
import { countCalls, until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { formatDate } from '../../utils/date'
import { drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import StudyLivePage from './live'
import StudyLiveRoomPage from './liveRoom'
import { clockOnly } from './study-testing'

const mockPageHooks: Record<string, () => void> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const keep = (name: string) => (fn: () => void) => void (mockPageHooks[name] = fn)
  return {
    __esModule: true,
    ...actual,
    default: actual.default ?? actual,
    useDidShow: keep('show'),
    useDidHide: keep('hide'),
    usePullDownRefresh: keep('pullDown'),
  }
})

const MIN = 60_000
// Noon (UTC): today's classes stay today and yesterday's yesterday in any time zone within ±11 h.
const now = Date.parse('2026-03-04T12:00:00.000Z')
const at = (minutes: number) => new Date(now + minutes * MIN).toISOString()
const live = (over: Partial<LiveItem> & Pick<LiveItem, 'id' | 'title' | 'startsAt' | 'endsAt'>): LiveItem => ({
  courseId: 4,
  courseTitle: '初级会计实务直播班',
  teacher: '陈老师',
  status: '未开始',
  watched: 0,
  attended: false,
  playback: null,
  ...over,
})

// Server order: start time ascending. Yesterday's two have ended (one with its playback), one is on
// now, one opens in ten minutes (inside the 15 minutes before its start), one is tomorrow.
const SCHEDULE: LiveItem[] = [
  live({
    id: 1,
    title: '第1讲 会计要素',
    startsAt: at(-24 * 60),
    endsAt: at(-23 * 60),
    status: '已结束',
    watched: 3000,
    attended: true,
    playback: { duration: 3600, position: 0, finished: false },
  }),
  live({ id: 2, title: '第2讲 会计科目', startsAt: at(-24 * 60 + 90), endsAt: at(-24 * 60 + 150), status: '已结束' }),
  live({ id: 3, title: '第3讲 借贷记账法', startsAt: at(-10), endsAt: at(50), status: '直播中', watched: 120 }),
  live({ id: 4, title: '第4讲 会计凭证', startsAt: at(10), endsAt: at(70) }),
  live({ id: 5, title: '第5讲 会计账簿', startsAt: at(24 * 60), endsAt: at(25 * 60) }),
]

describe('直播课表', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    jest.useFakeTimers(clockOnly(now))
    t = new TestUtils()
    openAt('/pages/study/live')
  })
  afterEach(() => {
    t.unmout()
    jest.useRealTimers()
  })

  const texts = (selector: string, within: ParentNode = document) => Array.from(within.querySelectorAll(selector)).map((e) => e.textContent)
  const card = (title: string) =>
    Array.from(document.querySelectorAll('.live-card')).find((c) => c.querySelector('.live-card__title')?.textContent === title) as Element

  it('lists my live classes by day, the coming ones first, each with its status and what it offers', async () => {
    h.server.on('GET /api/sms/study/studentLiveCourseSchedule/listByStudent', { body: envelope(SCHEDULE) })
    await t.mount(StudyLivePage)
    await drawn('.live-card')
    await until(() => document.querySelectorAll('.live-card').length === SCHEDULE.length, 'every live class was drawn')
    expect(texts('.live-day__label')).toEqual([
      `今天 ${formatDate(now, 'M月d日')} 周三`,
      `明天 ${formatDate(at(24 * 60), 'M月d日')} 周四`,
      `昨天 ${formatDate(at(-24 * 60), 'M月d日')} 周二`,
    ])
    expect(texts('.live-schedule__past')).toEqual(['往期直播'])
    expect(texts('.live-card__title')).toEqual(['第3讲 借贷记账法', '第4讲 会计凭证', '第5讲 会计账簿', '第1讲 会计要素', '第2讲 会计科目'])

    expect(texts('.live-status', card('第3讲 借贷记账法'))).toEqual(['直播中'])
    expect(texts('.live-card__action', card('第3讲 借贷记账法'))).toEqual(['进入直播'])
    expect(texts('.live-card__note', card('第3讲 借贷记账法'))).toEqual(['已观看 2分钟'])
    // Ten minutes before its start the room is open already.
    expect(texts('.live-status', card('第4讲 会计凭证'))).toEqual(['未开始'])
    expect(texts('.live-card__action', card('第4讲 会计凭证'))).toEqual(['进入直播'])
    // Tomorrow's: no action on H5 (the reminder is the weapp's subscribe message).
    expect(texts('.live-status', card('第5讲 会计账簿'))).toEqual(['未开始'])
    expect(card('第5讲 会计账簿').querySelector('.live-card__action, .live-card__remind')).toBeNull()
    expect(texts('.live-card__note', card('第5讲 会计账簿'))).toEqual(['开课前 15 分钟可进入'])
    expect(texts('.live-status', card('第1讲 会计要素'))).toEqual(['已结束'])
    expect(texts('.live-card__note', card('第1讲 会计要素'))).toEqual(['已出勤 · 观看 50分钟'])
    expect(texts('.live-card__action', card('第1讲 会计要素'))).toEqual(['观看回放'])
    expect(texts('.live-card__wait', card('第2讲 会计科目'))).toEqual(['回放生成中'])
    expect(texts('.live-card__note', card('第2讲 会计科目'))).toEqual(['未出勤'])

    t.fireEvent.click(card('第3讲 借贷记账法').querySelector('.live-card__action') as Element)
    t.fireEvent.click(card('第1讲 会计要素').querySelector('.live-card__action') as Element)
    expect(h.navigations).toEqual(['/pages/study/liveRoom?id=3', '/pages/study/section?liveId=1'])
  })

  it('says so when none of my courses has a live class', async () => {
    h.server.on('GET /api/sms/study/studentLiveCourseSchedule/listByStudent', { body: envelope([]) })
    await t.mount(StudyLivePage)
    expect((await drawn('.live-empty')).textContent).toContain('近期没有直播课')
  })
})

const WATCH = 'PUT /api/sms/study/studentLiveCourseSchedule/watchLive'

describe('直播间', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => {
    t.unmout()
    jest.useRealTimers()
  })

  it('opens the room the server signs for me and reports that I watch every ten seconds while it is shown, not while hidden', async () => {
    // Only the interval is under the test's hand; the calls and the waits run on real timers.
    jest.useFakeTimers(clockOnly(Date.now(), ['setInterval', 'clearInterval']))
    h.server.on('GET /api/sms/study/studentLiveCourseSchedule/enterForClient', { body: envelope({ url: '/live/room/3?t=signed' }) })
    h.server.on(WATCH, { body: envelope({ watched: 10, attended: false }) })
    const calls = countCalls()
    openAt('/pages/study/liveRoom', { id: '3' })
    await t.mount(StudyLiveRoomPage)
    // The room is drawn from the server's answer.
    await drawn('.live-room')
    expect(h.server.last('GET /api/sms/study/studentLiveCourseSchedule/enterForClient')?.query).toEqual({ id: '3' })
    const beats = () => h.server.requests.filter((r) => `${r.method} ${r.path}` === WATCH)
    // A beat goes out in the turn that makes it (the room's answer, the interval, the show), so the
    // count of beats sent is exact at once; then the server has had each of them.
    const beaten = async (n: number) => {
      await until(
        () => calls.sent(WATCH) >= n,
        () => `the page sent ${n} beats (it sent ${calls.sent(WATCH)})`,
      )
      expect(calls.sent(WATCH)).toBe(n)
      await until(
        () => beats().length >= n,
        () => `the server had ${n} beats (it had ${beats().length})`,
      )
      expect(beats()).toHaveLength(n)
    }
    await beaten(1)
    expect(beats().map((r) => r.body)).toEqual(['id=3'])
    jest.advanceTimersByTime(20_000)
    await beaten(3)
    mockPageHooks.hide?.()
    jest.advanceTimersByTime(60_000)
    await beaten(3)
    mockPageHooks.show?.()
    await beaten(4)
    jest.useRealTimers()
  })

  it('says why the room is closed, as the server says it', async () => {
    h.server.on('GET /api/sms/study/studentLiveCourseSchedule/enterForClient', {
      status: 422,
      body: envelope(null, 100000006, '直播已结束，请观看回放'),
    })
    openAt('/pages/study/liveRoom', { id: '1' })
    await t.mount(StudyLiveRoomPage)
    expect((await drawn('.live-room-refused')).textContent).toContain('直播已结束，请观看回放')
  })
})
