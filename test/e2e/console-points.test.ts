import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, screenshot, type RunningApp, expect, test } from './harness'
import {
  ADMIN,
  choose,
  desktopContext,
  formItem,
  modal,
  openConsole,
  rowWith,
  settled,
  signInConsole,
  SUBMIT,
  startOfficeApp,
  tableRows,
} from './office-support'

// One app server for the file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * Issue 25's 积分 group in the console (1366×768) against the real back-office with the demo data:
 * the administrator sees the ways and levels, adds a good, approves the demo student's pending
 * application (points earned), adjusts her points by hand, and ships her exchange with an
 * express number (已发货, and her message).
 */
const STUDENT_PHONE = '13900000000'
const CUP = '积分测试水杯'

interface Envelope<T> {
  code: number
  message: string
  data: T
}

/** The demo student's session (a 登录 code from the development outbox) and her calls. */
async function studentCalls(app: RunningApp) {
  const form = (o: Record<string, string>) => new URLSearchParams(o).toString()
  const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: app.url }
  await fetch(`${app.url}/api/ums/user/user/sendVerify`, {
    method: 'POST',
    headers: FORM,
    body: form({ phone: STUDENT_PHONE, type: '登录' }),
  })
  const outbox = (await (await fetch(`${app.url}/api/dev/smsOutbox?phone=${STUDENT_PHONE}`)).json()) as Envelope<
    Array<{ code: string | null }>
  >
  const code = outbox.data.find((m) => m.code)?.code ?? ''
  const res = await fetch(`${app.url}/api/ums/user/user/signInByCode`, {
    method: 'POST',
    headers: FORM,
    body: form({ phone: STUDENT_PHONE, code }),
  })
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return async <T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> => {
    const answer = (await (
      await fetch(`${app.url}${path}`, {
        method,
        headers: { cookie, origin: app.url, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      })
    ).json()) as Envelope<T>
    expect(answer.code, answer.message).toBe(0)
    return answer.data
  }
}

test.describe('积分后台：途径、等级、商品、积分申请、人工调整、兑换发货', () => {
  let app: RunningApp
  let browser: Browser
  let desk: BrowserContext
  let office: Page
  let student: Awaited<ReturnType<typeof studentCalls>>

  test.beforeAll(async () => {
    app = await startOfficeApp()
    browser = await launchBrowser()
    desk = await desktopContext(browser)
    office = await desk.newPage()
    student = await studentCalls(app)
  })
  test.afterAll(async () => {
    await desk?.close()
    await browser?.close()
    await app?.stop()
  })

  const balance = async () => (await student<{ balance: number }>('GET', '/api/zms/point/studentPoint/listForClient')).balance

  test('the ways of every kind and the three levels, in the 积分 menu', async () => {
    await signInConsole(office, app, ADMIN.account, ADMIN.password)
    await openConsole(office, app, '/points/ways')
    await expect.poll(() => tableRows(office).count(), { timeout: 30_000 }).toBe(5)
    for (const kind of ['每日签到', '学习时长', '考试通过', '推荐入学', '线下活动']) await expect(rowWith(office, kind)).toHaveCount(1)
    await office.getByRole('menuitem', { name: '积分等级' }).waitFor()
    await screenshot(office, 'console-points-ways')
    await openConsole(office, app, '/points/levels')
    await expect
      .poll(() => tableRows(office).allTextContents(), { timeout: 30_000 })
      .toEqual([expect.stringContaining('青铜学员'), expect.stringContaining('白银学员'), expect.stringContaining('黄金学员')])
  })

  test('a new good: the form checks it, then it is listed for students', async () => {
    await openConsole(office, app, '/points/goods')
    await office.getByRole('button', { name: '新增商品' }).click()
    const dialog = modal(office, '新增商品')
    await dialog.waitFor()
    await dialog.getByRole('button', { name: SUBMIT }).click()
    await dialog.getByText('请填写商品名称').waitFor()
    await formItem(dialog, '商品名称').locator('input').fill(CUP)
    await formItem(dialog, '所需积分').locator('input').fill('50')
    await formItem(dialog, '库存').locator('input').fill('3')
    await screenshot(office, 'console-points-good-form')
    await dialog.getByRole('button', { name: SUBMIT }).click()
    await office.getByText('商品已新增').waitFor({ timeout: 15_000 })
    await rowWith(office, CUP).waitFor({ timeout: 15_000 })
    await expect(rowWith(office, CUP)).toContainText('上架')
    const shop = await student<{ list: Array<{ name: string }> }>('GET', '/api/fms/cybermoney/shopGood/listForClient?size=100')
    expect(shop.list.map((g) => g.name)).toContain(CUP)
    await screenshot(office, 'console-points-goods')
  })

  test("approving the demo student's pending application earns her the way's points", async () => {
    const before = await balance()
    await openConsole(office, app, '/points/applications')
    const row = rowWith(office, '参加了社区志愿服务活动')
    await row.waitFor({ timeout: 30_000 })
    await expect(row).toContainText('待审核')
    await screenshot(office, 'console-points-applications')
    await row.getByText('通过', { exact: true }).click()
    const dialog = modal(office, /通过 .* 的积分申请/)
    await dialog.waitFor()
    await dialog.locator('textarea').fill('核实无误')
    await dialog.getByRole('button', { name: SUBMIT }).click()
    await office.getByText('已通过，积分已发放').waitFor({ timeout: 15_000 })
    await expect.poll(() => rowWith(office, '参加了社区志愿服务活动').textContent(), { timeout: 15_000 }).toContain('已通过')
    expect(await balance()).toBe(before + 30)
  })

  test('人工调整: never below 0; a reason; the record shows who did it', async () => {
    const before = await balance()
    await openConsole(office, app, '/points/records')
    await office.getByRole('button', { name: '人工调整' }).click()
    const dialog = modal(office, '人工调整积分')
    await dialog.waitFor()
    const select = formItem(dialog, '学员').locator('.ant-select')
    await select.click()
    await office.keyboard.type('林小雨')
    await office.locator('.ant-select-item-option', { hasText: '林小雨' }).first().click()
    await formItem(dialog, '调整积分')
      .locator('input')
      .fill(String(-(before + 1)))
    await formItem(dialog, '调整原因').locator('input').fill('测试扣减')
    await dialog.getByRole('button', { name: SUBMIT }).click()
    await dialog.getByText('扣减后积分不能小于0').waitFor({ timeout: 15_000 })
    await formItem(dialog, '调整积分').locator('input').fill('20')
    await formItem(dialog, '调整原因').locator('input').fill('课堂表现优秀')
    await dialog.getByRole('button', { name: SUBMIT }).click()
    await office.getByText(`积分已调整，当前余额 ${before + 20}`).waitFor({ timeout: 15_000 })
    await rowWith(office, '课堂表现优秀').waitFor({ timeout: 15_000 })
    await expect(rowWith(office, '课堂表现优秀')).toContainText('+20')
    await screenshot(office, 'console-points-records')
  })

  test("学员积分: the demo student's balance, lifetime points and level, and her records one click away", async () => {
    const now = await balance()
    await openConsole(office, app, '/points/students')
    await office.getByPlaceholder('学员姓名、学号或完整手机号').fill('林小雨')
    await office
      .getByRole('button', { name: '查 询' })
      .or(office.getByRole('button', { name: '查询' }))
      .first()
      .click()
    await expect.poll(() => tableRows(office).count(), { timeout: 30_000 }).toBe(1)
    const row = rowWith(office, '林小雨')
    await expect(row).toContainText(String(now))
    await screenshot(office, 'console-points-students')
    await row.getByRole('link', { name: '林小雨的积分记录' }).click()
    await office.waitForURL(/\/points\/records\?studentId=\d+/)
    await rowWith(office, '课堂表现优秀').waitFor({ timeout: 15_000 })
  })

  test("the student's exchange is shipped with an express number: 已发货 and her message", async () => {
    const shop = await student<{ list: Array<{ id: number; name: string }> }>('GET', '/api/fms/cybermoney/shopGood/listForClient?size=100')
    const cup = shop.list.find((g) => g.name === CUP)!
    await student('POST', '/api/fms/cybermoney/goodOrder/order', {
      goodId: cup.id,
      quantity: 1,
      address: { name: '林小雨', phone: STUDENT_PHONE, address: '杭州市西湖区文三路1号' },
    })
    await openConsole(office, app, '/points/orders')
    const row = rowWith(office, CUP)
    await row.waitFor({ timeout: 30_000 })
    await expect(row).toContainText('待发货')
    await row.getByText('发货', { exact: true }).click()
    const dialog = modal(office, /发货：/)
    await dialog.waitFor()
    await choose(office, formItem(dialog, '快递公司').locator('.ant-select'), '顺丰速运')
    await formItem(dialog, '快递单号').locator('input').fill('SF1234567890')
    await dialog.getByRole('button', { name: SUBMIT }).click()
    await office.getByText('已发货，已通知学员').waitFor({ timeout: 15_000 })
    await expect.poll(() => rowWith(office, CUP).textContent(), { timeout: 15_000 }).toContain('已发货')
    await expect(rowWith(office, CUP)).toContainText('SF1234567890')
    await screenshot(office, 'console-points-orders')
    const orders = await student<{ list: Array<{ goodName: string; status: string; expressNo: string | null }> }>(
      'GET',
      '/api/fms/cybermoney/goodOrder/listForClient',
    )
    expect(orders.list[0]).toMatchObject({ goodName: CUP, status: '已发货', expressNo: 'SF1234567890' })
    await settled(office)
  })
})
