import ExcelJS from 'exceljs'
import { screenshot, expect, test } from './harness'
import { consoleSuite, menuEntries, modal, ok, OPERATORS, openConsole, operatorApi, positionId, rowWith, settled } from './console-support'
import { signInConsole, tableRows } from './office-support'

/**
 * Issue 26's "done when": the administrator creates the position 招生主管 on the 岗位 screen (every
 * clue, masked exports, no paying), gives it to an operator, and that operator's console and calls
 * follow it at once; the administrator's 确认已打款 asks for the password first (console-step-up).
 */
test.describe('positions (岗位)', () => {
  const t = consoleSuite()

  test('招生主管: created on the 岗位 screen, given to an operator, followed by their menu and calls at once', async () => {
    const admin = await t.page('admin')
    await openConsole(admin, t.app, '/positions')
    await rowWith(admin, '财务').waitFor()
    await admin.getByRole('button', { name: '新增岗位' }).click()
    const form = modal(admin, '新增岗位')
    await form.getByLabel('岗位名称').fill('招生主管')
    await form.getByLabel('说明').fill('查看全部线索，可导出，不能打款')
    // The matrix: 线索's whole row (查看, 查看全部线索, 跟进与成交, 分配, 导出), then 分配 off again.
    await form.getByRole('checkbox', { name: '线索全部' }).check()
    await form.locator('[data-right="clues.assign"]').uncheck()
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await rowWith(admin, '招生主管').waitFor()
    await expect(rowWith(admin, '招生主管')).toContainText('线索·查看全部线索')
    await expect(rowWith(admin, '招生主管')).not.toContainText('提现')
    await screenshot(admin, 'console-positions')

    // The demo 招生老师 moves to 招生主管 while signed in elsewhere.
    const lead = await t.page('teacher')
    await openConsole(lead, t.app, '/clues')
    const before = await tableRows(lead).count()
    const api = await operatorApi(t.app, OPERATORS.admin.account, OPERATORS.admin.password)
    const stepped = await api.call('POST', '/api/bms/system/stepUp/password', { password: OPERATORS.admin.password })
    expect(stepped.code, stepped.message).toBe(0)
    const teachers = ok(
      await api.call<{ list: Array<{ id: number; account: string }> }>('GET', '/api/bms/system/admin/list', { keyword: 'teacher' }),
    )
    const teacher = teachers.list.find((o) => o.account === OPERATORS.teacher.account)!
    ok(await api.call('PUT', '/api/bms/system/admin', { id: teacher.id, positionId: await positionId(api, '招生主管') }))

    // Their next move in the console follows the position: 招生主管 in the header, every clue in the list.
    await openConsole(lead, t.app, '/dashboard')
    await openConsole(lead, t.app, '/clues')
    await expect(lead.getByTestId('operator')).toContainText('招生主管')
    await settled(lead)
    expect(await tableRows(lead).count()).toBeGreaterThanOrEqual(before)
    const menu = await menuEntries(lead)
    expect(menu).toContain('线索')
    expect(menu).not.toContain('提现')
    await expect(lead.getByTestId('clue-export')).toBeVisible()
    // No 查看完整手机号: phones come masked, 查看 shows one whole and the audit log has it.
    const firstRow = tableRows(lead).first()
    await expect(firstRow).toContainText(/1\d{2}\*{4}\d{4}/)
    await expect(firstRow).not.toContainText(/(?<!\d)1[3-9]\d{9}(?!\d)/)
    await firstRow.getByRole('button', { name: /查\s*看/ }).click()
    await expect(firstRow).toContainText(/(?<!\d)1[3-9]\d{9}(?!\d)/)
    const audit = ok(
      await api.call<{ list: Array<{ action: string; adminId: number; summary: string }> }>('GET', '/api/bms/system/auditLog/list', {
        action: 'data.reveal',
      }),
    )
    expect(audit.list.some((e) => e.adminId === teacher.id && /^查看线索「.+」的手机号$/.test(e.summary))).toBeTruthy()
    // Their export is masked, with no 明文导出 to choose.
    await expect(lead.getByTestId('clue-export-menu')).toHaveCount(0)
    const [download] = await Promise.all([lead.waitForEvent('download'), lead.getByTestId('clue-export').click()])
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(await download.path())
    const cells = JSON.stringify(book.worksheets[0]!.getSheetValues())
    expect(cells).toMatch(/1\d{2}\*{4}\d{4}/)
    expect(cells).not.toMatch(/(?<!\d)1[3-9]\d{9}(?!\d)/)
    // Paying is not theirs: the page is closed and the call refused.
    await openConsole(lead, t.app, '/withdrawals')
    await lead.getByText('无权访问').waitFor()
    const leadApi = await operatorApi(t.app, OPERATORS.teacher.account, OPERATORS.teacher.password)
    expect((await leadApi.call('PUT', '/api/ems/partner/withdrawalRecord/finishPay', { id: 1, transactionNo: 'X1' })).code).toBe(100000003)
    expect((await leadApi.call('GET', '/api/ems/partner/clue/listForAdmin', { page: 1, size: 10 })).code).toBe(0)

    // The position loses 导出: the button goes on their next move, the call is refused at once.
    await openConsole(admin, t.app, '/positions')
    await rowWith(admin, '招生主管').getByText('编辑权限').click()
    const edit = modal(admin, '编辑岗位 招生主管')
    await edit.locator('[data-right="clues.export"]').uncheck()
    await edit.getByRole('button', { name: /确\s*定/ }).click()
    // The dialog closes once the server has saved it.
    await edit.waitFor({ state: 'hidden' })
    await expect(rowWith(admin, '招生主管')).not.toContainText('线索·导出')
    expect((await leadApi.call('GET', '/api/ems/partner/clue/export')).code).toBe(100000003)
    await openConsole(lead, t.app, '/dashboard')
    await openConsole(lead, t.app, '/clues')
    await expect(lead.getByTestId('clue-export')).toHaveCount(0)
    await screenshot(lead, 'console-positions-lead')
  })

  test('granting rights asks for the password first when the session has no step-up', async () => {
    const page = await t.blankPage()
    await signInConsole(page, t.app, OPERATORS.admin.account, OPERATORS.admin.password, { stepUp: false })
    await openConsole(page, t.app, '/positions')
    await page.getByRole('button', { name: '新增岗位' }).click()
    const form = modal(page, '新增岗位')
    await form.getByLabel('岗位名称').fill('出纳')
    await form.locator('[data-right="withdrawals.view"]').check()
    await form.getByRole('button', { name: /确\s*定/ }).click()
    // The step-up dialog: the password, then the same call goes through.
    const dialog = modal(page, '身份验证')
    await dialog.waitFor()
    await dialog.getByLabel('登录密码').fill(OPERATORS.admin.password)
    await dialog.getByRole('button', { name: /^验\s*证$/ }).click()
    await dialog.waitFor({ state: 'detached' })
    await rowWith(page, '出纳').waitFor()
  })
})
