import TestUtils from '@tarojs/test-utils-react'
import type { MyCourse } from '../../api/sms/study-types'
import { countCalls, until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import { drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import StudyIndexPage from './index'
import { courseCard, studentPersonLoaded } from './study-testing'

const mockPageHooks: Record<string, () => void> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const keep = (name: string) => (fn: () => void) => void (mockPageHooks[name] = fn)
  return {
    __esModule: true,
    ...actual,
    default: actual.default ?? actual,
    useDidShow: keep('show'),
    usePullDownRefresh: keep('pullDown'),
    useReachBottom: keep('reachBottom'),
  }
})

const MINE: MyCourse[] = [
  {
    courseId: 2,
    title: '高等数学（一）',
    cover: null,
    type: '教材',
    source: '学校开通',
    finished: 1,
    total: 4,
    percent: 25,
    lastSectionId: 12,
    lastSectionTitle: '1.2 极限',
    lastStudiedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    joinedAt: '2026-02-01T02:00:00.000Z',
  },
  {
    courseId: 4,
    title: '初级会计实务直播班',
    cover: null,
    type: '直播课',
    source: '购买',
    finished: 0,
    total: 2,
    percent: 0,
    lastSectionId: null,
    lastSectionTitle: null,
    lastStudiedAt: null,
    joinedAt: '2026-02-10T02:00:00.000Z',
  },
]
const LATEST = 'GET /api/sms/study/studentKnowledge/latestCourseId'
const page = <T,>(list: T[]) => envelope({ list, total: list.length, page: 1, size: 10 })

function myServer(h: ReturnType<typeof studentPageHarness>) {
  h.server.on('GET /api/sms/study/join/listStudentOnlineCourseForClient', { body: page(MINE) })
  h.server.on('GET /api/sms/study/join/listStudentLiveCourseForClient', { body: page(MINE.filter((c) => c.type === '直播课')) })
  h.server.on('GET /api/sms/study/collect/listForClient', {
    body: page([courseCard({ id: 3, title: '大学英语（专升本）', price: 19900 })]),
  })
  h.server.on('GET /api/sms/study/studentKnowledge/studyTimeForClient', {
    body: envelope({
      today: 25 * 60,
      total: 5 * 3600 + 20 * 60,
      days: ['03-01', '03-02', '03-03', '03-04', '03-05', '03-06', '03-07'].map((d, i) => ({ day: `2026-${d}`, seconds: i * 600 })),
    }),
  })
}

describe('我的课程', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    studentPersonLoaded()
    useStore.setState({ currentCourses: {} })
    openAt('/pages/study/index')
  })
  afterEach(() => t.unmout())

  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  const titles = () => texts('.my-course__title')
  async function shows(expected: string[]) {
    await until(
      () => JSON.stringify(titles()) === JSON.stringify(expected),
      () => `the list shows ${JSON.stringify(expected)} (it shows ${JSON.stringify(titles())})`,
    )
  }

  it('shows my courses with their progress and last section, last studied first, and my study time', async () => {
    myServer(h)
    h.server.on(LATEST, { body: envelope(null) })
    const calls = countCalls()
    await t.mount(StudyIndexPage)
    await drawn('.my-course')
    // The study time drawn, and the server's current course (none) taken.
    await until(
      () => !texts('.study-time__value').includes('--'),
      () => `the study time was drawn (${texts('.study-time__value').join(' ')})`,
    )
    await until(() => calls.answered(LATEST) > 0, 'the page had the server’s current course')
    expect(texts('.my-course__title')).toEqual(['高等数学（一）', '初级会计实务直播班'])
    expect(texts('.my-course__source')).toEqual(['学校开通', '购买'])
    expect(texts('.my-course__progress')).toEqual(['已学 1/4 节 · 25%', '已学 0/2 节 · 0%'])
    expect(texts('.my-course__last')).toEqual(['上次学到：1.2 极限（5分钟前）', '还没有开始学习'])
    expect((document.querySelector('.my-course__fill') as HTMLElement).style.width).toBe('25%')
    expect(texts('.study-time__value')).toEqual(['25分钟', '3小时30分钟', '5小时20分钟'])
    expect(h.server.last('GET /api/sms/study/studentKnowledge/studyTimeForClient')?.query).toEqual({ days: '7' })
    expect(document.querySelector('.study-current')).toBeNull()
    t.fireEvent.click(document.querySelector('.my-course') as Element)
    expect(h.navigations).toEqual(['/pages/study/courseDetail?id=2'])
    // 学习报告 of that course, not its page.
    t.fireEvent.click(document.querySelector('.my-course__report') as Element)
    expect(h.navigations).toEqual(['/pages/study/courseDetail?id=2', '/pages/study/report?courseId=2'])
  })

  it('continues from the current course: the server’s when newer than this device’s, opening its section', async () => {
    myServer(h)
    useStore.getState().setCurrentCourse(41, {
      courseId: 2,
      title: '高等数学（一）',
      sectionId: 11,
      sectionTitle: '1.1 函数',
      position: 30,
      updatedAt: '2026-03-02T08:00:00.000Z',
    })
    h.server.on(LATEST, {
      body: envelope({
        courseId: 2,
        title: '高等数学（一）',
        sectionId: 12,
        sectionTitle: '1.2 极限',
        position: 95,
        studiedAt: '2026-03-02T09:00:00.000Z',
      }),
    })
    await t.mount(StudyIndexPage)
    await drawn('.study-current')
    const section = () => document.querySelector('.study-current__section')?.textContent
    await until(
      () => section()?.startsWith('1.2') === true,
      () => `继续学习 shows the server’s section (it shows ${section()})`,
    )
    expect(document.querySelector('.study-current__section')?.textContent).toBe('1.2 极限 · 学到 1:35')
    t.fireEvent.click(document.querySelector('.study-current') as Element)
    expect(h.navigations).toEqual(['/pages/study/section?id=12'])
  })

  it('shows the live courses alone and the courses I collected on their tabs', async () => {
    myServer(h)
    h.server.on(LATEST, { body: envelope(null) })
    await t.mount(StudyIndexPage)
    await drawn('.my-course')
    t.fireEvent.click(Array.from(document.querySelectorAll('.study-tabs__tab')).find((e) => e.textContent === '直播课') as Element)
    await shows(['初级会计实务直播班'])
    expect(texts('.my-course__title')).toEqual(['初级会计实务直播班'])
    t.fireEvent.click(Array.from(document.querySelectorAll('.study-tabs__tab')).find((e) => e.textContent === '我的收藏') as Element)
    await shows(['大学英语（专升本）'])
    expect(texts('.my-course__title')).toEqual(['大学英语（专升本）'])
    expect(texts('.my-course__price')).toEqual(['¥199.00'])
  })

  it('offers the catalogue when I have no course yet', async () => {
    h.server.on('GET /api/sms/study/join/listStudentOnlineCourseForClient', { body: page([]) })
    h.server.on('GET /api/sms/study/studentKnowledge/studyTimeForClient', { body: envelope({ today: 0, total: 0, days: [] }) })
    h.server.on(LATEST, { body: envelope(null) })
    await t.mount(StudyIndexPage)
    expect((await drawn('.my-courses__empty')).textContent).toContain('还没有加入课程')
    t.fireEvent.click(document.querySelector('.my-courses__browse') as Element)
    expect(h.navigations).toEqual(['/pages/study/course'])
  })
})
