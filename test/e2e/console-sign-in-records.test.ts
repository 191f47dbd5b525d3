import type { Page } from '@playwright/test'
import { screenshot, expect, test } from './harness'
import { ADMIN, choose, consoleSuite, formItem, openConsole } from './console-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * 登录记录 in the console at 1366×768: the administrator sees every sign-in with its result and
 * the IP that failed again and again at a glance (a click narrows the list to it); a teacher opens
 * the same screen from 系统 and sees only their own sign-ins.
 */
test.describe('console 登录记录: sign-in records and repeated failures', () => {
  const t = consoleSuite()
  /** The rows of the records list (not of the repeated-failures panel above it). */
  const tableRows = (page: Page) => page.getByTestId('sign-in-records').locator('.ant-table-tbody tr.ant-table-row')
  let admin: Page

  test.beforeAll(async () => {
    // Six guesses at accounts that do not exist, from this machine (127.0.0.1), before anyone signs in.
    for (let i = 1; i <= 6; i++) {
      const res = await fetch(`${t.app.url}/api/bms/system/admin/signIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.app.url, 'user-agent': 'guesser/1.0' },
        body: JSON.stringify({ account: `guess${i}`, password: 'wrong-password' }),
      })
      expect(res.status).toBe(422)
    }
    admin = await t.page('admin')
  })

  test('the administrator sees every sign-in, its result, and the IP with repeated failures', async () => {
    await openConsole(admin, t.app, '/sign-in-records')
    const panel = admin.getByTestId('failed-ips')
    await expect(panel.getByTestId('failed-ip').first()).toHaveText('127.0.0.1')
    await expect(panel).toContainText('6 次')
    await expect(panel).toContainText('guess1')
    await expect(panel).toContainText('可能在猜测密码')

    await tableRows(admin).first().waitFor()
    // Newest first: the administrator's own sign-in, then the guesses.
    await expect(tableRows(admin).first()).toContainText(ADMIN.account)
    await expect(tableRows(admin).first()).toContainText('成功')
    await expect(tableRows(admin).filter({ hasText: 'guess3' })).toContainText('账号不存在')
    await screenshot(admin, 'console-sign-in-records')

    await choose(admin, formItem(admin, '结果').locator('.ant-select'), '失败')
    await admin.getByRole('button', { name: /查\s*询/ }).click()
    await admin.waitForURL((url) => url.searchParams.get('success') === '否')
    await expect(tableRows(admin)).toHaveCount(6)
    const results = await tableRows(admin).locator('.ant-tag-error').allTextContents()
    expect(results).toEqual(Array(6).fill('失败'))

    // A click on the IP in the panel narrows the list to it (in the address, so a reload keeps it).
    await panel.getByTestId('failed-ip').first().click()
    await admin.waitForURL((url) => url.searchParams.get('ip') === '127.0.0.1' && !url.searchParams.has('success'))
    await admin.reload()
    await tableRows(admin).first().waitFor()
    await expect(formItem(admin, 'IP').locator('input')).toHaveValue('127.0.0.1')
    expect(await tableRows(admin).count()).toBeGreaterThanOrEqual(7)
  })

  test('a teacher opens 登录记录 from 系统 and sees only their own sign-ins', async () => {
    const teacher = await t.page('teacher')
    await openConsole(teacher, t.app, '/dashboard')
    await teacher.locator('.console-sider').getByText('系统').click()
    await teacher.locator('.console-sider').getByText('登录记录').click()
    await teacher.waitForURL(/\/admin\/sign-in-records/)
    await tableRows(teacher).first().waitFor()
    const identifiers = await tableRows(teacher).locator('td:nth-child(3)').allTextContents()
    expect(identifiers.length).toBeGreaterThan(0)
    expect(
      identifiers.every((text) => text.startsWith('teacher')),
      identifiers.join(','),
    ).toBeTruthy()
    // The guesses were not at their account: nothing repeated to show them.
    await expect(teacher.getByTestId('failed-ips')).toContainText('没有 IP 登录失败')
    await screenshot(teacher, 'console-sign-in-records-teacher')
  })
})
