import ExcelJS from 'exceljs'
import type { Page } from '@playwright/test'
import { screenshot, expect, test, type RunningApp } from './harness'
import { consoleSuite } from './console-support'
import { editorArea } from './console-config-support'
import { choose, formItem, modal, openConsole, rowWith, SUBMIT, tableRows } from './office-support'
import { lastSmsId, smsCode } from './user-helpers'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
/** The demo student (2026年1期, 浙江工商大学 工商管理 本科) and a deal clue of the demo data (赵丽, 已成交 工商企业管理(大专)). */
const STUDENT = { phone: '13900000000', name: '林小雨' }
const DEAL_CLUE = { id: 7, name: '赵丽', phone: '13700000006' }

interface Envelope<T = unknown> {
  code: number
  message: string
  data: T
}

/** The demo student signed in by SMS code, as the student's app does; their calls with that cookie. */
async function studentApi(app: RunningApp, phone: string) {
  const post = (path: string, body: Record<string, string>, cookie = '') =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url, cookie },
      body: new URLSearchParams(body).toString(),
    })
  const before = await lastSmsId(app, phone)
  const sent = (await (await post('/api/ums/user/user/sendVerify', { phone, type: '登录' })).json()) as Envelope
  expect(sent.code, sent.message).toBe(0)
  const res = await post('/api/ums/user/user/signInByCode', { phone, code: await smsCode(app, phone, before) })
  const signed = (await res.json()) as Envelope
  expect(signed.code, signed.message).toBe(0)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return {
    apply: async (body: Record<string, string>) => {
      const answer = (await (await post('/api/ems/education/schoolRollInfoModify/applyForClient', body, cookie)).json()) as Envelope
      expect(answer.code, answer.message).toBe(0)
    },
  }
}

/** An .xlsx of the import template's columns with these rows. */
async function sheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const ws = book.addWorksheet('学员')
  ws.addRow(['姓名', '手机号', '身份证号', '性别', '教育类型', '学校', '专业', '层次', '报读项目', '学科', '年份', '批次', '学号', '备注'])
  for (const row of rows) ws.addRow(row)
  return Buffer.from(await book.xlsx.writeBuffer())
}

/**
 * The student register in the console at 1366×768: the demo 招生老师 keeps it (list, create,
 * status, export, import, correction requests, a deal turned into a student), 财务 reads it, 管理员
 * writes a notice to a batch.
 */
test.describe('console 学员: the office keeps the student register', () => {
  const t = consoleSuite()
  let page: Page
  /** What the console wrote to the browser's console as errors, or threw, on any page of the block. */
  const errors: string[] = []
  const signedIn = async (who: 'teacher' | 'finance' | 'admin') => {
    const opened = await t.page(who)
    opened.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${who}: ${m.text()}`)
    })
    opened.on('pageerror', (e) => errors.push(`${who}: ${e.message}`))
    return opened
  }

  test.beforeAll(async () => {
    page = await signedIn('teacher')
  })

  test.afterEach(() => {
    expect(errors).toStrictEqual([])
  })

  test('filters the register in the address, registers a student and changes their status with a reason', async () => {
    await openConsole(page, t.app, '/students?batchYear=2026&batch=1')
    await page.reload()
    await tableRows(page).first().waitFor()
    await expect(tableRows(page).locator('td:first-child a')).toHaveText([STUDENT.name])
    await expect(formItem(page, '批次年份').locator('.ant-select-selection-item', { hasText: '2026年' })).toHaveCount(1)
    // The demo partner studies too: marked as a partner in the register.
    await openConsole(page, t.app, '/students')
    await expect(rowWith(page, '陈晓明').locator('.ant-tag', { hasText: '合伙人' })).toBeVisible()
    await screenshot(page, 'console-students')

    await page.getByRole('button', { name: '新增学员' }).click()
    const add = modal(page, '新增学员')
    await add.getByRole('button', { name: SUBMIT }).click()
    await add.getByText('请填写姓名').waitFor()
    await formItem(add, '姓名').locator('input').fill('孙悦')
    await formItem(add, '手机号').locator('input').fill('13911112222')
    await formItem(add, '身份证号').locator('input').fill('110101199003078516')
    await add.getByText('身份证号格式不正确').waitFor()
    await formItem(add, '身份证号').locator('input').fill('110101199003078515')
    await add.getByText('女', { exact: true }).click()
    await choose(page, formItem(add, '教育类型').locator('.ant-select'), '自学考试')
    await add.getByText('专科', { exact: true }).click()
    await formItem(add, '学校').locator('input').fill('浙江开放大学')
    await formItem(add, '专业').locator('input').fill('电子商务')
    await choose(page, formItem(add, '批次年份').locator('.ant-select'), '2027年')
    await choose(page, formItem(add, '批次').last().locator('.ant-select'), /^3期$/)
    await formItem(add, '报读项目').locator('input').fill('高起专')
    await add.getByRole('button', { name: SUBMIT }).click()

    await page.getByText('学员：孙悦').waitFor()
    const roll = page.getByTestId('student-roll')
    await expect(roll).toContainText('1101**********8515')
    await expect(roll).toContainText('2027年3期')
    await expect(page.getByTestId('student-history')).toContainText('登记为在读')

    await page.getByRole('button', { name: '变更状态' }).click()
    const status = modal(page, '变更学籍状态「孙悦」')
    await status.getByText('休学', { exact: true }).click()
    await status.getByRole('button', { name: SUBMIT }).click()
    await status.getByText('请填写变更原因').waitFor()
    await formItem(status, '变更原因').locator('textarea').fill('工作调动，申请休学一年')
    await status.getByRole('button', { name: SUBMIT }).click()
    await page.locator('.console-page-header__heading .ant-tag', { hasText: '休学' }).waitFor()
    const history = page.getByTestId('student-history')
    await expect(history).toContainText('在读 → 休学')
    await expect(history).toContainText('工作调动，申请休学一年')
    await expect(history).toContainText('招生老师演示')
    await screenshot(page, 'console-student-detail')

    // 编辑: the console holds the ID number masked only; left blank, the one on file stays.
    await page.getByRole('button', { name: /编\s*辑/ }).click()
    const edit = modal(page, '编辑学员「孙悦」')
    await edit.getByText('已登记 1101**********8515，不改请留空').waitFor()
    await formItem(edit, '备注').locator('textarea').fill('周末上课')
    await edit.getByRole('button', { name: SUBMIT }).click()
    await expect(roll).toContainText('周末上课')
    await expect(roll).toContainText('1101**********8515')
  })

  test('exports the filtered register and refuses a bad import with its row report', async () => {
    await openConsole(page, t.app, `/students?status=${encodeURIComponent('休学')}`)
    await rowWith(page, '孙悦').waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('student-export').click()])
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(await download.path())
    const text = JSON.stringify(book.worksheets[0]!.getSheetValues())
    expect(text).toContain('孙悦')
    expect(text).not.toContain(STUDENT.name)

    await page.getByRole('button', { name: /导\s*入/ }).click()
    const dialog = modal(page, '导入学员')
    const template = await page.request.get(`${t.app.url}${await dialog.getByTestId('student-import-template').getAttribute('href')}`)
    expect(template.headers()['content-type'] ?? '').toMatch(/spreadsheetml/)
    const file = await sheet([
      ['周到', STUDENT.phone, '', '', '成人高考', '浙江工商大学', '工商管理', '本科', '专升本', '', '2026', '1'],
      ['', '1391234'],
    ])
    await dialog.locator('input[type=file]').setInputFiles({ name: '学员.xlsx', mimeType: XLSX, buffer: file })
    await dialog.getByRole('button', { name: '开始导入' }).click()
    const report = dialog.getByTestId('student-import-report')
    await report.getByText(/共 2 行，其中 2 行不符合要求，本次未导入任何学员/).waitFor()
    expect((await report.locator('tr', { hasText: '已登记为学员' }).textContent()) ?? '').toMatch(/^2/)
    expect((await report.locator('tr', { hasText: '请填写姓名' }).textContent()) ?? '').toMatch(/^3/)
    await screenshot(page, 'console-students-import-refused')
    await dialog.getByRole('button', { name: /关\s*闭/ }).click()
  })

  test('approves one correction request and refuses another with a reason, each answer shown in its row', async () => {
    const student = await studentApi(t.app, STUDENT.phone)
    await student.apply({ field: 'name', value: '林晓雨', reason: '户口本上的名字' })
    // Not 孙悦's number (registered above): an ID number belongs to one student.
    await student.apply({ field: 'idCard', value: '110101199003158515', reason: '身份证号录错了' })

    await openConsole(page, t.app, '/roll-requests')
    // 待审核 by default, written in the address.
    await expect(page).toHaveURL(/status=%E5%BE%85%E5%AE%A1%E6%A0%B8/)
    const nameRow = rowWith(page, '林晓雨')
    await nameRow.waitFor()
    const idRow = rowWith(page, '身份证号')
    await expect(idRow).toContainText('1101**********8515')

    await nameRow.getByRole('button', { name: /通\s*过/ }).click()
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /通\s*过/ })
      .click()
    await expect(nameRow.locator('.ant-tag')).toHaveText('已通过')

    await idRow.getByRole('button', { name: /驳\s*回/ }).click()
    const refuse = modal(page, '驳回')
    await refuse.getByRole('button', { name: /驳\s*回/ }).click()
    await refuse.getByText('请填写驳回原因').waitFor()
    await formItem(refuse, '驳回原因').locator('textarea').fill('请携带身份证原件到校核对')
    await refuse.getByRole('button', { name: /驳\s*回/ }).click()
    await expect(idRow.locator('.ant-tag')).toHaveText('已驳回')
    await expect(idRow).toContainText('请携带身份证原件到校核对')
    await screenshot(page, 'console-roll-requests')

    // The approved name is the roll's now; the student's page lists both answers.
    await nameRow.getByRole('link').click()
    await page.getByText('学员：林晓雨').waitFor()
    await expect(page.getByTestId('student-requests')).toContainText('已驳回')
  })

  test('turns a deal clue into a student and links the two', async () => {
    await openConsole(page, t.app, `/clues/${DEAL_CLUE.id}`)
    await page.getByRole('button', { name: '转为学员' }).click()
    const form = modal(page, `转为学员「${DEAL_CLUE.name}」`)
    await expect(form).toContainText(DEAL_CLUE.phone)
    await choose(page, formItem(form, '教育类型').locator('.ant-select'), '成人高考')
    await form.getByText('专科', { exact: true }).click()
    await formItem(form, '学校').locator('input').fill('浙江工业大学')
    await formItem(form, '专业').locator('input').fill('工商企业管理')
    await choose(page, formItem(form, '批次年份').locator('.ant-select'), '2026年')
    await choose(page, formItem(form, '批次').last().locator('.ant-select'), /^2期$/)
    await form.getByRole('button', { name: SUBMIT }).click()
    const link = page.getByTestId('clue-student')
    await expect(link).toContainText('已转为学员')
    await screenshot(page, 'console-clue-to-student')
    await link.click()
    await page.getByText(`学员：${DEAL_CLUE.name}`).waitFor()
    const roll = page.getByTestId('student-roll')
    await expect(roll).toContainText('工商企业管理(大专)')
    await expect(roll).toContainText(`线索 #${DEAL_CLUE.id}`)
  })

  test('财务 reads the register without its write actions', async () => {
    const finance = await signedIn('finance')
    await openConsole(finance, t.app, '/students')
    await rowWith(finance, STUDENT.phone).waitFor()
    await expect(finance.getByRole('button', { name: '新增学员' })).toHaveCount(0)
    await rowWith(finance, STUDENT.phone).getByRole('link', { name: '查看' }).click()
    await finance.getByTestId('student-roll').waitFor()
    await expect(finance.getByRole('button', { name: '变更状态' })).toHaveCount(0)
  })

  test('管理员 writes a notice to a batch, previews it as a phone shows it, publishes it and takes it down', async () => {
    const admin = await signedIn('admin')
    await openConsole(admin, t.app, '/notices')
    await rowWith(admin, '2026年春季学期开学通知').waitFor()
    await admin.getByRole('button', { name: '新建通知' }).click()
    await editorArea(admin).waitFor({ timeout: 30_000 })
    await formItem(admin, '标题').locator('input').fill('2026年1期期中考试安排')
    await expect(admin.getByTestId('notice-audience')).toContainText(/将发送给 \d+ 名学员（全部学员）/)
    await choose(admin, formItem(admin, '批次年份').locator('.ant-select'), '2026年')
    await choose(admin, formItem(admin, '批次').last().locator('.ant-select'), /^1期$/)
    await expect(admin.getByTestId('notice-audience')).toHaveText('将发送给 1 名学员')
    await editorArea(admin).click()
    await admin.keyboard.type('期中考试将于4月18日举行，请按时参加。')
    await admin.getByRole('button', { name: '保存为草稿' }).click()

    const phone = admin.getByTestId('notice-phone')
    await expect(phone).toContainText('2026年1期期中考试安排')
    await expect(phone).toContainText('期中考试将于4月18日举行')
    await expect(admin.getByTestId('notice-audience')).toHaveText('将发送给 1 名学员')
    await screenshot(admin, 'console-notice-edit')

    await admin.getByRole('button', { name: /^发\s*布$/ }).click()
    await admin
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /发\s*布/ })
      .click()
    await admin.locator('.console-page-header__heading .ant-tag', { hasText: '已发布' }).waitFor()
    await admin.getByText('这条通知已发布：下架后才能修改。').waitFor()
    await admin.getByRole('button', { name: /^下\s*架$/ }).click()
    await admin
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /下\s*架/ })
      .click()
    await admin.locator('.console-page-header__heading .ant-tag', { hasText: '已下架' }).waitFor()

    await openConsole(admin, t.app, '/notices')
    const row = rowWith(admin, '2026年1期期中考试安排')
    await expect(row).toContainText('已下架')
    await expect(row).toContainText('2026年1期')
    await screenshot(admin, 'console-notices')
  })
})
