import ExcelJS from 'exceljs'
import { expect, screenshot, test } from './harness'
import { consoleSuite, modal, ok, OPERATORS, openConsole, operatorApi, rowWith, tableRows } from './console-support'
import { SUBMIT } from './office-support'

test.describe.configure({ mode: 'serial' })

interface Figures {
  adminId: number
  name: string
  assigned: number
  followed: number
  deals: number
  followTarget: number | null
  dealTarget: number | null
  followProgress: number | null
  dealProgress: number | null
  rank: number
}

/** This Beijing month, YYYY-MM. */
const MONTH = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7)

/**
 * 部门 and 招生目标 at 1366×768: 管理员 adds a department, sets the demo teacher's target for the
 * month on the editable table, and the dashboard shows the server's figures against it; the
 * teacher sees their own row, on the dashboard and on 工作台.
 */
test.describe('console 招生目标', () => {
  const t = consoleSuite()
  let teacher: { id: number; name: string }

  test('管理员 adds a department on 部门 and puts the demo teacher in it', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/departments')
    await page.getByRole('button', { name: '新增部门' }).click()
    const dialog = modal(page, '新增部门')
    await dialog.getByLabel('部门名称').fill('招生一部')
    await dialog.getByRole('button', { name: SUBMIT }).click()
    await expect(rowWith(page, '招生一部')).toContainText('0人')

    const api = await operatorApi(t.app, OPERATORS.teacher.account, OPERATORS.teacher.password)
    teacher = ok(await api.call<{ id: number; name: string }>('GET', '/api/bms/system/admin/signInfo'))
    const admin = await operatorApi(t.app, OPERATORS.admin.account, OPERATORS.admin.password)
    const list = ok(await admin.call<{ list: Array<{ id: number; name: string }> }>('GET', '/api/bms/system/dept/list')).list
    ok(await admin.call('PUT', '/api/bms/system/dept/member', { adminId: teacher.id, departmentId: list[0]!.id }))
    await page.reload()
    await expect(rowWith(page, '招生一部')).toContainText('1人')
    await screenshot(page, 'console-departments')
    await openConsole(page, t.app, '/operators')
    await expect(rowWith(page, teacher.name)).toContainText('招生一部')
  })

  test("管理员 sets the teacher's and the department's targets for the month on 招生目标", async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, `/targets/settings?month=${MONTH}`)
    await expect(rowWith(page, teacher.name)).toContainText('未设置')
    await rowWith(page, teacher.name).getByText('设置', { exact: true }).click()
    const editing = rowWith(page, teacher.name)
    await editing.getByRole('spinbutton', { name: '跟进目标' }).fill('4')
    await editing.getByRole('spinbutton', { name: '成交目标' }).fill('20')
    await editing.getByText('保存', { exact: true }).click()
    await expect(page.getByText(`已设置「${teacher.name}」${MONTH}的目标`)).toBeVisible()
    await expect(rowWith(page, teacher.name)).toContainText('4')
    await expect(rowWith(page, teacher.name)).toContainText('20')

    // The department's row (the teacher's row names the department too).
    const dept = tableRows(page).filter({ hasText: /^部门招生一部/ })
    await dept.getByText('设置', { exact: true }).click()
    await dept.getByRole('spinbutton', { name: '跟进目标' }).fill('15')
    await dept.getByRole('spinbutton', { name: '成交目标' }).fill('30')
    await dept.getByText('保存', { exact: true }).click()
    await expect(page.getByText(`已设置「招生一部」${MONTH}的目标`)).toBeVisible()
    await expect(dept).toContainText('15')
    const admin = await operatorApi(t.app, OPERATORS.admin.account, OPERATORS.admin.password)
    await screenshot(page, 'console-target-settings')
    const saved = ok(
      await admin.call<{ teachers: Array<{ adminId: number; followTarget: number | null; dealTarget: number | null }> }>(
        'GET',
        '/api/bms/statistics/enrollTarget/list',
        { month: MONTH },
      ),
    ).teachers.find((r) => r.adminId === teacher.id)
    expect([saved?.followTarget, saved?.dealTarget]).toStrictEqual([4, 20])
    const deptSaved = ok(
      await admin.call<{ departments: Array<{ name: string; followTarget: number | null; dealTarget: number | null }> }>(
        'GET',
        '/api/bms/statistics/enrollTarget/list',
        { month: MONTH },
      ),
    ).departments.find((d) => d.name === '招生一部')
    expect([deptSaved?.followTarget, deptSaved?.dealTarget]).toStrictEqual([15, 30])
  })

  test("the dashboard shows the server's figures against the target, ranked, and exports them", async () => {
    const admin = await operatorApi(t.app, OPERATORS.admin.account, OPERATORS.admin.password)
    const stats = ok(await admin.call<{ teachers: Figures[] }>('GET', '/api/bms/statistics/enrollTarget/statistics', { month: MONTH }))
    const mine = stats.teachers.find((r) => r.adminId === teacher.id)!
    expect(mine.followTarget).toBe(4)
    expect(mine.assigned + mine.followed + mine.deals, 'the demo teacher has figures this month').toBeGreaterThan(0)

    const page = await t.page('admin')
    await openConsole(page, t.app, `/targets?month=${MONTH}`)
    const row = rowWith(page, teacher.name)
    await expect(row).toContainText(`第${mine.rank}名`)
    await expect(row).toContainText(`${mine.followed} / 4`)
    await expect(row).toContainText(`${mine.deals} / 20`)
    await expect(row).toContainText(`${mine.followProgress}%`)
    await expect(page.getByText('部门汇总')).toBeVisible()
    await expect(tableRows(page).filter({ hasText: '招生一部' }).first()).toBeVisible()
    await screenshot(page, 'console-targets-dashboard')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-targets').click()])
    expect(download.suggestedFilename()).toBe(`招生目标${MONTH}.xlsx`)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(await download.path())
    const rows: string[][] = []
    book.worksheets[0]?.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map(String)))
    const exported = rows.find((r) => r[0] === '老师' && r[1] === teacher.name)!
    expect([exported[4], exported[5], exported[8]]).toStrictEqual([String(mine.assigned), String(mine.followed), String(mine.deals)])
  })

  test('the teacher sees their own progress on 目标看板 and on 工作台', async () => {
    const page = await t.page('teacher')
    await openConsole(page, t.app, '/targets')
    await expect(page.getByTestId('my-progress')).toBeVisible()
    await expect(tableRows(page).filter({ hasText: teacher.name })).toHaveCount(1)
    await expect(page.getByText('设置目标')).toHaveCount(0)
    await expect(page.getByTestId('my-follow')).toContainText('/ 4')
    await screenshot(page, 'console-targets-teacher')
    await openConsole(page, t.app, '/dashboard')
    await expect(page.getByTestId('dashboard-my-target')).toContainText('/ 20')
    await screenshot(page, 'console-dashboard-my-target')
  })
})
