import type { Browser, BrowserContext, Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { chooseInPicker, launchBrowser, phoneScreen, screenshot, transitionsEnded, type RunningApp, expect, test } from './harness'
import {
  ADMIN,
  client,
  desktopContext,
  type FormApiUser,
  modal,
  ok,
  openConsole,
  operatorApi,
  rowWith,
  signInConsole,
  startOfficeApp,
} from './office-support'
import { signInStudent } from './dashboard-support'
import { visible } from './user-helpers'

// One app server for the file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * Issue 44's demo journey against the real back-office with the demo data: the office publishes the
 * draft mailing 2026年春季教材 to 林小雨's batch on 教材邮寄; she confirms her address on 我的教材 (the
 * region picker's three columns); the office exports the list for the warehouse, imports the
 * waybills from a spreadsheet, and the sandbox carrier pushes 揽收, 派件 and 签收 from the parcel's
 * drawer; she follows the timeline and confirms receipt once; a points-shop exchange (帆布书包)
 * shows its parcel the same way. The pushes' signature and de-duplication are the server tests'.
 */
const STUDENT = { phone: '13900000000', name: '林小雨' }
const MAILING = '2026年春季教材'
const STREET = '文三路478号华星科技大厦8楼'
const WAYBILL = 'SF1440000000044'
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

interface Mailing {
  id: number
  title: string
  status: string
  counts: { students: number; confirmed: number; shipped: number; signed: number; received: number }
}

test.describe('教材邮寄：发布、确认地址、导入运单、物流推送、确认收货', () => {
  let app: RunningApp
  let browser: Browser
  let phone: BrowserContext
  let page: Page
  let desk: BrowserContext
  let console: Page
  let student: FormApiUser
  let office: FormApiUser
  let admin: FormApiUser
  let mailing: Mailing

  test.beforeAll(async () => {
    app = await startOfficeApp()
    browser = await launchBrowser()
    phone = await phoneScreen(browser, { timezoneId: 'Asia/Shanghai' })
    page = await phone.newPage()
    await signInStudent(page, app, STUDENT.phone)
    student = client(app, (await phone.cookies()).map((c) => `${c.name}=${c.value}`).join('; '))
    office = await operatorApi(app, 'office')
    admin = await operatorApi(app, ADMIN.account, ADMIN.password)
    desk = await desktopContext(browser)
    console = await desk.newPage()
    await signInConsole(console, app, 'office')
  })
  test.afterAll(async () => {
    await desk?.close()
    await phone?.close()
    await browser?.close()
    await app?.stop()
  })

  const mailingNow = async () =>
    ok(await office.call<{ list: Mailing[] }>('GET', '/api/ems/textbook/mail/list', { page: 1, size: 20 })).list.find(
      (m) => m.title === MAILING,
    )!

  test('the office publishes the demo mailing on 教材邮寄, saying how many students it reaches', async () => {
    await openConsole(console, app, '/textbooks')
    await rowWith(console, MAILING).getByRole('button', { name: '发布' }).click()
    const confirm = console.locator('.ant-popconfirm', { hasText: `发布「${MAILING}」？` })
    await confirm.getByText(/将邮寄给 \d+ 名在读学员/).waitFor()
    await confirm.getByRole('button', { name: /发\s*布/ }).click()
    await console.getByText(/已发布，\d+ 名学员收到通知/).waitFor()
    mailing = await mailingNow()
    expect(mailing.status).toBe('已发布')
    expect(mailing.counts.students).toBeGreaterThan(0)
    await screenshot(console, 'textbooks-published')
  })

  test('she confirms her address on 我的教材: the suggested name and phone, the region picker, the street', async () => {
    await page.goto(`${app.url}/pages/student/textbooks`)
    const card = visible(page, '.textbook-card', MAILING)
    await card.waitFor({ timeout: 30_000 })
    await expect(card.locator('.textbook-card__state')).toHaveText('待确认')
    await card.getByRole('link', { name: '确认地址' }).click()
    await page.waitForURL(/textbookAddress/)
    await expect(page.locator('.textbook-form input').first()).toHaveValue(STUDENT.name)
    await visible(page, '.app-region-picker').click()
    await chooseInPicker(page, ['浙江省', '杭州市', '西湖区'])
    await page.locator('.textbook-form__street textarea').fill(STREET)
    await screenshot(page, 'textbooks-address-form')
    await visible(page, '.textbook-form__submit').click()
    await page.waitForURL(/pages\/student\/textbooks(\?|$)/)
    const confirmed = visible(page, '.textbook-card', MAILING)
    await expect(confirmed.locator('.textbook-card__state')).toHaveText('已确认', { timeout: 30_000 })
    await expect(confirmed.locator('.textbook-address__where')).toHaveText(`浙江省 杭州市 西湖区 ${STREET}`)
  })

  test('the office exports the list, imports the waybills, and the sandbox carrier pushes 揽收, 派件 and 签收', async () => {
    // The warehouse's list: her address, the phone masked for a position without 明文导出.
    const file = await office.raw(`/api/ems/textbook/record/export?mailingId=${mailing.id}`)
    expect(file.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await file.arrayBuffer())
    const sheet = book.worksheets[0]!
    const rows = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1).map((v) => String(v ?? '')))
    const hers = rows.find((r) => r[1] === STUDENT.name)!
    expect(hers.slice(4, 8)).toEqual(['浙江省', '杭州市', '西湖区', STREET])
    const studentNo = hers[0]!

    // The waybills back from the warehouse, as a spreadsheet.
    const waybills = new ExcelJS.Workbook()
    const ws = waybills.addWorksheet('运单')
    ws.addRow(['学号', '姓名', '快递公司', '运单号'])
    ws.addRow([studentNo, STUDENT.name, '顺丰速运', WAYBILL])
    await openConsole(console, app, `/textbooks/${mailing.id}`)
    await console.getByRole('button', { name: '导入运单' }).click()
    const dialog = modal(console, /导入运单/)
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: '运单.xlsx', mimeType: XLSX, buffer: Buffer.from(await waybills.xlsx.writeBuffer()) })
    await dialog.getByRole('button', { name: '开始导入' }).click()
    await dialog.getByText('共 1 行：新发货 1，更换运单 0，未变 0').waitFor()
    await dialog.getByRole('button', { name: /关\s*闭/ }).click()

    // Her parcel's drawer: the sandbox carrier pushes each step through the signed callback.
    await rowWith(console, STUDENT.name)
      .getByRole('button', { name: `查看${STUDENT.name}的物流` })
      .click()
    const drawer = console.locator('.ant-drawer-content', { hasText: WAYBILL })
    await transitionsEnded(drawer)
    for (const [step, tracks] of [
      ['揽收', 1],
      ['派件', 2],
      ['签收', 3],
    ] as const) {
      await drawer.getByRole('button', { name: `模拟${step}` }).click()
      await expect(drawer.locator('.ant-timeline-item')).toHaveCount(tracks)
    }
    await expect(drawer.getByText('签收', { exact: true }).first()).toBeVisible()
    await screenshot(console, 'textbooks-parcel-drawer')
    expect((await mailingNow()).counts).toMatchObject({ shipped: 1, signed: 1 })
  })

  test('she follows the timeline on 我的教材 and confirms receipt once', async () => {
    await page.goto(`${app.url}/pages/student/textbooks`)
    const card = visible(page, '.textbook-card', MAILING)
    await expect(card.locator('.textbook-card__state')).toHaveText('已签收', { timeout: 30_000 })
    await card.locator('.parcel__toggle').click()
    await expect(card.locator('.parcel-track')).toHaveCount(3)
    await expect(card.locator('.parcel-track__context').first()).toContainText('签收')
    await card.locator('.parcel__confirm').click()
    await page.locator('.app-dialog__confirm').click()
    await expect(card.locator('.parcel__received')).toContainText('已确认收货', { timeout: 30_000 })
    await expect(card.locator('.textbook-card__state')).toHaveText('已收货')
    await screenshot(page, 'textbooks-received')
  })

  test('a points-shop exchange (帆布书包) shows its parcel the same way', async () => {
    type Good = { id: number; name: string }
    const goods = ok(await student.call<{ list: Good[] }>('GET', '/api/fms/cybermoney/shopGood/listForClient', { page: 1, size: 20 })).list
    const bag = goods.find((g) => g.name === '帆布书包')!
    const address = JSON.stringify({ name: STUDENT.name, phone: STUDENT.phone, address: `浙江省杭州市西湖区${STREET}` })
    const { order } = ok(
      await student.call<{ order: { id: number } }>('POST', '/api/fms/cybermoney/goodOrder/order', {
        goodId: bag.id,
        quantity: 1,
        address,
      }),
    )
    const shipped = ok(
      await admin.call<{ parcel: { id: number } }>('PUT', '/api/fms/cybermoney/goodOrder/setExpressNumber', {
        id: order.id,
        expressCompany: '中通快递',
        expressNo: '7800000000044',
      }),
    )
    ok(await admin.call('POST', '/api/ems/express/sandbox/push', { id: shipped.parcel.id, step: '揽收' }))

    await page.goto(`${app.url}/pages/points/orders`)
    const parcel = visible(page, '.parcel', '7800000000044')
    await parcel.waitFor({ timeout: 30_000 })
    await expect(parcel.locator('.parcel__carrier')).toHaveText('中通快递')
    await parcel.locator('.parcel__toggle').click()
    await expect(parcel.locator('.parcel-track')).toHaveCount(1)
    await screenshot(page, 'textbooks-points-parcel')
  })
})
