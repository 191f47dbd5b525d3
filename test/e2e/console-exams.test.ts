import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import type { Page } from '@playwright/test'
import { expect, screenshot, test } from './harness'
import { consoleSuite, messages } from './console-support'
import { choose, formItem, modal, ok, openConsole, operatorApi, rowWith, settled, type ApiUser } from './office-support'
import { lastSmsId, smsCode } from './user-helpers'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/** The demo student (林小雨), granted 「高等数学（一）」. */
const STUDENT = { phone: '13900000000', name: '林小雨' }
const MATHS = '高等数学（一）'
/** Marks this run's questions and papers apart from the demo ones. */
const TAG = 'E2E'
const FIXED = `${MATHS}${TAG}固定卷`
const RANDOM = `${MATHS}${TAG}随机卷`

/** An .xlsx in the template's columns: three good rows and one whose answer is not an option (row 5). */
async function questionSheet(): Promise<string> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('试题')
  const options = (list: string[]) => Array.from({ length: 8 }, (_, i) => list[i] ?? '')
  sheet.addRow(['题型', '难度', '章节', '题干', ...'ABCDEFGH'.split('').map((k) => `选项${k}`), '答案', '解析'])
  sheet.addRow(['单选题', '简单', '', `${TAG} 单选：1+1=?`, ...options(['1', '2', '3']), 'B', '一加一等于二'])
  sheet.addRow(['判断题', '一般', '', `${TAG} 判断：0 是偶数`, ...options([]), '正确', ''])
  sheet.addRow(['简答题', '困难', '', `${TAG} 简答：说明导数的几何意义`, ...options([]), '切线的斜率', '要点：切线、斜率'])
  sheet.addRow(['单选题', '简单', '', `${TAG} 单选：坏行`, ...options(['甲', '乙']), 'Z', ''])
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'am-bank-')), 'questions.xlsx')
  await book.xlsx.writeFile(file)
  return file
}

interface Envelope<T> {
  code: number
  message: string
  data: T
}

/** The student's calls, signed in by an SMS code from the local outbox (as the H5 app signs in). */
async function studentApi(url: string): Promise<ApiUser> {
  const before = await lastSmsId({ url } as Parameters<typeof lastSmsId>[0], STUDENT.phone)
  const headers = { 'content-type': 'application/json', origin: url }
  const sent = (await (
    await fetch(`${url}/api/ums/user/user/sendVerify`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ phone: STUDENT.phone, type: '登录' }),
    })
  ).json()) as Envelope<unknown>
  expect(sent.code, sent.message).toBe(0)
  const code = await smsCode({ url } as Parameters<typeof smsCode>[0], STUDENT.phone, before)
  const res = await fetch(`${url}/api/ums/user/user/signInByCode`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone: STUDENT.phone, code }),
  })
  const body = (await res.json()) as Envelope<unknown>
  expect(body.code, body.message).toBe(0)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return {
    async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', p: string, payload: Record<string, unknown> = {}) {
      const inQuery = method === 'GET' || method === 'DELETE'
      const query = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString()
      const answer = await fetch(`${url}${p}${inQuery && query ? `?${query}` : ''}`, {
        method,
        headers: { cookie, origin: url, ...(inQuery ? {} : { 'content-type': 'application/json' }) },
        body: inQuery ? undefined : JSON.stringify(payload),
      })
      return (await answer.json()) as Envelope<T>
    },
  }
}

/** Fills the paper form (新建试卷) and creates it; the page moves to the new paper's questions tab. */
async function createPaper(page: Page, title: string, { random = false, passScore = '0' } = {}): Promise<number> {
  await page.getByRole('button', { name: /新建试卷/ }).click()
  await settled(page)
  await formItem(page, '试卷名称').locator('input').fill(title)
  if (random) await formItem(page, '组卷方式').locator('label', { hasText: '随机试卷' }).click()
  await formItem(page, '答题时长').locator('input').fill('10')
  await formItem(page, '可作答次数').locator('input').fill('3')
  await formItem(page, '及格分').locator('input').fill(passScore)
  await page.getByRole('button', { name: /创建试卷/ }).click()
  await page.waitForURL(/\/admin\/papers\/\d+\/questions$/)
  await settled(page)
  return Number(/papers\/(\d+)\//.exec(page.url())?.[1])
}

async function publish(page: Page): Promise<void> {
  await page
    .locator('.console-page-header__extra')
    .getByRole('button', { name: /^发\s*布$/ })
    .click()
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^发\s*布$/ })
    .click()
  await expect.poll(() => messages(page)).toContain('试卷已发布')
  await expect(page.locator('.console-page-header__sub')).toHaveText('已发布')
}

/**
 * The office's exams in the console at 1366×768: 管理员 imports questions from an .xlsx (a bad row
 * reported with its reason), builds a fixed paper from the bank and a random paper from rules and
 * publishes both; the demo student sits the fixed paper through the student API; 管理员 marks the
 * 简答题 to a final score and exports the scores; 财务 reads without the write actions.
 */
test.describe('console 考试: the office builds papers, marks and exports', () => {
  const t = consoleSuite()
  let page: Page
  let admin: ApiUser
  let courseId = 0
  let fixedId = 0
  const errors: string[] = []

  test.beforeAll(async () => {
    page = await t.page('admin')
    admin = await operatorApi(t.app, 'e2eadmin', 'admin1234')
    const courses = ok(
      await admin.call<{ list: Array<{ id: number; title: string }> }>('GET', '/api/bms/cont/continueCourse/list', { keyword: MATHS }),
    )
    courseId = courses.list.find((c) => c.title === MATHS)?.id ?? 0
    expect(courseId).toBeGreaterThan(0)
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
  })

  test('题库: an .xlsx import brings in the good rows and reports the bad one with its reason', async () => {
    await openConsole(page, t.app, `/questions?courseId=${courseId}`)
    await page.getByRole('button', { name: /^导\s*入$/ }).click()
    const dialog = modal(page, '导入题目')
    await expect(dialog.getByRole('combobox', { name: '导入到课程' }).locator('..').locator('..')).toContainText(MATHS)
    await expect(dialog.getByTestId('question-import-template')).toHaveAttribute('href', /\/api\/bms\/cont\/subject\/template$/)
    await dialog.locator('input[type=file]').setInputFiles(await questionSheet())
    await dialog.getByRole('button', { name: '开始导入' }).click()
    const report = dialog.getByTestId('question-import-report')
    await expect(report).toContainText('已导入 3 道，失败 1 行')
    await expect(report.locator('.ant-table-tbody tr')).toHaveCount(1)
    await expect(report.locator('.ant-table-tbody tr').first()).toContainText('5')
    await screenshot(page, 'console-exams-import')
    await dialog.getByRole('button', { name: /^关\s*闭$/ }).click()

    await formItem(page, '关键词').locator('input').fill(TAG)
    await page.getByRole('button', { name: /^查\s*询$/ }).click()
    await settled(page)
    await expect(rowWith(page, `${TAG} 简答`)).toContainText('简答题')
    await expect(rowWith(page, `${TAG} 单选：1+1`)).toContainText('B')
    await expect(rowWith(page, `${TAG} 判断`)).toContainText('正确')
    expect(page.url()).toContain(`keyword=${TAG}`)
    await screenshot(page, 'console-exams-bank')
  })

  test('试卷: a fixed paper is built from the bank at the types’ default scores and published', async () => {
    await openConsole(page, t.app, `/papers?courseId=${courseId}`)
    fixedId = await createPaper(page, FIXED, { passScore: '8' })
    await page.getByRole('button', { name: /从题库添加/ }).click()
    const picker = modal(page, '题库添加题目')
    await formItem(picker, '关键词').locator('input').fill(TAG)
    await picker.getByRole('button', { name: /^查\s*询$/ }).click()
    await expect(picker.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3)
    for (const row of await picker.locator('.ant-table-tbody tr.ant-table-row').all()) await row.locator('.ant-checkbox-input').check()
    await picker.getByRole('button', { name: /添加 3 题/ }).click()
    // single 2 + judge 2 + short 10 by the types' defaults
    await expect(page.getByText('试卷题目（3 题，共 14 分）')).toBeVisible()
    await page.getByRole('button', { name: /保存题目/ }).click()
    await expect.poll(() => messages(page)).toContain('题目已保存')
    await expect(page.getByTestId('paper-summary')).toContainText('3 / 14')
    await publish(page)
    await screenshot(page, 'console-exams-fixed')
  })

  test('试卷: a random paper draws by rules that show what the bank holds and the total', async () => {
    await openConsole(page, t.app, `/papers?courseId=${courseId}`)
    await createPaper(page, RANDOM, { random: true })
    await page.getByRole('button', { name: /添加规则/ }).click()
    // One 单选题 at least is in the bank: this run imported it (the demo bank may hold more).
    await page.getByRole('spinbutton', { name: '第1条规则的数量' }).fill('1')
    await page.getByRole('spinbutton', { name: '第1条规则的每题分值' }).fill('5')
    await page.getByRole('button', { name: /添加规则/ }).click()
    await choose(page, page.locator('.ant-select', { has: page.getByRole('combobox', { name: '第2条规则的题型' }) }), '简答题')
    await page.getByRole('spinbutton', { name: '第2条规则的数量' }).fill('1')
    await expect(page.getByTestId('rules-total')).toHaveText('15 分')
    await expect(page.getByTestId('rules-count')).toHaveText('2 题')
    // The bank's count for each rule arrives beside it.
    await expect(page.locator('.ant-table-tbody tr').first().locator('td').nth(4)).toHaveText(/^\d+$/)
    await page.getByRole('button', { name: /保存规则/ }).click()
    await expect.poll(() => messages(page)).toContain('抽题规则已保存')
    await publish(page)
    await screenshot(page, 'console-exams-random')
  })

  test('阅卷: the student’s 简答题 is marked to a final score and the scores are exported', async () => {
    const student = await studentApi(t.app.url)
    const sheet = ok(
      await student.call<{ id: number; questions: Array<{ position: number; type: string }> }>('POST', '/api/sms/study/studentExam/start', {
        paperId: fixedId,
      }),
    )
    for (const q of sheet.questions) {
      const answer = q.type === '单选题' ? ['B'] : q.type === '判断题' ? ['T'] : ['切线的斜率，表示变化率']
      ok(await student.call('PUT', '/api/sms/study/studentExam/saveAnswer', { attemptId: sheet.id, position: q.position, answer }))
    }
    const result = ok(await student.call<{ status: string }>('PUT', '/api/sms/study/studentExam/overPaper', { attemptId: sheet.id }))
    expect(result.status).toBe('待阅卷')

    await openConsole(page, t.app, `/papers/${fixedId}/questions`)
    await page.getByRole('tab', { name: /考生作答/ }).click()
    await settled(page)
    expect(decodeURIComponent(page.url())).toContain('status=待阅卷')
    await rowWith(page, STUDENT.name).getByRole('link', { name: '阅卷' }).click()
    await settled(page)
    await expect(page.getByTestId('attempt-summary')).toContainText('4')
    const short = page.locator('[data-testid^=attempt-question-]').filter({ hasText: `${TAG} 简答` })
    await expect(short).toContainText('切线的斜率，表示变化率')
    await expect(short).toContainText('要点：切线、斜率')
    await short.getByRole('spinbutton').fill('7')
    await short.getByRole('textbox').fill('要点基本答出')
    await expect(page.locator('.attempt-submit')).toContainText('当前得分 11 / 14')
    await screenshot(page, 'console-exams-marking')
    await page.getByRole('button', { name: '提交阅卷' }).click()
    await expect.poll(() => messages(page)).toContain('阅卷完成，成绩已公布给学员')
    await expect(page.locator('.console-page-header__sub')).toHaveText('已完成')
    await expect(page.getByTestId('attempt-summary')).toContainText('11 / 14（及格）')

    await openConsole(page, t.app, `/papers/${fixedId}/attempts`)
    await expect(rowWith(page, STUDENT.name)).toContainText('已完成')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('attempts-export').click()])
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(await download.path())
    const rows: string[] = []
    book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String).join('|')))
    expect(rows.some((r) => r.includes(STUDENT.name) && r.includes('11'))).toBe(true)
    await screenshot(page, 'console-exams-attempts')
  })

  test('财务 reads the bank and the papers without the write actions', async () => {
    const finance = await t.page('finance')
    await openConsole(finance, t.app, '/questions')
    await expect(finance.locator('.console-page-header__sub')).toHaveText('只读')
    await expect(finance.getByRole('button', { name: /新增题目/ })).toHaveCount(0)
    await expect(finance.getByRole('button', { name: /^导\s*入$/ })).toHaveCount(0)
    await openConsole(finance, t.app, `/papers/${fixedId}/questions`)
    await expect(finance.getByRole('button', { name: /从题库添加|保存题目|^停\s*用$/ })).toHaveCount(0)
    await openConsole(finance, t.app, `/papers/${fixedId}/attempts`)
    await expect(rowWith(finance, STUDENT.name).getByRole('button', { name: /重置考试/ })).toHaveCount(0)
    await expect(finance.getByTestId('attempts-export')).toBeVisible()
    // The server refuses a write from a role that may only read.
    const api = await operatorApi(t.app, 'finance')
    const refused = await api.call('PUT', '/api/bms/cont/paper/changeStatus', { id: fixedId, status: '已停用' })
    expect(refused.code).not.toBe(0)
  })

  test('no errors in the console while it ran', () => {
    expect(errors).toEqual([])
  })
})
