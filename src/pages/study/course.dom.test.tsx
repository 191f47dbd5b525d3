import TestUtils from '@tarojs/test-utils-react'
import { until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import { NOT_STUDENT_REPLY, drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import StudyCourseDetailPage from './courseDetail'
import StudyCoursePage from './course'
import { courseCard, courseDetail, studentPersonLoaded } from './study-testing'

// Page events belong to a page host, which a page mounted alone has not: the last page drawn's are kept here.
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

const LIST = 'GET /api/bms/cont/continueCourse/listForClient'
const CATEGORIES = 'GET /api/bms/cont/continueConfig/courseCategoryForClient'
const DETAILS = 'GET /api/bms/cont/continueCourse/detailsForClient'
const JOIN = 'POST /api/sms/study/join/join'
const CLICK = 'POST /api/sms/study/courseClick'
const CURRENT = 'PUT /api/sms/study/studentKnowledge/current'

const TREE = [
  {
    id: 1,
    name: '学历提升',
    children: [
      { id: 11, name: '专升本' },
      { id: 12, name: '高起专' },
    ],
  },
  { id: 2, name: '职业技能', children: [{ id: 21, name: '会计' }] },
]
const PARENT_OF: Record<number, number> = { 11: 1, 12: 1, 21: 2 }

const COURSES = [
  courseCard({ id: 3, title: '大学英语（专升本）', categoryId: 11, price: 19900, trialCount: 1 }),
  courseCard({ id: 2, title: '高等数学（一）', categoryId: 11, joined: true }),
  courseCard({ id: 1, title: '初级会计实务直播班', categoryId: 21, categoryName: '会计', type: '直播课', price: 9900 }),
]

/** The catalogue as the server filters it: by parent, leaf, type and words, in its order. */
function catalogueServer(h: ReturnType<typeof studentPageHarness>) {
  h.server.on(CATEGORIES, { body: envelope(TREE) })
  h.server.on(LIST, (req) => {
    const q = req.query
    const rows = COURSES.filter(
      (c) =>
        (!q.parentId || PARENT_OF[c.categoryId] === Number(q.parentId)) &&
        (!q.categoryId || c.categoryId === Number(q.categoryId)) &&
        (!q.type || c.type === q.type) &&
        (!q.keyword || c.title.includes(String(q.keyword))),
    )
    const page = Number(q.page ?? 1)
    const size = Number(q.size ?? 10)
    return { body: envelope({ list: rows.slice((page - 1) * size, page * size), total: rows.length, page, size }) }
  })
}

const titles = () => Array.from(document.querySelectorAll('.course-card__title')).map((el) => el.textContent)
const click = (t: TestUtils, selector: string, text?: string) => {
  const el = Array.from(document.querySelectorAll(selector)).find((e) => text === undefined || e.textContent === text)
  if (!el) throw new Error(`no ${selector} ${text ?? ''}`)
  t.fireEvent.click(el)
}
async function shows(expected: string[]) {
  await until(
    () => JSON.stringify(titles()) === JSON.stringify(expected),
    () => `the list shows ${JSON.stringify(expected)} (it shows ${JSON.stringify(titles())})`,
  )
  expect(titles()).toEqual(expected)
}

describe('课程', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/study/course')
  })
  afterEach(() => t.unmout())

  it('lists the listed courses with their price or 免费, 可试看 and 已加入', async () => {
    catalogueServer(h)
    await t.mount(StudyCoursePage)
    await drawn('.course-card')
    await shows(['大学英语（专升本）', '高等数学（一）', '初级会计实务直播班'])
    expect(Array.from(document.querySelectorAll('.course-card__price')).map((e) => e.textContent)).toEqual(['¥199.00', '免费', '¥99.00'])
    expect(document.querySelectorAll('.course-card__trial')).toHaveLength(1)
    expect(document.querySelector('.course-card:nth-child(2) .course-card__joined')?.textContent).toBe('已加入')
    expect(document.querySelector('.course-types__total')?.textContent).toBe('共 3 门')
    click(t, '.course-card')
    expect(h.navigations).toEqual(['/pages/study/courseDetail?id=3'])
  })

  it('filters by a category tab and its chips, by type and by the words searched, asking the server each time', async () => {
    catalogueServer(h)
    await t.mount(StudyCoursePage)
    await drawn('.course-tab')
    await shows(['大学英语（专升本）', '高等数学（一）', '初级会计实务直播班'])
    expect(Array.from(document.querySelectorAll('.course-tab')).map((e) => e.textContent)).toEqual(['全部', '学历提升', '职业技能'])
    expect(document.querySelector('.course-chips')).toBeNull()

    click(t, '.course-tab', '职业技能')
    await shows(['初级会计实务直播班'])
    expect(h.server.last(LIST)?.query).toMatchObject({ parentId: '2', page: '1' })
    expect(Array.from(document.querySelectorAll('.course-chip')).map((e) => e.textContent)).toEqual(['全部', '会计'])

    click(t, '.course-tab', '学历提升')
    await shows(['大学英语（专升本）', '高等数学（一）'])
    click(t, '.course-chip', '高起专')
    expect((await drawn('.app-empty')).textContent).toBe('亲，没有相关内容哦～')
    await shows([])
    expect(h.server.last(LIST)?.query).toMatchObject({ parentId: '1', categoryId: '12' })
    click(t, '.course-chip', '全部')
    await shows(['大学英语（专升本）', '高等数学（一）'])
    expect(h.server.last(LIST)?.query.categoryId).toBeUndefined()

    click(t, '.course-tab', '全部')
    click(t, '.course-type', '直播课')
    await shows(['初级会计实务直播班'])
    expect(h.server.last(LIST)?.query).toEqual({ type: '直播课', page: '1', size: '10' })
    click(t, '.course-type', '全部')
    await shows(['大学英语（专升本）', '高等数学（一）', '初级会计实务直播班'])

    const input = document.querySelector('.course-search input') as HTMLInputElement
    t.fireEvent.input(input, { target: { value: ' 数学 ' } } as never)
    click(t, '.course-search__button')
    await shows(['高等数学（一）'])
    expect(h.server.last(LIST)?.query.keyword).toBe('数学')
  })

  it('tells a person without a student profile so', async () => {
    h.server.on(CATEGORIES, NOT_STUDENT_REPLY)
    h.server.on(LIST, NOT_STUDENT_REPLY)
    await t.mount(StudyCoursePage)
    expect((await drawn('.not-student')).textContent).toContain('该账号没有学员身份')
  })
})

describe('课程详情', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    studentPersonLoaded()
    useStore.setState({ currentCourses: {} })
  })
  afterEach(() => t.unmout())

  const barText = () => document.querySelector('.course-bar__main')?.textContent
  const lockedCount = () => document.querySelectorAll('.course-section--locked').length

  it('joins a free course at once, then offers 开始学习 and opens the first section', async () => {
    let joined = false
    h.server.on(DETAILS, () => ({ body: envelope(courseDetail({ id: 2, title: '高等数学（一）', joined })) }))
    h.server.on(JOIN, () => {
      joined = true
      return { body: envelope({ joined: true, orderId: null }) }
    })
    h.server.on(CLICK, { body: envelope(null) })
    h.server.on(CURRENT, {
      body: envelope({
        courseId: 2,
        title: '高等数学（一）',
        sectionId: null,
        sectionTitle: null,
        position: 0,
        studiedAt: '2026-03-02T08:00:00.000Z',
      }),
    })
    openAt('/pages/study/courseDetail', { id: '2' })
    await t.mount(StudyCourseDetailPage)
    await drawn('.course-detail__title')
    expect(document.querySelector('.course-detail__price')?.textContent).toBe('免费')
    expect(barText()).toBe('免费加入')
    expect(document.querySelector('.course-bar__trial')?.textContent).toBe('免费试看')
    expect(document.querySelectorAll('.course-section--locked')).toHaveLength(2)
    expect(document.querySelector('.course-tools')).toBeNull()
    // One view counted for the office.
    await until(() => h.server.last(CLICK) !== undefined, 'the server had the view')
    expect(h.server.last(CLICK)?.body).toBe('courseId=2')

    click(t, '.course-bar__main')
    // Joined, the page asks for the course again and draws its sections open.
    await until(
      () => lockedCount() === 0,
      () => `the sections were drawn open (${lockedCount()} locked)`,
    )
    expect(h.server.last(JOIN)?.body).toBe('courseId=2')
    expect(useStore.getState().toast.title).toBe('已加入课程，开始学习吧')
    expect(barText()).toBe('开始学习')
    expect(document.querySelectorAll('.course-section--locked')).toHaveLength(0)
    expect(h.navigations).toEqual([])
    // Joined: 章节练习 and 考试 of this course.
    for (const key of ['exercise', 'exam']) click(t, `.course-tools__item--${key}`)
    expect(h.navigations).toEqual(['/pages/study/exercise?courseId=2', '/pages/study/exam?courseId=2'])
    h.navigations.length = 0

    click(t, '.course-bar__main')
    expect(h.navigations).toEqual(['/pages/study/section?id=101'])
    await until(() => useStore.getState().currentCourses['41'] !== undefined, 'the current course was kept from the answer')
    expect(h.server.last(CURRENT)?.body).toBe('courseId=2')
    expect(useStore.getState().currentCourses['41']).toMatchObject({ courseId: 2, title: '高等数学（一）' })
  })

  it('buys a paid course on the pay page and, back from it, shows it joined once the payment was verified', async () => {
    let state: 'new' | 'ordered' | 'paid' = 'new'
    h.server.on(DETAILS, () => ({
      body: envelope(
        courseDetail({
          id: 3,
          title: '大学英语（专升本）',
          price: 19900,
          joined: state === 'paid',
          pendingOrderId: state === 'ordered' ? 88 : null,
        }),
      ),
    }))
    h.server.on(JOIN, () => {
      state = 'ordered'
      return { body: envelope({ joined: false, orderId: 88 }) }
    })
    openAt('/pages/study/courseDetail', { id: '3' })
    await t.mount(StudyCourseDetailPage)
    await drawn('.course-detail__title')
    expect(document.querySelector('.course-detail__price')?.textContent).toBe('¥199.00')
    expect(barText()).toBe('立即购买 ¥199.00')

    // A locked section says why and opens nothing; the trial one opens.
    click(t, '.course-section__title', '1.2 构词法')
    expect(useStore.getState().toast.title).toBe('购买课程后即可学习')
    click(t, '.course-section__title', '1.1 高频词汇')
    expect(h.navigations).toEqual(['/pages/study/section?id=101'])

    click(t, '.course-bar__main')
    await until(
      () => h.navigations.length === 2,
      () => `the pay page opened (navigations: ${h.navigations.join(', ')})`,
    )
    expect(h.navigations).toEqual(['/pages/study/section?id=101', '/pages/main/pay?id=88'])

    // Back without paying: the order waits.
    mockPageHooks.show?.()
    await until(
      () => barText() === '继续支付 ¥199.00',
      () => `the bar offers to go on paying (it reads ${barText()})`,
    )
    expect(barText()).toBe('继续支付 ¥199.00')
    // Paid (the provider told the server): back on the page the course is mine.
    state = 'paid'
    mockPageHooks.show?.()
    await until(
      () => barText() === '开始学习',
      () => `the bar offers 开始学习 (it reads ${barText()})`,
    )
    expect(barText()).toBe('开始学习')
    expect(document.querySelector('.course-detail__joined')?.textContent).toBe('已加入')
  })

  it('collects and lets go of a course', async () => {
    h.server.on(DETAILS, { body: envelope(courseDetail({ id: 3, title: '大学英语（专升本）', price: 19900 })) })
    h.server.on('POST /api/sms/study/collect', { body: envelope({ collected: true }) })
    h.server.on('DELETE /api/sms/study/collect', { body: envelope({ collected: false }) })
    openAt('/pages/study/courseDetail', { id: '3' })
    await t.mount(StudyCourseDetailPage)
    const collect = await drawn('.course-detail__collect')
    expect(collect.textContent).toBe('☆ 收藏')
    const collectText = () => document.querySelector('.course-detail__collect')?.textContent
    t.fireEvent.click(collect)
    await until(
      () => collectText() === '★ 已收藏',
      () => `the course shows collected (it reads ${collectText()})`,
    )
    expect(h.server.last('POST /api/sms/study/collect')?.body).toBe('courseId=3')
    expect(document.querySelector('.course-detail__collect')?.textContent).toBe('★ 已收藏')
    t.fireEvent.click(document.querySelector('.course-detail__collect') as Element)
    await until(
      () => collectText() === '☆ 收藏',
      () => `the course shows let go (it reads ${collectText()})`,
    )
    expect(h.server.last('DELETE /api/sms/study/collect')?.query).toEqual({ courseId: '3' })
    expect(document.querySelector('.course-detail__collect')?.textContent).toBe('☆ 收藏')
  })

  it('goes on with the section studied last in a joined course, with my progress', async () => {
    const detail = courseDetail({
      id: 2,
      title: '高等数学（一）',
      joined: true,
      lastSectionId: 102,
      progress: { finished: 1, total: 3, percent: 33 },
    })
    detail.chapters[0]!.sections[0]!.finished = true
    detail.chapters[0]!.sections[1]!.position = 125
    h.server.on(DETAILS, { body: envelope(detail) })
    openAt('/pages/study/courseDetail', { id: '2' })
    await t.mount(StudyCourseDetailPage)
    await drawn('.course-detail__percent')
    expect(document.querySelector('.course-detail__percent')?.textContent).toBe('已学 1/3 节 · 33%')
    expect(Array.from(document.querySelectorAll('.course-section__meta')).map((e) => e.textContent)).toEqual([
      '10:00 · 已学完',
      '10:00 · 上次学到 2:05',
      '文档 · 未学习',
    ])
    expect(barText()).toBe('继续学习')
    expect(document.querySelector('.course-bar__trial')).toBeNull()
    click(t, '.course-bar__main')
    expect(h.navigations).toEqual(['/pages/study/section?id=102'])
  })

  it('says a course that is gone is not there, without a retry', async () => {
    h.server.on(DETAILS, { status: 404, body: envelope(null, 100000005, '课程不存在或已下架') })
    openAt('/pages/study/courseDetail', { id: '99' })
    await t.mount(StudyCourseDetailPage)
    expect((await drawn('.app-empty')).textContent).toBe('课程不存在或已下架')
    expect(document.querySelector('.dashboard-retry')).toBeNull()
  })
})
