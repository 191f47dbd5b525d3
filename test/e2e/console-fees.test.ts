import { screenshot, expect, test } from './harness'
import { consoleSuite, choose, formItem, modal, ok, OPERATORS, openConsole, operatorApi, rowWith } from './console-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

const SUBMIT = /^确\s*定$/

interface FeeOrder {
  id: number
  orderNo: string
  title: string
  feeKind: string
  payStatus: string
  studentName: string
}

/**
 * 缴费 in the console (1366×768), as 财务 with the demo data: a standard bulk-raised for its
 * students (a second run raises none), an order raised for one student, the demo student's paid
 * textbook order refunded in part, its receipt voided and reissued; 设置 under 系统 for 管理员.
 */
test.describe('console 缴费 and 设置', () => {
  const t = consoleSuite()
  const financeApi = () => operatorApi(t.app, OPERATORS.finance.account, OPERATORS.finance.password)

  test('财务 adds a standard and bulk-raises it; a second run raises none', async () => {
    const page = await t.page('finance')
    await openConsole(page, t.app, '/fee-standards')
    await page.getByRole('button', { name: '新增收费标准' }).click()
    const dialog = modal(page, '新增收费标准')
    await formItem(dialog, '院校').locator('input').fill('浙江工商大学')
    await formItem(dialog, '专业').locator('input').fill('工商管理')
    await choose(page, formItem(dialog, '层次').locator('.ant-select'), '本科')
    await choose(page, formItem(dialog, '费用类型').locator('.ant-select'), '考试费')
    await formItem(dialog, '收费名称').locator('input').fill('2026年学位英语考试费')
    await formItem(dialog, '金额').locator('input').fill('120')
    await dialog.getByRole('button', { name: SUBMIT }).click()
    await page.locator('.ant-message-notice', { hasText: '收费标准已新增' }).waitFor()
    const row = rowWith(page, '2026年学位英语考试费')
    await row.waitFor()
    expect(await row.innerText()).toContain('¥120.00')
    await screenshot(page, 'console-fee-standards')

    await row.getByText('批量开单').click()
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /开\s*单/ })
      .click()
    await page.locator('.ant-message-notice', { hasText: /已开具 1 张缴费单，0 人已有跳过/ }).waitFor()
    await expect(page.locator('.ant-popconfirm:visible')).toHaveCount(0)
    await row.getByText('批量开单').click()
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /开\s*单/ })
      .click()
    await page.locator('.ant-message-notice', { hasText: /已开具 0 张缴费单，1 人已有跳过/ }).waitFor()
  })

  test('财务 raises an order for a student from the list', async () => {
    const page = await t.page('finance')
    await openConsole(page, t.app, '/fee-orders')
    await page.getByRole('button', { name: '开具缴费单' }).click()
    const dialog = modal(page, '开具缴费单')
    await choose(page, formItem(dialog, '学员').locator('.ant-select'), /林小雨/, '林小雨')
    await choose(page, formItem(dialog, '费用类型').locator('.ant-select'), '其他')
    await formItem(dialog, '缴费明细').locator('input').first().fill('校服')
    await formItem(dialog, '缴费明细').locator('input[placeholder="单价"]').fill('80')
    await dialog.getByRole('button', { name: SUBMIT }).click()
    await page
      .getByText(/缴费单 \d{20}/)
      .first()
      .waitFor()
    expect(await page.getByTestId('fee-pay-amount').innerText()).toBe('¥80.00')
    await screenshot(page, 'console-fee-order-raised')
  })

  test('财务 refunds part of the paid textbook order, voids its receipt and reissues it', async () => {
    const finance = await financeApi()
    const list = ok(
      await finance.call<{ list: FeeOrder[] }>('GET', '/api/fms/finance/feeOrder/list?payStatus=%E6%94%AF%E4%BB%98%E6%88%90%E5%8A%9F'),
    )
    const books = list.list.find((o) => o.feeKind === '教材费' && o.studentName === '林小雨')
    expect(books, 'the demo paid textbook order').toBeTruthy()
    const page = await t.page('finance')
    await openConsole(page, t.app, `/fee-orders/${books!.id}`)
    await page.getByTestId('refund').click()
    const dialog = modal(page, '退款')
    await formItem(dialog, '退款金额').locator('input').fill('45')
    await formItem(dialog, '退款原因').locator('textarea').fill('少发一本教材')
    await dialog.getByRole('button', { name: SUBMIT }).click()
    await page.locator('.ant-message-notice', { hasText: '已退款 ¥45.00' }).waitFor()
    await expect.poll(() => page.getByTestId('fee-refunded').innerText()).toBe('¥45.00')
    expect(await page.getByTestId('fee-refunds').innerText()).toContain('已退款')

    const receipts = page.getByTestId('fee-receipts')
    const receiptNo = (await receipts.locator('tbody tr').first().innerText()).match(/SJ\d{14}/)?.[0]
    expect(receiptNo).toBeTruthy()
    await receipts.getByText('作废').click()
    const voidDialog = modal(page, /作废收据/)
    await formItem(voidDialog, '作废原因').locator('textarea').fill('抬头有误')
    await voidDialog.getByRole('button', { name: SUBMIT }).click()
    await page.locator('.ant-message-notice', { hasText: '收据已作废' }).waitFor()
    await receipts.getByText('已作废：抬头有误').waitFor()
    await receipts.getByText('重开').click()
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: SUBMIT }).click()
    await page.locator('.ant-message-notice', { hasText: /已重开收据 SJ\d{14}/ }).waitFor()
    await expect.poll(() => receipts.locator('tbody tr').count()).toBe(2)
    const texts = await receipts.locator('tbody tr').allInnerTexts()
    expect(texts.some((r) => r.includes(receiptNo!) && r.includes('已作废'))).toBe(true)
    expect(texts.some((r) => !r.includes(receiptNo!) && r.includes('有效'))).toBe(true)
    await screenshot(page, 'console-fee-order-detail')
  })

  test('管理员 turns on 佣金待学员缴学费后解冻 in 设置; 财务 has no 设置', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/settings')
    await formItem(page, '佣金待学员缴学费后解冻').locator('button[role="switch"]').click()
    await page.getByRole('button', { name: /保\s*存/ }).click()
    await page.locator('.ant-message-notice', { hasText: '设置已保存' }).waitFor()
    const admin = await operatorApi(t.app, OPERATORS.admin.account, OPERATORS.admin.password)
    expect(ok(await admin.call<Record<string, unknown>>('GET', '/api/bms/develop/config/settings'))['commission.untilTuitionPaid']).toBe(
      true,
    )
    await screenshot(page, 'console-settings')
    const finance = await financeApi()
    expect((await finance.call('GET', '/api/bms/develop/config/settings')).code).not.toBe(0)
  })
})
