import TestUtils from '@tarojs/test-utils-react'
import { envelope } from '../../request/testing/server'
import StudentNoticePage from './notice'
import StudentNoticeDetailPage from './noticeDetail'
import { NOT_STUDENT_REPLY, drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import { until } from '../../components/testing'

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

const LIST = 'GET /api/ems/education/notices/listForClient'
const UNREAD = 'GET /api/ems/education/notices/unreadCountForClient'
const DETAILS = 'GET /api/ems/education/notices/detailsForClient'

interface Row {
  id: number
  title: string
  summary: string
  publishedAt: string
  read: boolean
}

/** The server's notices for me: unread first, newest first, as it orders them; `read` what it has recorded. */
function noticeServer(h: ReturnType<typeof studentPageHarness>, notices: Row[]) {
  const read = new Set(notices.filter((n) => n.read).map((n) => n.id))
  const ordered = () =>
    notices
      .map((n) => ({ ...n, read: read.has(n.id) }))
      .sort((a, b) => Number(a.read) - Number(b.read) || b.publishedAt.localeCompare(a.publishedAt))
  h.server.on(LIST, (req) => {
    const page = Number(req.query.page ?? 1)
    const size = Number(req.query.size ?? 20)
    const all = ordered()
    return { body: envelope({ list: all.slice((page - 1) * size, page * size), total: all.length, page, size }) }
  })
  h.server.on(UNREAD, () => ({ body: envelope({ count: notices.length - read.size }) }))
  h.server.on(DETAILS, (req) => {
    const n = notices.find((x) => x.id === Number(req.query.id))
    if (!n) return { status: 404, body: envelope(null, 100000005, '通知不存在') }
    read.add(n.id)
    return {
      body: envelope({
        id: n.id,
        title: n.title,
        content: `<p>${n.summary}</p><script>alert(1)</script>`,
        publishedAt: n.publishedAt,
        read: true,
      }),
    }
  })
}

const NOTICES: Row[] = [
  { id: 1, title: '2026年春季开学通知', summary: '请于3月1日前完成报到', publishedAt: '2026-02-20T02:00:00.000Z', read: true },
  { id: 2, title: '学位英语考试报名', summary: '报名时间为3月10日至3月20日', publishedAt: '2026-03-05T02:00:00.000Z', read: false },
  { id: 3, title: '教材领取安排', summary: '本学期教材将邮寄到登记地址', publishedAt: '2026-03-01T02:00:00.000Z', read: false },
]

describe('通知公告', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/student/notice')
  })
  afterEach(() => t.unmout())

  const titles = () =>
    Array.from(document.querySelectorAll('.notice-item')).map((el) => el.querySelector('.notice-item__title')?.textContent)
  const unreadTitles = () => Array.from(document.querySelectorAll('.notice-item--unread .notice-item__title')).map((el) => el.textContent)

  it('lists my notices unread first with a dot, then the read ones, each with its summary and date, and the unread count', async () => {
    noticeServer(h, NOTICES)
    await t.mount(StudentNoticePage)
    await until(
      () => titles().length === 3 && document.querySelector('.notice-head__count')?.textContent === '2 条未读',
      'the list and the unread count drawn',
    )
    expect(titles()).toEqual(['学位英语考试报名', '教材领取安排', '2026年春季开学通知'])
    expect(unreadTitles()).toEqual(['学位英语考试报名', '教材领取安排'])
    expect(document.querySelectorAll('.notice-item__dot')).toHaveLength(2)
    expect(document.querySelector('.notice-item__summary')?.textContent).toBe('报名时间为3月10日至3月20日')
    expect(document.querySelector('.notice-item__time')?.textContent).toMatch(/^2026-03-05 \d\d:00$/)
    expect(document.querySelector('.notice-head__count')?.textContent).toBe('2 条未读')
  })

  it('shows the empty notice when nothing was addressed to me', async () => {
    noticeServer(h, [])
    await t.mount(StudentNoticePage)
    expect((await drawn('.app-empty')).textContent).toBe('亲，没有相关内容哦～')
    expect(document.querySelector('.notice-head__count')?.textContent).toBe('没有未读通知')
  })

  it('opens a notice on its detail page; back on the list it shows read, below the unread ones, as the server now says', async () => {
    noticeServer(h, NOTICES)
    await t.mount(StudentNoticePage)
    await drawn('.notice-item')
    t.fireEvent.click(document.querySelector('.notice-item') as Element)
    expect(h.navigations).toEqual(['/pages/student/noticeDetail?id=2'])
    await until(() => unreadTitles().length === 1, 'the opened notice shown read')
    // Read at once, before the list is asked again.
    expect(unreadTitles()).toEqual(['教材领取安排'])
    // The detail page, as the person sees it next: the server marks the notice read as it answers.
    await fetch(`${h.server.url}/api/ems/education/notices/detailsForClient?id=2`)
    mockPageHooks.show?.()
    await until(
      () => titles()[0] === '教材领取安排' && document.querySelector('.notice-head__count')?.textContent === '1 条未读',
      'the list and the unread count asked again, the read one below',
    )
    expect(titles()).toEqual(['教材领取安排', '学位英语考试报名', '2026年春季开学通知'])
    expect(unreadTitles()).toEqual(['教材领取安排'])
    expect(document.querySelector('.notice-head__count')?.textContent).toBe('1 条未读')
  })

  it('asks page 1 again on a pull-down and the next page at the bottom', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({
      id: 100 + i,
      title: `通知${i}`,
      summary: '',
      publishedAt: `2026-03-${String(i + 1).padStart(2, '0')}T02:00:00.000Z`,
      read: false,
    }))
    noticeServer(h, many)
    await t.mount(StudentNoticePage)
    await drawn('.notice-item')
    const first = document.querySelectorAll('.notice-item').length
    expect(first).toBeLessThan(25)
    mockPageHooks.reachBottom?.()
    await until(() => document.querySelectorAll('.notice-item').length > first, 'the next page drawn')
    const lists = () => h.server.requests.filter((r) => r.path.endsWith('/listForClient'))
    const asked = lists().length
    mockPageHooks.pullDown?.()
    await until(() => lists().length > asked, 'page 1 asked again')
    const pages = lists().slice(asked)
    expect(pages.map((r) => r.query.page)).toEqual(['1'])
  })

  it('tells a person without a student profile so', async () => {
    h.server.on(LIST, NOT_STUDENT_REPLY)
    h.server.on(UNREAD, NOT_STUDENT_REPLY)
    await t.mount(StudentNoticePage)
    expect((await drawn('.not-student')).textContent).toContain('该账号没有学员身份')
  })
})

describe('通知详情', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('shows the title, the date and the content through the rich-document styles, and asking for it marks it read', async () => {
    noticeServer(h, NOTICES)
    openAt('/pages/student/noticeDetail', { id: '2' })
    await t.mount(StudentNoticeDetailPage)
    await drawn('.notice-detail')
    await until(
      () => document.querySelector('.notice-detail__body')?.textContent?.includes('报名时间为3月10日至3月20日') === true,
      'the content drawn',
    )
    expect(document.querySelector('.notice-detail__title')?.textContent).toBe('学位英语考试报名')
    expect(document.querySelector('.notice-detail__time')?.textContent).toMatch(/^2026-03-05 \d\d:00$/)
    const body = document.querySelector('.notice-detail__body') as Element
    expect(body.textContent).toContain('报名时间为3月10日至3月20日')
    expect(body.querySelector('p')?.getAttribute('style')).toBeTruthy()
    expect(h.server.last(DETAILS)?.query).toEqual({ id: '2' })
    const unread = await (await fetch(`${h.server.url}/api/ems/education/notices/unreadCountForClient`)).json()
    expect(unread.data.count).toBe(1)
  })

  it('says a notice that is not mine or was taken down is not there, without a retry', async () => {
    noticeServer(h, NOTICES)
    openAt('/pages/student/noticeDetail', { id: '99' })
    await t.mount(StudentNoticeDetailPage)
    expect((await drawn('.app-empty')).textContent).toBe('通知不存在或已下架')
    expect(document.querySelector('.dashboard-retry')).toBeNull()
  })

  it('tells a person without a student profile so', async () => {
    h.server.on(DETAILS, NOT_STUDENT_REPLY)
    openAt('/pages/student/noticeDetail', { id: '2' })
    await t.mount(StudentNoticeDetailPage)
    expect((await drawn('.not-student')).textContent).toContain('该账号没有学员身份')
  })
})
