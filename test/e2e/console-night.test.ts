import ExcelJS from 'exceljs'
import type { Page } from '@playwright/test'
import { expect, screenshot, test } from './harness'
import { consoleSuite, messages } from './console-support'
import { formItem, modal, openConsole, rowWith, settled } from './office-support'
import { typeRange } from './console-config-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/** The demo's class of today, 林小雨 signed up. */
const TODAY = '会计基础（夜校第3讲）'
const NEW = `夜校E2E口语课${Date.now() % 100000}`

/**
 * The office's 夜校 in the console at 1366×768: 管理员 creates and publishes a class (the dialog's
 * checks), opens the demo class of today, marks 林小雨 present (老师标记), sees its printable
 * check-in QR code (the address it encodes), changes the code, and exports the sign-ups and
 * attendance; 财务 reads without the write actions.
 */
test.describe('console 夜校: classes, sign-ups, attendance, QR code, export', () => {
  const t = consoleSuite()
  let page: Page
  const errors: string[] = []

  test.beforeAll(async () => {
    page = await t.page('admin')
    page.on('pageerror', (e) => errors.push(e.message))
  })

  test('夜校课程: the list, and a new class created and published through the dialog', async () => {
    await openConsole(page, t.app, '/night/classes')
    await expect(rowWith(page, TODAY)).toContainText('已上架')
    await expect(page.getByRole('menuitem', { name: '夜校课程' })).toBeVisible()
    await page.getByRole('button', { name: /新建夜校课/ }).click()
    const dialog = modal(page, '新建夜校课')
    await dialog.getByRole('button', { name: /^创\s*建$/ }).click()
    await expect(dialog).toContainText('请填写课程名称')
    await formItem(dialog, '课程名称').locator('input').fill(NEW)
    await formItem(dialog, '科目').locator('input').fill('大学英语')
    await formItem(dialog, '授课老师').locator('input').fill('Lisa')
    await formItem(dialog, '名额').locator('input').fill('2')
    await typeRange(page, formItem(dialog, '上课时间').locator('.ant-picker'), '2027-03-02 19:00', '2027-03-02 21:00')
    await formItem(dialog, '上课地点').locator('input').fill('语音室')
    await formItem(dialog, '上架').locator('button[role=switch]').click()
    await screenshot(page, 'console-night-new')
    await dialog.getByRole('button', { name: /^创\s*建$/ }).click()
    await page.waitForURL(/\/admin\/night\/classes\/\d+$/)
    await settled(page)
    const summary = page.getByTestId('night-summary')
    await expect(summary).toContainText('0 / 2')
    await expect(summary).toContainText('2027-03-02 19:00 至 21:00')
    await expect(summary).toContainText('已上架')
    await expect(page.locator('.night-qr img')).toHaveAttribute('data-url', /\/pages\/night\/checkIn\?c=\d+&t=[A-Za-z0-9_-]{24}$/)
  })

  test('a class of today: 林小雨 marked present by the teacher, the QR code changed, the list exported', async () => {
    await openConsole(page, t.app, '/night/classes')
    await rowWith(page, TODAY).getByRole('link', { name: TODAY }).click()
    await page.waitForURL(/\/admin\/night\/classes\/\d+$/)
    await settled(page)
    const row = rowWith(page, '林小雨')
    await expect(row).toContainText('已报名')
    if ((await row.textContent())?.includes('未签到')) {
      await row.getByText('标记出勤').click()
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /^确\s*定$/ })
        .click()
      await expect.poll(() => messages(page)).toContain('已标记出勤')
    }
    await expect(row).toContainText(/老师标记|扫码签到/)
    const qr = page.locator('.night-qr img')
    await expect(qr).toHaveAttribute('data-url', /\/pages\/night\/checkIn\?c=\d+&t=/)
    await expect(page.getByTestId('night-qr')).toContainText(TODAY)
    await screenshot(page, 'console-night-detail')
    // The room's screen: six digits that change every 30 s, the same code in its QR address, a countdown.
    await page.getByRole('button', { name: /投屏签到码/ }).click()
    const screen = page.getByTestId('night-screen')
    await expect(screen.getByTestId('night-screen-code')).toHaveText(/^\d{3} \d{3}$/)
    const digits = (await screen.getByTestId('night-screen-code').textContent())!.replace(' ', '')
    await expect(screen.locator('img')).toHaveAttribute('data-url', new RegExp(`/pages/night/checkIn\\?c=\\d+&t=(${digits}|\\d{6})$`))
    await expect(screen.getByTestId('night-screen-countdown')).toContainText(/\d+秒后更换/)
    await screenshot(page, 'console-night-screen')
    await page.locator('.ant-drawer-close').click()
    await expect(screen).toHaveCount(0)
    const before = await qr.getAttribute('data-url')
    await page.getByRole('button', { name: /更换二维码/ }).click()
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /^更\s*换$/ })
      .click()
    await expect.poll(() => messages(page)).toContain('二维码已更换，请重新打印')
    await expect.poll(() => qr.getAttribute('data-url')).not.toBe(before)

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('night-export').click()])
    expect(download.suggestedFilename()).toBe(`${TODAY}-报名与出勤.xlsx`)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(await download.path())
    const sheet = book.getWorksheet('报名与出勤')!
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    expect(header).toEqual(['姓名', '学号', '手机', '报名状态', '报名时间', '取消原因', '出勤', '签到方式', '签到时间'])
    const lin = (sheet.getRow(2).values as unknown[]).slice(1)
    expect(lin[0]).toBe('林小雨')
    expect(lin[2]).toMatch(/\*{4}/)
    expect(lin[6]).toBe('已签到')
    expect(errors).toEqual([])
  })

  test('财务 reads the classes and sign-ups without the write actions', async () => {
    const finance = await t.page('finance')
    await openConsole(finance, t.app, '/night/classes')
    await expect(rowWith(finance, TODAY)).toBeVisible()
    await expect(finance.getByRole('button', { name: /新建夜校课/ })).toHaveCount(0)
    await rowWith(finance, TODAY).getByRole('link', { name: TODAY }).click()
    await settled(finance)
    await expect(rowWith(finance, '林小雨')).toBeVisible()
    await expect(finance.getByText('标记出勤')).toHaveCount(0)
    await expect(finance.getByRole('button', { name: /更换二维码/ })).toHaveCount(0)
    await expect(finance.getByRole('button', { name: /打印二维码/ })).toBeVisible()
    await screenshot(finance, 'console-night-finance')
  })
})
