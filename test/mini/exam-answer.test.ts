/**
 * Answering in the compiled weapp against the real back-office (its own process, a fresh embedded
 * database with the demo data and the demo question bank): the demo student practises the first
 * chapter of 高等数学（一） on pages/study/exercise; the answer the page hands in carries exactly
 * the server's parameters (questionId, answer repeated per key), and the server keeps it.
 * Then it opens the demo mock paper on pages/study/paper: the answer saved and 交卷 carry exactly
 * the server's parameters, and the server scored what was saved. Build first: `npm run build:weapp -- --mode test` (or set WEAPP_DIR).
 */
import { type BackOffice, sessionCall, studentOnBackOffice } from './back-office'
import { installMiniGlobals, loadApp, networkedHost, renderPage, textOf, until, withQuery } from './harness'

/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's components and data are untyped */
const OPEN_ID_CODE = 'fake:weapp-exam-open-id'
const MATHS = '高等数学（一）'
const HAND = '/api/sms/study/studentSubject/handSubject'
const SAVE = '/api/sms/study/studentExam/saveAnswer'
const OVER = '/api/sms/study/studentExam/overPaper'
const MOCK_PAPER = '高等数学（一）模拟试卷'

let office: BackOffice | undefined
let backend = ''
let cookie = ''
let page: any
/** The bodies the weapp sent to the answer calls, by path, and how many the server answered. */
const sent: Record<string, string[]> = {}
const answered: Record<string, number> = {}
const ANSWER_CALLS = [HAND, SAVE, OVER]
/** A form body as its fields. */
const fields = (body: string) => Object.fromEntries(new URLSearchParams(body))
let courseId = 0
let chapter: { id: number; title: string; done: number }
let first: { id: number; options: Array<{ key: string; text: string }>; stem: string }

const call = <T>(method: string, pathAndQuery: string) => sessionCall<T>(backend, cookie, method, pathAndQuery)
const callForm = <T>(method: string, path: string, form: Record<string, string>) => sessionCall<T>(backend, cookie, method, path, form)

const all = (selector: string): any[] => page.querySelectorAll(selector) as any[]

beforeAll(async () => {
  ;({ office, backend, cookie } = await studentOnBackOffice(OPEN_ID_CODE))

  const mine = await call<{ list: Array<{ courseId: number; title: string }> }>(
    'GET',
    '/api/sms/study/join/listStudentOnlineCourseForClient',
  )
  courseId = mine.list.find((c) => c.title === MATHS)?.courseId ?? 0
  if (!courseId) throw new Error(`${MATHS} is not among the demo student's courses`)
  const chapters = await call<{ chapters: Array<{ id: number | null; title: string; done: number }> }>(
    'GET',
    `/api/sms/study/studentExercise/chaptersForClient?courseId=${courseId}`,
  )
  const found = chapters.chapters.find((c) => c.id !== null)
  if (!found || found.id === null) throw new Error(`${MATHS} has no chapter with questions`)
  chapter = { id: found.id, title: found.title, done: found.done }
  const list = await call<{ items: Array<{ id: number; done: boolean }> }>(
    'GET',
    `/api/sms/study/studentExercise/listForClient?courseId=${courseId}&chapterId=${chapter.id}`,
  )
  const firstId = list.items.find((q) => !q.done)?.id
  first = await call('GET', `/api/sms/study/studentExercise/detailsForClient?id=${firstId}`)

  const networked = networkedHost(backend)
  networked.host.loginCodes.push(OPEN_ID_CODE)
  const request = networked.overrides.request as (options: never) => unknown
  installMiniGlobals({
    ...networked.overrides,
    request(options: { url: string; method?: string; data?: unknown; success?: (res: unknown) => void }) {
      const path = ANSWER_CALLS.find((p) => new URL(options.url).pathname === p)
      if (!path) return request(options as never)
      ;(sent[path] ??= []).push(String(options.data))
      return request({
        ...options,
        success: (res: unknown) => {
          answered[path] = (answered[path] ?? 0) + 1
          options.success?.(res)
        },
      } as never)
    },
  })
  jest.spyOn(console, 'warn').mockImplementation(() => {})
  withQuery({ courseId: String(courseId), chapterId: String(chapter.id) })
  loadApp()
  await until(() => {
    const saved = networked.host.storage.get('activity_mobile_userInfo')
    return typeof saved === 'string' && Boolean(JSON.parse(saved).state?.person)
  }, 30_000)
  page = await renderPage('pages/study/exercise')
  await until(() => textOf(page).includes(first.stem), 15_000, 'the first question not done')
}, 240_000)

afterAll(async () => {
  jest.restoreAllMocks()
  await office?.stop()
})

describe('the weapp’s answers with the server’s parameters', () => {
  it('hands in the chosen key as the server reads it, and shows the server’s verdict, answer and analysis', async () => {
    const option = all('.question-option')[0]
    expect(option).toBeTruthy()
    option.dispatchEvent('tap')
    await until(() => all('.question-option--chosen').length === 1, 5000, 'the option drawn chosen')
    all('.exercise-submit .app-confirm-button')[0]?.dispatchEvent('tap')
    await until(() => answered[HAND] === 1, 15_000, 'the server’s answer to the hand-in')
    expect((sent[HAND] ?? []).map(fields)).toEqual([{ questionId: String(first.id), answer: JSON.stringify([first.options[0]?.key]) }])
    await until(() => all('.question-verdict').length === 1, 5000, 'the verdict drawn')
    const text = textOf(page)
    expect(text).toMatch(/回答(正确|错误)/)
    expect(text).toContain('正确答案：')
    expect(text).toContain('解析：')
    // Kept by the server for every device.
    const after = await call<{ chapters: Array<{ id: number | null; done: number }> }>(
      'GET',
      `/api/sms/study/studentExercise/chaptersForClient?courseId=${courseId}`,
    )
    expect(after.chapters.find((c) => c.id === chapter.id)?.done).toBe(chapter.done + 1)
  })

  it('saves a paper’s answer at once (saveAnswer: attemptId, position, answer) and hands it in (overPaper: attemptId); the server scored what was saved', async () => {
    // The student opens the demo mock paper (another device would do the same): an open attempt.
    const papers = await call<Array<{ id: number; title: string }>>('GET', '/api/sms/study/studentExam/listForClient')
    const paper = papers.find((p) => p.title === MOCK_PAPER)
    if (!paper) throw new Error(`${MOCK_PAPER} is not among the demo student's papers`)
    const sheet = await callForm<{ id: number; questions: Array<{ position: number; type: string; options: Array<{ key: string }> }> }>(
      'POST',
      '/api/sms/study/studentExam/start',
      { paperId: String(paper.id) },
    )
    const q = sheet.questions.find((x) => x.type === '单选题' || x.type === '判断题')
    if (!q) throw new Error('the paper has no 单选题 or 判断题')
    withQuery({ attemptId: String(sheet.id) })
    page = await renderPage('pages/study/paper')
    await until(() => all('.paper-clock').length === 1, 15_000, 'the sheet drawn')
    // Its question, then the choice.
    all('.answer-card__cell')[sheet.questions.indexOf(q)]?.dispatchEvent('tap')
    await until(() => all('.question-option').length === q.options.length, 5000, 'the question’s options')
    const key = q.options[q.options.length - 1]?.key ?? ''
    all('.question-option')[q.options.length - 1]?.dispatchEvent('tap')
    await until(() => answered[SAVE] === 1, 15_000, 'the server’s answer to the save')
    expect((sent[SAVE] ?? []).map(fields)).toEqual([
      { attemptId: String(sheet.id), position: String(q.position), answer: JSON.stringify([key]) },
    ])

    all('.paper-submit .app-confirm-button')[0]?.dispatchEvent('tap')
    await until(() => all('.app-dialog__confirm').length === 1, 5000, 'the 交卷 confirm')
    all('.app-dialog__confirm')[0]?.dispatchEvent('tap')
    await until(() => answered[OVER] === 1, 15_000, 'the server’s answer to 交卷')
    expect((sent[OVER] ?? []).map(fields)).toEqual([{ attemptId: String(sheet.id) }])
    await until(() => all('.paper-score').length === 1, 5000, 'the result drawn')
    const result = await call<{ status: string; questions: Array<{ position: number; response: string[] | null }> }>(
      'GET',
      `/api/sms/study/studentExam/attemptForClient?id=${sheet.id}`,
    )
    expect(result.status).not.toBe('答题中')
    expect(result.questions.find((x) => x.position === q.position)?.response).toEqual([key])
  })
})
