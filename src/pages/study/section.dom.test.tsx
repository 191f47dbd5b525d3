import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import type { ProgressAnswer, SectionPlay } from '../../api/sms/study-types'
import { type CallCounts, countCalls, until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import { drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import StudySectionPage from './section'
import { clockOnly, studentPersonLoaded } from './study-testing'

const mockPageHooks: Record<string, () => void> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const keep = (name: string) => (fn: () => void) => void (mockPageHooks[name] = fn)
  return { __esModule: true, ...actual, default: actual.default ?? actual, useDidShow: keep('show'), useDidHide: keep('hide') }
})

const T0 = Date.parse('2026-03-04T12:00:00.000Z')

const SECTION: SectionPlay = {
  id: 12,
  courseId: 2,
  courseTitle: '高等数学（一）',
  chapterTitle: '函数与极限',
  title: '1.2 极限',
  kind: '视频',
  duration: 600,
  url: '/files/course/limit.mp4?e=1767229200&s=abc',
  fileName: null,
  liveSessionId: null,
  position: 95,
  furthest: 120,
  watched: 110,
  finished: false,
  noSkip: true,
  prevId: 11,
  nextId: 13,
  heartbeatSeconds: 10,
}

const PROGRESS = 'PUT /api/sms/study/studentKnowledge/progress'

/** The server's heartbeat: accepts a position up to furthest + 15 s, else answers furthest (noSkip). */
function progressServer(h: ReturnType<typeof studentPageHarness>) {
  let furthest = SECTION.furthest
  h.server.on(PROGRESS, (req) => {
    const asked = Number(new URLSearchParams(req.body).get('position'))
    const position = asked > furthest + 15 ? furthest : asked
    furthest = Math.max(furthest, position)
    const answer: ProgressAnswer = {
      position,
      furthest,
      watched: 120,
      finished: false,
      added: 0,
      course: { finished: 1, total: 4, percent: 25 },
    }
    return { body: envelope(answer) }
  })
}

describe('the player', () => {
  let t: TestUtils
  let seeks: number[]
  let calls: CallCounts
  // Declared before the harness, so it runs before the harness restores the mocks (and with them
  // the count of calls). Closing the page reports too (while it plays, or from a position not yet
  // reported): that report ends here, answered, not in the next test.
  afterEach(async () => {
    t.unmout()
    await until(
      () => calls.answered(PROGRESS) === calls.sent(PROGRESS),
      () => `every report the page sent was answered (${calls.answered(PROGRESS)} of ${calls.sent(PROGRESS)})`,
    )
    jest.useRealTimers()
  })
  const h = studentPageHarness()
  beforeEach(() => {
    jest.useFakeTimers(clockOnly(T0))
    t = new TestUtils()
    studentPersonLoaded()
    useStore.setState({ currentCourses: {} })
    seeks = []
    // jsdom plays no media: the video element's own calls do nothing here.
    for (const name of ['load', 'pause'] as const) jest.spyOn(HTMLMediaElement.prototype, name).mockImplementation(() => undefined)
    jest.spyOn(Taro, 'createVideoContext').mockImplementation(() => ({ seek: (to: number) => void seeks.push(to) }) as never)
    h.server.on('GET /api/sms/study/studentKnowledge/sectionForClient', { body: envelope(SECTION) })
    h.server.on('GET /api/bms/cont/continueCourse/detailsForClient', { status: 404, body: envelope(null, 100000005, '课程不存在或已下架') })
    progressServer(h)
    calls = countCalls()
    openAt('/pages/study/section', { id: '12' })
  })

  const video = () => document.querySelector('.section-video') as Element
  const fire = (name: string, detail: object = {}) => video().dispatchEvent(new CustomEvent(name, { detail }))
  const reports = () => h.server.requests.filter((r) => `${r.method} ${r.path}` === PROGRESS).map((r) => r.body)
  const at = (seconds: number) => jest.setSystemTime(T0 + seconds * 1000)
  /**
   * Waits until the server has had `n` reports and the page has taken the answer to the last, which
   * was at `position` (the current course, 继续学习, keeps each answer's position). Only then may a
   * heartbeat go: one is skipped while a report is on its way.
   */
  async function reported(n: number, position: number) {
    await until(
      () => reports().length >= n,
      () => `the server had ${n} reports (it had ${reports().length})`,
    )
    await until(
      () => calls.answered(PROGRESS) >= n && useStore.getState().currentCourses['41']?.position === position,
      () =>
        `the page took the answer to report ${n}, at ${position} (the current course is at ${useStore.getState().currentCourses['41']?.position})`,
    )
  }

  it('resumes where I stopped and reports the position when it starts, every ten seconds of playing, and at pause', async () => {
    await t.mount(StudySectionPage)
    await drawn('.section-video')
    expect(document.querySelector('.section-info__watched')?.textContent).toBe('已学 18%')
    expect(video().getAttribute('src')).toMatch(/^http:\/\/localhost:\d+\/files\/course\/limit\.mp4\?e=1767229200&s=abc$/)
    fire('loadedmetadata', { duration: 600 })
    expect(seeks).toEqual([95])
    fire('play')
    await reported(1, 95)
    expect(reports()).toEqual(['sectionId=12&position=95'])
    for (let s = 1; s <= 24; s++) {
      at(s / 2)
      fire('timeupdate', { currentTime: 95 + s / 2, duration: 600 })
    }
    at(10)
    fire('timeupdate', { currentTime: 105, duration: 600 })
    await reported(2, 105)
    expect(reports()).toEqual(['sectionId=12&position=95', 'sectionId=12&position=105'])
    at(12)
    fire('timeupdate', { currentTime: 107.25, duration: 600 })
    fire('pause')
    await reported(3, 107.25)
    expect(reports()).toEqual(['sectionId=12&position=95', 'sectionId=12&position=105', 'sectionId=12&position=107.25'])
    expect(document.querySelector('.section-info__watched')?.textContent).toBe('已学 20%')
    // The current course (继续学习) follows each answer.
    expect(useStore.getState().currentCourses['41']).toMatchObject({
      courseId: 2,
      title: '高等数学（一）',
      sectionId: 12,
      sectionTitle: '1.2 极限',
      position: 107.25,
    })
  })

  it('takes a drag past what was watched back at once, and any position the server did not accept', async () => {
    await t.mount(StudySectionPage)
    await drawn('.section-video')
    expect(document.querySelector('.section-info__rule')?.textContent).toBe('本节首次观看不能快进，看完后可自由拖动')
    fire('loadedmetadata', { duration: 600 })
    fire('play')
    await reported(1, 95)
    at(1)
    fire('timeupdate', { currentTime: 400, duration: 600 })
    expect(seeks).toEqual([95, 120])
    expect(useStore.getState().toast.title).toBe('首次观看不能快进')

    // A position the player let through (here: reported after a skip the player did not see) is refused by the server.
    useStore.getState().hideToast()
    at(2)
    fire('timeupdate', { currentTime: 120, duration: 600 })
    at(3)
    fire('timeupdate', { currentTime: 121, duration: 600 })
    fire('ended')
    await reported(2, 120)
    expect(reports()[reports().length - 1]).toBe('sectionId=12&position=600')
    expect(seeks).toEqual([95, 120, 120])
    expect(useStore.getState().toast.title).toBe('首次观看不能快进')
  })

  it('reports where the video stands when the page is hidden while it plays', async () => {
    await t.mount(StudySectionPage)
    await drawn('.section-video')
    fire('loadedmetadata', { duration: 600 })
    fire('play')
    at(3)
    fire('timeupdate', { currentTime: 98, duration: 600 })
    await reported(1, 95)
    mockPageHooks.hide?.()
    await reported(2, 98)
    expect(reports()).toEqual(['sectionId=12&position=95', 'sectionId=12&position=98'])
  })

  it('goes to the previous and next sections', async () => {
    await t.mount(StudySectionPage)
    await drawn('.section-steps')
    for (const el of Array.from(document.querySelectorAll('.section-steps__item'))) t.fireEvent.click(el)
    expect(h.navigations).toEqual(['/pages/study/section?id=11', '/pages/study/section?id=13'])
  })
})
