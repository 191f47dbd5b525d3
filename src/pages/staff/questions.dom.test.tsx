import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import { drawn, openAt } from '../../testing/student-pages'
import {
  ANSWER,
  CLOSE,
  QUESTION,
  QUESTIONS,
  UPLOAD,
  page,
  questionItemOf,
  questionOf,
  staffPageHarness,
} from './components/staff-work-testing'
import StaffQuestionDetailPage from './questionDetail'
import StaffQuestionsPage from './questions'

jest.mock('@tarojs/taro', () =>
  jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh', 'useReachBottom']),
)

const $ = (selector: string) => document.querySelector(selector)
const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
const KEY = 'questions/2026/12/t3-bbbbbbbbbbbbbbbbbbbbbbbb.png'

describe('答疑 (教职工)', () => {
  const h = staffPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('lists the queue as the server orders it, 待回复 first, and opens a thread', async () => {
    openAt('/pages/staff/questions')
    h.server.on(QUESTIONS, {
      body: envelope(
        page([
          questionItemOf(),
          questionItemOf({ id: 5, title: '极限的定义', status: '已回复' }),
          questionItemOf({ id: 6, title: '导数', status: '已回复', closed: true }),
        ]),
      ),
    })
    await t.mount(StaffQuestionsPage)
    await drawn('.staff-question')
    expect(texts('.staff-question__title')).toEqual(['等价无穷小什么时候可以替换', '极限的定义', '导数'])
    expect(texts('.staff-question-tag')).toEqual(['待回复', '已回复', '已关闭'])
    expect(texts('.staff-question__who')[0]).toBe('林小雨（S2026001）')
    t.fireEvent.click($('.staff-question') as Element)
    expect(h.navigations).toEqual(['/pages/staff/questionDetail?id=4'])
  })

  it('replies with a picture; the thread shows the answer', async () => {
    openAt('/pages/staff/questionDetail', { id: '4' })
    jest
      .spyOn(Taro, 'chooseImage')
      .mockResolvedValue({ tempFilePaths: ['blob:local/a.png'], tempFiles: [], errMsg: 'chooseImage:ok' } as never)
    jest.spyOn(Taro, 'uploadFile').mockImplementation(((options: Taro.uploadFile.Option) => {
      h.server.requests.push({
        method: 'POST',
        path: new URL(options.url).pathname,
        rawQuery: '',
        query: {},
        headers: {},
        body: '',
        form: {},
      })
      return Promise.resolve({
        statusCode: 200,
        data: JSON.stringify(envelope({ key: KEY, url: `/files/${KEY}?s=1` })),
        errMsg: 'uploadFile:ok',
      })
    }) as never)
    h.server.on(QUESTION, { body: envelope(questionOf()) })
    h.server.on(ANSWER, (req) => ({
      body: envelope(
        questionOf({
          status: '已回复',
          posts: [
            ...questionOf().posts,
            {
              id: 2,
              author: 'teacher',
              teacherName: '张老师',
              content: String(req.form.content),
              images: [{ key: KEY, url: `/files/${KEY}?s=1` }],
              createdAt: new Date().toISOString(),
            },
          ],
        }),
      ),
    }))
    await t.mount(StaffQuestionDetailPage)
    await drawn('.staff-post')
    expect(h.server.last(QUESTION)?.query).toEqual({ id: '4' })
    expect(texts('.staff-post__who')).toEqual(['林小雨 · 提问'])
    expect(document.querySelectorAll('.staff-post__image')).toHaveLength(1)

    t.fireEvent.input(await drawn('.staff-reply__input textarea, textarea.staff-reply__input'), {
      target: { value: '加减时不能直接替换' },
    } as never)
    t.fireEvent.click($('.image-picker__add') as Element)
    await drawn('.image-picker__item')
    expect(h.server.requests.some((r) => `${r.method} ${r.path}` === UPLOAD)).toBe(true)
    t.fireEvent.click($('.staff-reply__send') as Element)
    await until(() => texts('.staff-post__who').length === 2, 'the answer in the thread')
    expect(h.server.last(ANSWER)?.form).toMatchObject({ id: '4', content: '加减时不能直接替换' })
    expect(h.server.last(ANSWER)?.form.images).toEqual(KEY)
    expect(texts('.staff-post__who')[1]).toBe('张老师（我）· 回复')
    expect(document.querySelectorAll('.staff-post--teacher .staff-post__image')).toHaveLength(1)
    expect($('.staff-question-tag')?.textContent).toBe('已回复')
    expect(useStore.getState().toast.title).toBe('已回复')
    expect(document.querySelectorAll('.image-picker__item')).toHaveLength(0)
  })

  it("keeps the server's refusal under the box, and closes a question", async () => {
    openAt('/pages/staff/questionDetail', { id: '4' })
    let closed = false
    // The thread asked again after the refusal answers only once the refusal was seen under the box.
    let seen: () => void = () => undefined
    const refusalSeen = new Promise<void>((resolve) => (seen = resolve))
    h.server.on(QUESTION, async () => {
      if (closed) await refusalSeen
      return { body: envelope(questionOf(closed ? { closed: true, closedBy: 'student' } : {})) }
    })
    h.server.on(ANSWER, () => {
      closed = true
      return { status: 409, body: envelope(null, 100000009, '该提问已关闭') }
    })
    await t.mount(StaffQuestionDetailPage)
    await drawn('.staff-reply')
    t.fireEvent.input(await drawn('.staff-reply__input textarea, textarea.staff-reply__input'), { target: { value: '看第二章' } } as never)
    t.fireEvent.click($('.staff-reply__send') as Element)
    expect((await drawn('.user-form__error--refusal')).textContent).toBe('该提问已关闭')
    seen()
    await until(() => $('.staff-question-closed')?.textContent === '学员已关闭该提问', 'the thread asked again, closed')
    expect($('.staff-reply')).toBeNull()

    // Another question, open: 关闭提问 after the confirmation.
    closed = false
    t.unmout()
    t = new TestUtils()
    h.server.on(CLOSE, { body: envelope(questionOf({ closed: true, closedBy: 'teacher' })) })
    await t.mount(StaffQuestionDetailPage)
    await drawn('.staff-reply__close')
    t.fireEvent.click($('.staff-reply__close') as Element)
    t.fireEvent.click($('.app-dialog__confirm') as Element)
    await until(() => $('.staff-question-closed')?.textContent === '老师已关闭该提问', 'shown closed')
    expect(h.server.last(CLOSE)?.form).toEqual({ id: '4' })
  })
})
