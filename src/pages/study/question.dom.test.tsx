import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import type { QuestionDetail, QuestionItem } from '../../api/sms/study-types'
import { countCalls, until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import StudyQuestionPage from './question'
import StudyQuestionDetailPage from './questionDetail'

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

const LIST = 'GET /api/sms/study/studentQuestion/listForClient'
const ASK = 'POST /api/sms/study/studentQuestion/saveForClient'
const DETAIL = 'GET /api/sms/study/studentQuestion/detailsForClient'
const READ = 'PUT /api/sms/study/studentQuestion/readForClient'
const FOLLOW = 'POST /api/sms/study/studentQuestion/answerForClient'
const CLOSE = 'PUT /api/sms/study/studentQuestion/closeForClient'
const MY_COURSES = 'GET /api/sms/study/join/listStudentOnlineCourseForClient'
const OUTLINE = 'GET /api/bms/cont/continueCourse/detailsForClient'

const item = (over: Partial<QuestionItem> & Pick<QuestionItem, 'id' | 'title'>): QuestionItem => ({
  courseId: 7,
  courseTitle: '高等数学（一）',
  sectionTitle: null,
  status: '待回复',
  closed: false,
  unread: 0,
  lastPostAt: '2026-03-04T02:00:00.000Z',
  createdAt: '2026-03-04T02:00:00.000Z',
  ...over,
})

const detail = (over: Partial<QuestionDetail> = {}): QuestionDetail => ({
  id: 5,
  courseId: 7,
  courseTitle: '高等数学（一）',
  sectionId: 71,
  sectionTitle: '1.1 极限',
  title: '等价无穷小什么时候能用',
  status: '已回复',
  closed: false,
  closedBy: null,
  createdAt: '2026-03-04T02:00:00.000Z',
  posts: [
    {
      id: 1,
      author: 'student',
      teacherName: null,
      content: '例题2为什么可以替换？',
      images: [{ key: 'questions/2026/03/s1-a.png', url: '/files/questions/2026/03/s1-a.png?e=1&s=x' }],
      createdAt: '2026-03-04T02:00:00.000Z',
    },
    { id: 2, author: 'teacher', teacherName: '王老师', content: '乘除因子可以替换。', images: [], createdAt: '2026-03-04T03:00:00.000Z' },
  ],
  ...over,
})

describe('答疑', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  // Taro draws a box's own <input>/<textarea> after the page: wait for it.
  const type = async (row: string, value: string) =>
    t.fireEvent.input(
      (await drawn(`.user-form__row--${row} input, .user-form__row--${row} textarea`)) as Element,
      {
        target: { value },
      } as never,
    )

  it('lists my questions with their tags and a dot on unread replies; a status tab asks the server again', async () => {
    openAt('/pages/study/question')
    h.server.on(LIST, (req) => ({
      body: envelope({
        list:
          req.query.status === '已回复'
            ? [item({ id: 2, title: '定积分换元', status: '已回复', unread: 2 })]
            : [
                item({ id: 2, title: '定积分换元', status: '已回复', unread: 2, sectionTitle: '3.2 换元法' }),
                item({ id: 1, title: '极限的定义', status: '待回复' }),
                item({ id: 3, title: '导数几何意义', status: '已回复', closed: true }),
              ],
        total: req.query.status === '已回复' ? 1 : 3,
        page: 1,
        size: 20,
      }),
    }))
    await t.mount(StudyQuestionPage)
    await until(() => document.querySelectorAll('.question-item').length === 3, 'three questions drawn')
    expect(texts('.question-item__title')).toEqual(['定积分换元', '极限的定义', '导数几何意义'])
    expect(texts('.question-tag')).toEqual(['已回复', '待回复', '已关闭'])
    expect(document.querySelectorAll('.question-item__dot')).toHaveLength(1)
    expect(texts('.question-item__unread')).toEqual(['2 条新回复'])
    expect(texts('.question-item__course')[0]).toBe('高等数学（一） · 3.2 换元法')

    const replied = Array.from(document.querySelectorAll('.question-tabs__item')).find((e) => e.textContent === '已回复') as Element
    t.fireEvent.click(replied)
    await until(() => document.querySelectorAll('.question-item').length === 1, 'the 已回复 tab drawn')
    expect(h.server.last(LIST)?.query.status).toBe('已回复')

    t.fireEvent.click(document.querySelector('.question-item') as Element)
    expect(h.navigations).toEqual(['/pages/study/questionDetail?id=2'])
  })

  it('asks about a course from its page: checks the form, uploads a picture, sends it and opens the thread', async () => {
    openAt('/pages/study/question', { courseId: '7' })
    h.server.on(LIST, { body: envelope({ list: [], total: 0, page: 1, size: 20 }) })
    h.server.on(MY_COURSES, { body: envelope({ list: [{ courseId: 7, title: '高等数学（一）' }], total: 1, page: 1, size: 100 }) })
    h.server.on(OUTLINE, { body: envelope({ id: 7, chapters: [{ id: 1, title: '第一章', sections: [{ id: 71, title: '1.1 极限' }] }] }) })
    h.server.on(ASK, { body: envelope({ id: 9 }) })
    jest.spyOn(Taro, 'chooseImage').mockResolvedValue({ tempFilePaths: ['blob:pic-1'], tempFiles: [], errMsg: 'chooseImage:ok' } as never)
    const uploads: Array<{ url: string; name: string }> = []
    jest.spyOn(Taro, 'uploadFile').mockImplementation(((options: Taro.uploadFile.Option) => {
      uploads.push({ url: options.url, name: options.name })
      return Promise.resolve({ statusCode: 200, data: JSON.stringify(envelope({ key: 'questions/2026/03/s1-abc.png', url: '/files/x' })) })
    }) as never)
    const calls = countCalls()

    await t.mount(StudyQuestionPage)
    await drawn('.question-ask')
    await until(
      () => document.querySelector('.user-form__row--course .app-picker-field')?.textContent?.includes('高等数学（一）') === true,
      'the course preset',
    )

    t.fireEvent.click(document.querySelector('.question-ask__submit') as Element)
    await until(() => texts('.user-form__error').length === 2, 'the form says what is missing')
    expect(texts('.user-form__error')).toEqual(['请填写标题', '请填写问题描述'])
    expect(calls.sent(ASK)).toBe(0)

    await type('title', '极限怎么求')
    await type('content', '例题2看不懂')
    t.fireEvent.click(document.querySelector('.image-picker__add') as Element)
    await until(() => document.querySelectorAll('.image-picker__item').length === 1, 'the picture uploaded')
    expect(uploads).toEqual([{ url: `${h.server.url}/api/sms/study/studentQuestion/upload`, name: 'file' }])
    expect(texts('.image-picker__count')).toEqual(['1/6'])

    t.fireEvent.click(document.querySelector('.question-ask__submit') as Element)
    await until(() => calls.answered(ASK) === 1, 'the question sent')
    await until(() => h.navigations.length === 1, 'the thread opened')
    expect(h.server.last(ASK)?.form).toEqual({
      courseId: '7',
      title: '极限怎么求',
      content: '例题2看不懂',
      images: 'questions/2026/03/s1-abc.png',
    })
    expect(h.navigations).toEqual(['/pages/study/questionDetail?id=9'])
  })

  it('shows the thread, reads it as it opens, sends a follow-up and closes it', async () => {
    openAt('/pages/study/questionDetail', { id: '5' })
    h.server.on(DETAIL, { body: envelope(detail()) })
    h.server.on(READ, { body: envelope({ unread: 0 }) })
    h.server.on(FOLLOW, (req) => ({
      body: envelope(
        detail({
          status: '待回复',
          posts: [
            ...detail().posts,
            {
              id: 3,
              author: 'student',
              teacherName: null,
              content: String(req.form.content),
              images: [],
              createdAt: '2026-03-04T04:00:00.000Z',
            },
          ],
        }),
      ),
    }))
    h.server.on(CLOSE, { body: envelope(detail({ closed: true, closedBy: 'student' })) })
    const calls = countCalls()

    await t.mount(StudyQuestionDetailPage)
    await drawn('.question-post')
    expect(document.querySelector('.question-detail__title')?.textContent).toBe('等价无穷小什么时候能用')
    expect(texts('.question-post__who')).toEqual(['我的提问', '王老师 · 老师'])
    expect(texts('.question-tag')).toEqual(['已回复'])
    expect(document.querySelectorAll('.question-post__image')).toHaveLength(1)
    await until(() => calls.answered(READ) === 1, 'the thread marked read')
    expect(h.server.last(READ)?.form).toEqual({ id: '5' })

    // Taro draws the box's own <textarea> after the page: wait for it.
    t.fireEvent.input(
      (await drawn('.question-reply__input textarea, textarea.question-reply__input')) as Element,
      {
        target: { value: '那加减的时候呢？' },
      } as never,
    )
    t.fireEvent.click(document.querySelector('.question-reply__send') as Element)
    await until(() => document.querySelectorAll('.question-post').length === 3, 'the follow-up shown')
    expect(h.server.last(FOLLOW)?.form).toEqual({ id: '5', content: '那加减的时候呢？' })
    expect(texts('.question-tag')).toEqual(['待回复'])

    t.fireEvent.click(document.querySelector('.question-reply__close') as Element)
    t.fireEvent.click((await drawn('.app-dialog__confirm')) as Element)
    await until(() => document.querySelector('.question-closed') !== null, 'shown closed')
    expect(document.querySelector('.question-closed')?.textContent).toBe('你已关闭该提问')
    expect(document.querySelector('.question-reply')).toBeNull()
    expect(texts('.question-tag')).toEqual(['已关闭'])
  })

  it('says so when the question is not mine', async () => {
    openAt('/pages/study/questionDetail', { id: '6' })
    h.server.on(DETAIL, { status: 404, body: envelope(null, 100000005, '提问不存在') })
    await t.mount(StudyQuestionDetailPage)
    expect((await drawn('.empty-notice, [class*=empty]')).textContent).toContain('提问不存在')
  })
})
