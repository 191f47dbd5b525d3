import ExcelJS from 'exceljs'
import type { Page } from '@playwright/test'
import { screenshot, expect, test } from './harness'
import { choose, consoleSuite, formItem, modal, ok, OPERATORS, openConsole, operatorApi, rowWith } from './console-support'
import { DEMO_PARTNER } from './office-support'
import { countRequests } from './console-config-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

interface Order {
  id: number
  orderNo: string
  amount: number
  payStatus: string
  items: Array<{ name: string; quantity: number; unitPrice: number; amount: number }>
  notifications?: Array<{ outcome: string }>
}

/** An .xlsx of admission results: the template's header row, then `rows`. */
async function resultsSheet(rows: Array<Array<string | number>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('录取信息')
  sheet.addRow(['姓名', '考生号', '总分', '录取院校', '录取专业', '批次', '科类', '年份'])
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await book.xlsx.writeBuffer())
}

async function signInAnswer(app: { url: string }, account: string, password: string): Promise<{ code: number; message: string }> {
  const res = await fetch(`${app.url}/api/bms/system/admin/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ account, password }),
  })
  return (await res.json()) as { code: number; message: string }
}

/** The password the console shows once, then closes the dialog. */
async function passwordShownOnce(page: Page): Promise<string> {
  const shown = page.getByTestId('password-once')
  await shown.waitFor()
  const password = ((await shown.textContent()) ?? '').trim()
  await page.getByRole('button', { name: '我已记下' }).click()
  return password
}

/**
 * APP 版本, 志愿数据, 订单 and 操作员 in the console at 1366×768, each with its main path and a
 * refusal: a new build marked as the latest the apps are offered (a duplicate refused by the
 * server); results imported from .xlsx with a row-level report and the public query answered the
 * same in the console; an order typed in yuan stored in fen and paid through the sandbox's
 * notification; an operator created, its position changed, disabled, its password reset (shown once).
 */
test.describe('console APP 版本, 志愿数据, 订单 and 操作员', () => {
  const t = consoleSuite()

  test('管理员 adds an Android build; it becomes the latest offered, and a duplicate build is refused by the server', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/app-versions')
    const add = async (version: string, build: string) => {
      await page.getByRole('button', { name: '新增版本' }).click()
      const form = modal(page, '新增版本')
      await form.getByLabel('版本号').fill(version)
      await form.getByLabel('构建号').fill(build)
      await form.getByLabel('下载地址').fill(`https://download.example.com/app-${version}.apk`)
      await form.getByLabel('更新说明').fill('新增志愿查询结果推送')
      await form.getByRole('button', { name: /确\s*定/ }).click()
      return form
    }
    await add('1.4.0', '140')
    await rowWith(page, '1.4.0').getByTestId('latest-tag').waitFor()
    expect(
      await rowWith(page, /Android\s*1\.3\.0/)
        .getByTestId('latest-tag')
        .count(),
    ).toBe(0)
    const latest = (await (await fetch(`${t.app.url}/api/bms/develop/appVersion/latest?platform=android`)).json()) as {
      data: { version: string }
    }
    expect(latest.data.version).toBe('1.4.0')
    await screenshot(page, 'console-config-versions')

    const again = await add('1.4.0', '141')
    await again.getByRole('alert').filter({ hasText: '该平台已有相同的版本号或构建号' }).waitFor()
    await screenshot(page, 'console-config-versions-refused')
  })

  test('a teacher imports admission results from .xlsx: good rows saved, a bad row reported by number, and nothing else changed', async () => {
    const page = await t.page('teacher')
    await openConsole(page, t.app, '/volunteer')
    await page.getByRole('button', { name: '导入录取信息' }).click()
    const dialog = modal(page, '导入录取信息')
    expect(await dialog.getByRole('link', { name: /下载录取信息导入模板/ }).getAttribute('href')).toBe(
      '/api/ems/adultexam/studentExamInfo/downloadMould',
    )
    const file = await resultsSheet([
      ['孙悦', '2026330100099', 301, '浙江开放大学', '行政管理', '专升本', '经管类', 2026],
      ['钱多', 'ABC', 200, '', '', '专升本', '', 2026],
    ])
    await dialog.locator('input[type=file]').setInputFiles({
      name: '录取信息.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    })
    const report = dialog.getByTestId('import-report')
    await report.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      await screenshot(page, 'console-config-volunteer-import-failed')
      throw error
    })
    expect(await report.innerText()).toMatch(/共 2 行：导入 1 行，1 行有问题未导入/)
    expect(await report.locator('.ant-table-row').first().innerText()).toMatch(/^3\s+.*考生号/)
    await screenshot(page, 'console-config-volunteer-import')
    await dialog.getByRole('button', { name: '关闭' }).click()
    await rowWith(page, '2026330100099').waitFor()
    await expect(rowWith(page, '钱多')).toHaveCount(0)
  })

  test('the query box answers what the public volunteer page answers, including its refusal', async () => {
    const page = await t.page('teacher')
    await openConsole(page, t.app, '/volunteer/query')
    await formItem(page, '姓名').locator('input').fill('孙悦')
    await formItem(page, '考生号').locator('input').fill('2026 3301 0009 9')
    await page.getByRole('button', { name: /查\s*询/ }).click()
    const answer = page.getByTestId('volunteer-answer')
    await answer.waitFor()
    const pub = (await (
      await fetch(`${t.app.url}/api/ems/adultexam/volunteer/query?name=${encodeURIComponent('孙悦')}&examNo=2026330100099`)
    ).json()) as { data: { school: string; major: string; totalScore: number; scoreLines: unknown[] } }
    const text = await answer.innerText()
    for (const part of [pub.data.school, pub.data.major, String(pub.data.totalScore), '已录取'])
      expect(text.includes(part), part).toBeTruthy()
    await expect(answer.locator('.ant-table-row')).toHaveCount(pub.data.scoreLines.length)
    await screenshot(page, 'console-config-volunteer-query')

    await formItem(page, '考生号').locator('input').fill('2026330100098')
    await page.getByRole('button', { name: /查\s*询/ }).click()
    await page.getByText('未查询到录取信息，请核对姓名和考生号').waitFor()
    await formItem(page, '考生号').locator('input').fill('12')
    await page.getByRole('button', { name: /查\s*询/ }).click()
    await page.getByText('考生号为10-18位数字').waitFor()

    await openConsole(page, t.app, '/volunteer')
    await rowWith(page, '2026330100099').getByText('删除').click()
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /删\s*除/ })
      .click()
    await page.waitForFunction(() => !document.body.innerText.includes('2026330100099'))
  })

  test('finance creates an order for a partner in yuan; it is stored in fen and the sandbox notification marks it paid', async () => {
    const page = await t.page('finance')
    await openConsole(page, t.app, '/orders')
    await page.getByRole('button', { name: '新建订单' }).click()
    const form = modal(page, '新建订单')
    await choose(page, formItem(form, '合伙人').locator('.ant-select'), DEMO_PARTNER.name, DEMO_PARTNER.code)
    await form.getByPlaceholder('项目，如 学费').first().fill('学费')
    await form.getByPlaceholder('单价').first().fill('3800.50')
    await form.getByRole('button', { name: '添加一项' }).click()
    await form.getByPlaceholder('项目，如 学费').nth(1).fill('教材')
    await form.getByPlaceholder('数量').nth(1).fill('2')
    await form.getByPlaceholder('单价').nth(1).fill('45')
    await form.getByTestId('order-total').filter({ hasText: '¥3,890.50' }).waitFor()
    await screenshot(page, 'console-config-orders-create')
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await page.waitForURL(/\/admin\/orders\/\d+$/)
    const id = Number(new URL(page.url()).pathname.split('/').pop())

    const finance = await operatorApi(t.app, OPERATORS.finance.account, OPERATORS.finance.password)
    const order = ok(await finance.call<Order>('GET', '/api/fms/finance/order/details', { id }))
    expect(order.amount).toBe(389050)
    expect(order.items.map((i) => [i.name, i.quantity, i.unitPrice])).toStrictEqual([
      ['学费', 1, 380050],
      ['教材', 2, 4500],
    ])
    expect(order.payStatus).toBe('待支付')

    const paid = await fetch(`${t.app.url}/api/dev/payments/complete?orderNo=${order.orderNo}`, { method: 'POST' })
    expect(((await paid.json()) as { code: number }).code).toBe(0)
    await page.reload()
    await page.locator('.console-page .ant-tag', { hasText: '支付成功' }).waitFor({ timeout: 30_000 })
    const after = ok(await finance.call<Order>('GET', '/api/fms/finance/order/details', { id }))
    if (after.notifications) {
      // The back-office lists the notifications it received: the console shows each one.
      await page.getByTestId('order-notifications').getByText('已入账').waitFor()
    }
    await screenshot(page, 'console-config-orders-detail')
  })

  test('a price with three decimals never leaves the order form, and a teacher cannot open the orders', async () => {
    const page = await t.page('finance')
    await openConsole(page, t.app, '/orders')
    const posts = countRequests(page, 'POST', '/api/fms/finance/order')
    await page.getByRole('button', { name: '新建订单' }).click()
    const form = modal(page, '新建订单')
    await choose(page, formItem(form, '合伙人').locator('.ant-select'), DEMO_PARTNER.name, DEMO_PARTNER.code)
    await form.getByPlaceholder('项目，如 学费').first().fill('学费')
    await form.getByPlaceholder('单价').first().fill('12.345')
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await form.getByText('单价须为数字，最多两位小数').waitFor()
    expect(posts.count).toBe(0)
    await screenshot(page, 'console-config-orders-refused')

    const teacher = await t.page('teacher')
    await teacher.goto(`${t.app.url}/admin/orders`)
    await teacher.getByText('无权访问').waitFor()
  })

  test('管理员 creates an operator (password shown once), changes the position, disables and resets the password', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/operators')
    await page.getByRole('button', { name: '新增操作员' }).click()
    const form = modal(page, '新增操作员')
    await form.getByLabel('账号').fill('zhangsan')
    await form.getByLabel('姓名').fill('张老师')
    await form.getByRole('button', { name: /确\s*定/ }).click()
    const first = await passwordShownOnce(page)
    expect(first).toMatch(/^[A-Za-z0-9]{12}$/)
    expect((await signInAnswer(t.app, 'zhangsan', first)).code).toBe(0)
    await rowWith(page, 'zhangsan').getByText('招生老师').waitFor()

    await rowWith(page, 'zhangsan').getByText('修改').click()
    const edit = modal(page, '修改操作员 zhangsan')
    await choose(page, formItem(edit, '岗位').locator('.ant-select'), '财务')
    await edit.getByRole('button', { name: /确\s*定/ }).click()
    await rowWith(page, 'zhangsan').locator('.ant-tag', { hasText: '财务' }).waitFor()

    await rowWith(page, 'zhangsan').getByText('停用').click()
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click()
    // Its action turns to 启用 once the server has answered (the status column said 启用 before).
    await rowWith(page, 'zhangsan').locator('a', { hasText: '启用' }).waitFor()
    expect((await signInAnswer(t.app, 'zhangsan', first)).message).toBe('账号已停用')
    await rowWith(page, 'zhangsan').locator('a', { hasText: '启用' }).click()
    await rowWith(page, 'zhangsan').locator('a', { hasText: '停用' }).waitFor()

    await rowWith(page, 'zhangsan').getByText('重置密码').click()
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click()
    const second = await passwordShownOnce(page)
    expect(second).not.toBe(first)
    expect((await signInAnswer(t.app, 'zhangsan', first)).code === 0).toBe(false)
    expect((await signInAnswer(t.app, 'zhangsan', second)).code).toBe(0)
    await screenshot(page, 'console-config-operators')
  })

  test('an account already taken is refused with the server message', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/operators')
    await page.getByRole('button', { name: '新增操作员' }).click()
    const form = modal(page, '新增操作员')
    await form.getByLabel('账号').fill('teacher')
    await form.getByLabel('姓名').fill('重名老师')
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await form.getByRole('alert').filter({ hasText: '账号已存在' }).waitFor()
    await screenshot(page, 'console-config-operators-refused')
  })
})
