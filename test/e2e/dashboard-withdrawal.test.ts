import { screenshot, expect, test, expectPresent, transitionsEnded } from './harness'
import { signedInPartnerPage, countCalls, signInOperator, textsOf, toastText, waitForTitle, type Operator } from './dashboard-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * 提现 in a real Chromium against the real back-office. The demo partner can withdraw ¥300.00 to
 * 支付宝 138****0000 and has a ¥100.00 withdrawal under review (one at a time), which finance pays
 * first. Then: the minimum, a double tap that sends once, finance paying it, and finance refusing
 * another with the money back in 资金记录.
 */
const APPLY = '/api/ems/partner/withdrawalRecord/apply'

interface Row {
  id: number
  amount: number
  status: string
}

test.describe('提现 (withdrawal)', () => {
  const t = signedInPartnerPage()
  let finance: Operator

  test.beforeAll(async () => {
    finance = await signInOperator(t.app, 'finance')
  })

  async function open() {
    await t.page.goto(`${t.app.url}/pages/partner/withdrawal`)
    await waitForTitle(t.page, '提现')
    await t.page.locator('.withdrawal-head__amount', { hasText: '¥' }).waitFor({ timeout: 20_000 })
    // 申请提现 does nothing until the payout account has arrived too.
    await t.page.locator('.withdrawal-form__account-value:not(.withdrawal-form__account-value--missing)').waitFor()
    await t.page.locator('.withdrawal-item').first().waitFor()
  }

  async function applying(): Promise<Row[]> {
    const res = await finance.call<{ list: Row[] }>('GET', '/api/ems/partner/withdrawalRecord/listForAdmin', { status: '审核中' })
    return res.data.list
  }

  test('shows the withdrawable amount, the payout account and the records with their statuses', async () => {
    await open()
    await expect(t.page.locator('.withdrawal-head__amount')).toHaveText('¥300.00')
    await expect(t.page.locator('.withdrawal-form__account-value')).toHaveText('支付宝 138****0000（陈晓明）')
    expect(await textsOf(t.page, '.withdrawal-item__status')).toStrictEqual(['审核中', '已打款'])
    expect(await textsOf(t.page, '.withdrawal-item__amount')).toStrictEqual(['¥100.00', '¥200.00'])
    expect((await t.page.locator('.withdrawal-item').nth(1).textContent()) ?? '').toMatch(/打款流水号：DEMO-TX-0001/)
    await screenshot(t.page, 'dashboard-withdrawal')
  })

  test('fills the whole withdrawable amount with 全部', async () => {
    await open()
    await t.page.locator('.withdrawal-form__all').click()
    await expect(t.page.locator('.withdrawal-form__amount input')).toHaveValue('300.00')
  })

  test('refuses less than ¥10.00 before sending anything', async () => {
    await open()
    const applies = countCalls(t.page, 'POST', APPLY)
    await t.page.locator('.withdrawal-form__amount input').fill('9.99')
    await t.page.locator('.withdrawal-form__submit').click()
    expect(await toastText(t.page)).toBe('提现金额不能低于¥10.00')
    await expect(t.page.locator('.app-dialog .at-modal__container:visible')).toHaveCount(0)
    await t.page.locator('.withdrawal-form__amount input').fill('300.01')
    await t.page.locator('.withdrawal-form__submit').click()
    await t.page.locator('.app-toast', { hasText: '提现金额超过可提现余额' }).waitFor()
    expect(applies.count).toBe(0)
  })

  test('shows the paid record as 已打款 once finance pays the pending one', async () => {
    const [pending] = await applying()
    expectPresent(pending)
    expect(
      (await finance.call('PUT', '/api/ems/partner/withdrawalRecord/finishPay', { id: pending.id, transactionNo: 'TX-E2E-0002' })).code,
    ).toBe(0)
    await open()
    expect(await textsOf(t.page, '.withdrawal-item__status')).toStrictEqual(['已打款', '已打款'])
    expect((await t.page.locator('.withdrawal-item').first().textContent()) ?? '').toMatch(/TX-E2E-0002/)
  })

  test('sends a double-tapped confirmation once: one 审核中 record, the amount taken from the withdrawable', async () => {
    await open()
    const applies = countCalls(t.page, 'POST', APPLY)
    await t.page.locator('.withdrawal-form__amount input').fill('50')
    // A double tap on 申请提现 opens one confirmation.
    await t.page.locator('.withdrawal-form__submit').dblclick()
    const dialog = t.page.locator('.app-dialog .app-dialog__text')
    await dialog.waitFor()
    await expect(dialog).toHaveText('提现 ¥50.00 到\n支付宝 138****0000（陈晓明）')
    await transitionsEnded(t.page.locator('.app-dialog', { hasText: '提现 ¥50.00' })) // the dialog's fade-in
    await screenshot(t.page, 'dashboard-withdrawal-confirm')
    // Two taps on 确认提现 before the t.page can redraw.
    await t.page.locator('.app-dialog__confirm').evaluate((el) => {
      ;(el as HTMLElement).click()
      ;(el as HTMLElement).click()
    })
    expect(await toastText(t.page)).toMatch(/提现申请已提交/)
    await t.page.locator('.withdrawal-item__status').first().filter({ hasText: '审核中' }).waitFor()
    expect(applies.count).toBe(1)
    const rows = await applying()
    expect(rows.length).toBe(1)
    expect(rows[0]?.amount).toBe(5000)
    await expect(t.page.locator('.withdrawal-item__amount').first()).toHaveText('¥50.00')
    await t.page.locator('.withdrawal-head__amount', { hasText: '¥250.00' }).waitFor()
    await expect(t.page.locator('.withdrawal-form__amount input')).toHaveValue('')
    await screenshot(t.page, 'dashboard-withdrawal-applied')
  })

  test("shows the back-office's refusal while one is under review, and sends it once", async () => {
    await open()
    const applies = countCalls(t.page, 'POST', APPLY)
    await t.page.locator('.withdrawal-form__amount input').fill('20')
    await t.page.locator('.withdrawal-form__submit').click()
    await t.page.locator('.app-dialog__confirm').click()
    expect(await toastText(t.page)).toMatch(/已有审核中的提现，请等待处理完成后再申请/)
    expect(applies.count).toBe(1)
    // What was typed stays for after the review.
    await expect(t.page.locator('.withdrawal-form__amount input')).toHaveValue('20')
  })

  test('shows 已打款 when finance pays it', async () => {
    const [pending] = await applying()
    expect(pending?.amount).toBe(5000)
    expect(
      (await finance.call('PUT', '/api/ems/partner/withdrawalRecord/finishPay', { id: pending!.id, transactionNo: 'TX-E2E-0003' })).code,
    ).toBe(0)
    await open()
    await expect(t.page.locator('.withdrawal-item__status').first()).toHaveText('已打款')
  })

  test('shows 已拒绝 with the reason when finance refuses, and the money back in 资金记录', async () => {
    await open()
    await t.page.locator('.withdrawal-form__amount input').fill('20.5')
    await t.page.locator('.withdrawal-form__submit').click()
    await t.page.locator('.app-dialog__confirm').click()
    await t.page.locator('.withdrawal-item__amount', { hasText: '¥20.50' }).first().waitFor()
    await t.page.locator('.withdrawal-head__amount', { hasText: '¥229.50' }).waitFor()
    const [pending] = await applying()
    expect(pending?.amount).toBe(2050)
    expect(
      (await finance.call('PUT', '/api/ems/partner/withdrawalRecord/refuse', { id: pending!.id, reason: '收款账号与实名不一致' })).code,
    ).toBe(0)

    await open()
    const first = t.page.locator('.withdrawal-item').first()
    await expect(first.locator('.withdrawal-item__status')).toHaveText('已拒绝')
    await expect(first.locator('.withdrawal-item__reason')).toHaveText('拒绝原因：收款账号与实名不一致，金额已退回余额')
    await expect(t.page.locator('.withdrawal-head__amount')).toHaveText('¥250.00')
    await screenshot(t.page, 'dashboard-withdrawal-refused')

    await t.page.goto(`${t.app.url}/pages/tabBar/record`)
    await waitForTitle(t.page, '资金记录')
    const refund = t.page.locator('.record-item').first()
    await refund.locator('.record-item__type', { hasText: '提现退回' }).waitFor({ timeout: 20_000 })
    await expect(refund.locator('.record-item__amount')).toHaveText('+¥20.50')
    await expect(refund.locator('.record-item__note')).toHaveText('提现被拒绝：收款账号与实名不一致')
    await expect(t.page.locator('.record-item').nth(1).locator('.record-item__amount')).toHaveText('-¥20.50')
  })

  test('says a WeChat transfer must be confirmed in the WeChat mini-program, and shows why a failed one went back to finance', async () => {
    // The partner once signed in to the mini-program (the local login gateway takes fake:<open id>).
    const bound = await t.page.request.post(`${t.app.url}/api/ums/user/user/signIn`, {
      form: { platform: 'weixin', type: '小程序', signCode: 'fake:o-demo-mini' },
    })
    expect(((await bound.json()) as { code: number }).code).toBe(0)
    const applied = await t.page.request.post(`${t.app.url}${APPLY}`, { form: { amount: '3000' } })
    const id = ((await applied.json()) as { data: { id: number } }).data.id
    const started = await finance.call<{ status: string }>('PUT', '/api/ems/partner/withdrawalRecord/wechatTransfer', { id })
    expect(started.data.status).toBe('待确认收款')

    await open()
    const first = t.page.locator('.withdrawal-item').first()
    await expect(first.locator('.withdrawal-item__status')).toHaveText('待确认收款')
    expect((await first.textContent()) ?? '').toMatch(/请在微信小程序「提现」页确认收款，确认后到账微信零钱/)
    await expect(first.locator('.withdrawal-item__confirm-button'), 'H5 cannot confirm a WeChat transfer').toHaveCount(0)
    await screenshot(t.page, 'dashboard-withdrawal-transfer')

    await fetch(`${t.app.url}/api/dev/transfers/complete?withdrawalId=${id}&result=expire`, { method: 'POST' })
    await open()
    await expect(first.locator('.withdrawal-item__status')).toHaveText('审核中')
    await expect(first.locator('.withdrawal-item__reason')).toHaveText('微信转账未成功：收款人超时未确认收款，转账已关闭，等待财务重新处理')
  })
})
