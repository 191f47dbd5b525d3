import type { Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { screenshot, expect, test } from './harness'
import { consoleSuite } from './console-support'
import { DEMO_PASSWORD, modal, newPartner, openConsole, pendingWithdrawal, rowWith, settled, signInConsole } from './office-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * 身份验证 (step-up) in the console: 财务, signed in but not stepped up, pays a withdrawal; the
 * payment asks for the password in the dialog (a wrong one is refused there), then goes through as
 * the same call sent again. Then 账号安全: binding an authenticator from its QR code, after which
 * the dialog offers 身份验证器 instead of the SMS code.
 */
test.describe('console 身份验证: a step-up before 确认已打款', () => {
  const t = consoleSuite()
  let page: Page
  let id = 0

  test.beforeAll(async () => {
    const partner = await newPartner(t.app, { phone: '13900002601', realName: '步一' })
    id = await pendingWithdrawal(t.app, partner, 5600)
    page = await t.blankPage()
    await signInConsole(page, t.app, 'finance', DEMO_PASSWORD, { stepUp: false })
  })

  test('paying asks for the password in the dialog; a wrong one is refused, the right one lets the payment through', async () => {
    const pays: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/withdrawalRecord/finishPay')) pays.push(r.postData() ?? '')
    })
    await openConsole(page, t.app, `/withdrawals?status=${encodeURIComponent('审核中')}`)
    await rowWith(page, '步一').waitFor()
    await page.getByTestId(`pay-${id}`).click()
    const form = modal(page, `确认打款 #${id}`)
    await form.getByPlaceholder('银行或微信、支付宝的转账流水号').fill('TX-STEP-UP-1')
    await form.getByRole('button', { name: '确认已打款' }).click()

    const dialog = modal(page, '身份验证')
    await dialog.waitFor()
    expect(pays.length, 'the first try was sent and refused').toBe(1)
    await expect(dialog.getByRole('tab', { name: '密码' })).toHaveAttribute('aria-selected', 'true')
    await dialog.getByLabel('登录密码').fill('wrong-password1')
    await dialog.getByRole('button', { name: /^验\s*证$/ }).click()
    await dialog.getByRole('alert').filter({ hasText: '密码错误' }).waitFor()
    await screenshot(page, 'console-step-up-dialog')
    expect(pays.length, 'nothing sent again on a wrong password').toBe(1)

    await dialog.getByLabel('登录密码').fill(DEMO_PASSWORD)
    await dialog.getByRole('button', { name: /^验\s*证$/ }).click()
    await page.locator('.ant-message', { hasText: `#${id} 已确认打款` }).waitFor()
    await dialog.waitFor({ state: 'detached' })
    expect(pays.length, 'the same call sent once more').toBe(2)
    expect(JSON.parse(pays[1]!)).toStrictEqual({ id, transactionNo: 'TX-STEP-UP-1' })

    await openConsole(page, t.app, `/withdrawals?status=${encodeURIComponent('已打款')}`)
    expect((await rowWith(page, '步一').textContent()) ?? '').toMatch(/TX-STEP-UP-1/)
  })

  test('账号安全: an authenticator is bound from its QR code and key, and the dialog then offers it', async () => {
    await openConsole(page, t.app, '/account/security')
    await page.locator('.ant-tag', { hasText: '未绑定' }).waitFor()
    await page.getByRole('button', { name: '绑定身份验证器' }).click()
    // Stepped up a moment ago: no dialog this time.
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await page.locator('.ant-qrcode canvas').waitFor()
    await screenshot(page, 'console-account-security')
    const boundAt = Date.now()
    await page.getByLabel('验证码').fill(TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: boundAt }))
    await page.getByRole('button', { name: '确认绑定' }).click()
    await page.locator('.ant-message', { hasText: '身份验证器已绑定' }).waitFor()
    await page.locator('.ant-tag', { hasText: '已绑定' }).waitFor()
    await settled(page)
    await screenshot(page, 'console-account-security-bound')

    // A new session of the same operator: unbinding asks first, and the dialog offers the authenticator.
    const fresh = await t.blankPage()
    await signInConsole(fresh, t.app, 'finance', DEMO_PASSWORD, { stepUp: false })
    await openConsole(fresh, t.app, '/account/security')
    await fresh.getByRole('button', { name: '解绑' }).click()
    await fresh.locator('.ant-popconfirm').getByRole('button', { name: '解绑' }).click()
    const dialog = modal(fresh, '身份验证')
    await dialog.waitFor()
    await expect(dialog.getByRole('tab')).toHaveText(['密码', '身份验证器'])
    await dialog.getByRole('tab', { name: '身份验证器' }).click()
    await screenshot(fresh, 'console-step-up-dialog-totp')
    // A code is good once: the next one after the binding code (at most one step ahead of now).
    const at = Math.max(Date.now(), boundAt + 30_000)
    await dialog.getByLabel('身份验证器中的6位验证码').fill(TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at }))
    await dialog.getByRole('button', { name: /^验\s*证$/ }).click()
    await fresh.locator('.ant-message', { hasText: '身份验证器已解绑' }).waitFor()
    await fresh.locator('.ant-tag', { hasText: '未绑定' }).waitFor()
  })
})
