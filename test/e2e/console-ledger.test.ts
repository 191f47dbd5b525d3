import type { Page } from '@playwright/test'
import { screenshot, expect, test } from './harness'
import { consoleSuite } from './console-support'
import { choose, DEMO_PARTNER, formItem, modal, openConsole, rowWith, tableRows } from './office-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * 资金流水 in the console, as finance works it at 1366×768: every partner's entries with the
 * filters in the address, and a balance adjustment confirmed against the server's preview of the
 * balance after (one that would go below zero is refused there, before anything is written).
 * The demo partner's balance starts at ¥700.00 (commissions, a ¥500 bonus, two withdrawals).
 */
test.describe('console 资金流水: finance reads the ledger and adjusts a balance', () => {
  const t = consoleSuite()
  let page: Page

  test.beforeAll(async () => {
    page = await t.page('finance')
  })

  test('lists every entry and keeps the type filter through a reload', async () => {
    await openConsole(page, t.app, '/ledger')
    await tableRows(page).first().waitFor()
    const types = await tableRows(page).locator('.ant-tag').allTextContents()
    expect(types.includes('佣金') && types.includes('提现') && types.includes('调整'), types.join(',')).toBeTruthy()

    await choose(page, formItem(page, '类型').locator('.ant-select'), '佣金')
    await page.getByRole('button', { name: /查\s*询/ }).click()
    await page.waitForURL((url) => url.searchParams.get('type') === '佣金')
    await page.reload()
    await tableRows(page).first().waitFor()
    const filtered = await tableRows(page).locator('.ant-tag').allTextContents()
    expect(filtered.length > 0 && filtered.every((t) => t === '佣金'), filtered.join(',')).toBeTruthy()
    await expect(formItem(page, '类型').locator('.ant-select-selection-item', { hasText: '佣金' })).toHaveCount(1)
  })

  test('adjusts a balance after confirming the balance after, and the entry is listed', async () => {
    await openConsole(page, t.app, '/ledger')
    await page.getByTestId('adjust').click()
    const form = modal(page, '余额调整')
    await choose(page, formItem(form, '合伙人').locator('.ant-select'), DEMO_PARTNER.phone, DEMO_PARTNER.phone)
    await form.getByText('扣减余额').click()
    await form.getByPlaceholder('例如 50.00').fill('50.5')
    // The note is required: nothing is sent without it.
    await form.getByRole('button', { name: '下一步：确认' }).click()
    await form.getByText('请填写调整说明').waitFor()
    await form.getByPlaceholder('例如：活动奖励、误发佣金冲正').fill('误发佣金冲正')
    await form.getByRole('button', { name: '下一步：确认' }).click()

    const confirm = page.getByTestId('adjust-confirm')
    await expect(confirm).toHaveText(/当前余额¥700\.00/)
    expect((await confirm.textContent()) ?? '').toMatch(/调整金额-¥50\.50/)
    await expect(confirm.getByTestId('balance-after')).toHaveText('¥649.50')
    await screenshot(page, 'console-ledger-adjust')
    await modal(page, '确认余额调整').getByRole('button', { name: '确认调整' }).click()
    await page.locator('.ant-message', { hasText: '余额为 ¥649.50' }).waitFor()

    const entry = rowWith(page, '误发佣金冲正')
    await expect(entry).toHaveText(/调整-¥50\.50¥649\.50/)
    await screenshot(page, 'console-ledger')
  })

  test('refuses an adjustment that would take the balance below zero, before writing anything', async () => {
    await openConsole(page, t.app, '/ledger')
    await tableRows(page).first().waitFor()
    const before = await tableRows(page).count()
    await page.getByTestId('adjust').click()
    const form = modal(page, '余额调整')
    await choose(page, formItem(form, '合伙人').locator('.ant-select'), DEMO_PARTNER.phone, DEMO_PARTNER.phone)
    await form.getByText('扣减余额').click()
    await form.getByPlaceholder('例如 50.00').fill('10000')
    await form.getByPlaceholder('例如：活动奖励、误发佣金冲正').fill('超额扣减')
    await form.getByRole('button', { name: '下一步：确认' }).click()
    const confirm = page.getByTestId('adjust-confirm')
    await confirm.getByRole('alert').filter({ hasText: '余额不足' }).waitFor()
    await expect(confirm.getByTestId('balance-after')).toHaveText('-¥9,350.50')
    await expect(modal(page, '确认余额调整').getByRole('button', { name: '确认调整' })).toBeDisabled()
    await screenshot(page, 'console-ledger-refused')
    await modal(page, '确认余额调整').getByRole('button', { name: '返回修改' }).click()
    await form.getByRole('button', { name: /取\s*消/ }).click()
    await page.reload()
    await tableRows(page).first().waitFor()
    await expect(tableRows(page)).toHaveCount(before)
  })
})
