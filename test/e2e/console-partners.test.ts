import ExcelJS from 'exceljs'
import type { Page } from '@playwright/test'
import { screenshot, expect, test, expectPresent } from './harness'
import {
  choose,
  consoleSuite,
  modal,
  newPartner,
  ok,
  OPERATORS,
  openConsole,
  operatorApi,
  rowWith,
  settled,
  tableRows,
} from './console-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

const PHONE = '13911110001'
const NAME = '审核测试'
const ID_CARD = '110101199003078515'

/**
 * 合伙人 at 1366×768: 管理员 reviews a partner (reject with a reason, approve, disable, enable),
 * each step in the audit log with before → after; the list's filters survive a reload and the
 * back button; the export carries the filters; ID card and payout account only for 管理员/财务.
 */
test.describe('console 合伙人', () => {
  const t = consoleSuite()
  let partnerId = 0
  let partner: Awaited<ReturnType<typeof newPartner>>

  test.beforeAll(async () => {
    partner = await newPartner(t.app, { phone: PHONE, realName: NAME, approve: false })
    partnerId = partner.id
  })

  const statusOfRow = (page: Page) => rowWith(page, PHONE).locator('.ant-tag').first()

  test('管理员 rejects a partner with a reason, approves them, disables and enables them, and the audit log shows each step', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, `/partners?keyword=${PHONE}`)
    await tableRows(page).first().waitFor()
    await expect(tableRows(page)).toHaveCount(1)
    await expect(statusOfRow(page)).toHaveText('待审核')

    // Reject: the reason is required before anything is sent.
    await rowWith(page, PHONE).getByRole('button', { name: '拒绝' }).click()
    const reject = modal(page, `拒绝「${NAME}」的申请`)
    await reject.getByRole('button', { name: '拒绝' }).click()
    await reject.getByText('请填写拒绝原因').waitFor()
    await reject.getByLabel('拒绝原因').fill('学校信息与证件不一致')
    await screenshot(page, 'console-partner-reject')
    await reject.getByRole('button', { name: '拒绝' }).click()
    await page.locator('.ant-message-notice', { hasText: '已拒绝' }).waitFor()
    await statusOfRow(page).filter({ hasText: '已拒绝' }).waitFor()
    const seen = ok(await partner.api.call<{ status: string; rejectReason: string }>('GET', '/api/ems/partner/client/signInfo'))
    expect([seen.status, seen.rejectReason]).toStrictEqual(['已拒绝', '学校信息与证件不一致'])

    // Approve (a rejected partner may be approved after a second look).
    await rowWith(page, PHONE).getByRole('button', { name: '通过' }).click()
    await page.locator('.ant-popconfirm').getByRole('button', { name: '通过' }).click()
    await statusOfRow(page).filter({ hasText: '已通过' }).waitFor()

    // Disable from the detail page: the partner's session ends at once.
    await rowWith(page, PHONE).getByRole('link', { name: NAME }).click()
    await page.waitForURL(`${t.app.url}/admin/partners/${partnerId}`)
    await page.getByText('基本信息').waitFor()
    await settled(page)
    await page.getByRole('button', { name: '禁用' }).click()
    const disable = modal(page, `禁用「${NAME}」`)
    await disable.getByLabel('原因（选填）').fill('违规推广')
    await disable.getByRole('button', { name: '禁用' }).click()
    await page.locator('.console-page-header__heading .ant-tag', { hasText: '已禁用' }).waitFor()
    await page.getByText('禁用原因：违规推广').waitFor()
    expect((await partner.api.call('GET', '/api/ems/partner/client/signInfo')).code).toBe(100000004)
    await screenshot(page, 'console-partner-detail-disabled')

    await page.getByRole('button', { name: '启用' }).click()
    await page.locator('.ant-popconfirm').getByRole('button', { name: '启用' }).click()
    await page.locator('.console-page-header__heading .ant-tag', { hasText: '已通过' }).waitFor()

    // The audit log, filtered to this partner: four steps, newest first, before → after.
    await openConsole(page, t.app, `/audit?entityType=partner&entityId=${partnerId}`)
    await tableRows(page).first().waitFor()
    const actions = await tableRows(page).locator('td .ant-tag').allTextContents()
    expect(actions).toStrictEqual(['启用合伙人', '禁用合伙人', '审核通过', '审核拒绝'])
    const changes = (await tableRows(page).getByTestId('audit-change').allTextContents()).map((s) => s.replace(/\s+/g, ''))
    expect(changes).toStrictEqual([
      '状态：已禁用→已通过',
      '状态：已通过→已禁用原因：-→违规推广',
      '状态：已拒绝→已通过',
      '状态：待审核→已拒绝原因：-→学校信息与证件不一致',
    ])
    for (const row of await tableRows(page).all()) expect((await row.textContent()) ?? '').toMatch(/管理员/)
    await screenshot(page, 'console-audit')
  })

  test("the list's filters, page size and sort survive a reload and come back with the back button", async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/partners')
    await choose(page, page.locator('.console-list__filters .ant-select').first(), '已通过')
    await page.getByPlaceholder('手机号、姓名或推广码').fill('陈晓明')
    await page.getByRole('button', { name: '查询' }).click()
    await page.waitForURL((url) => url.searchParams.get('status') === '已通过' && url.searchParams.get('keyword') === '陈晓明')
    await tableRows(page).first().waitFor()
    await settled(page)
    const filtered = await tableRows(page).count()
    expect(filtered >= 1).toBeTruthy()

    // Sort by registration, oldest first: in the address too.
    await page.locator('th', { hasText: '注册时间' }).click()
    await page.waitForURL((url) => url.searchParams.get('sort') === 'createdAt.ascend')

    await page.reload()
    await tableRows(page).first().waitFor()
    await settled(page)
    await page.locator('.console-list__filters .ant-select-selection-item', { hasText: '已通过' }).waitFor()
    await expect(page.getByPlaceholder('手机号、姓名或推广码')).toHaveValue('陈晓明')
    await expect(tableRows(page)).toHaveCount(filtered)
    expect([...new Set(await tableRows(page).locator('.ant-tag').allTextContents())]).toStrictEqual(['已通过'])
    await expect(page.locator('th[aria-sort="ascending"]', { hasText: '注册时间' })).toHaveCount(1)
    await screenshot(page, 'console-partners-filtered')

    // Reset, then Back: the filtered list returns.
    await page.getByRole('button', { name: '重置' }).click()
    await page.waitForURL((url) => !url.searchParams.has('status'))
    await page.goBack()
    await page.waitForURL((url) => url.searchParams.get('status') === '已通过')
    await settled(page)
    await page.locator('.console-list__filters .ant-select-selection-item', { hasText: '已通过' }).waitFor()
    await expect(page.getByPlaceholder('手机号、姓名或推广码')).toHaveValue('陈晓明')
  })

  test('the export downloads an xlsx of the list with its current filters', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, `/partners?status=${encodeURIComponent('待审核')}`)
    await tableRows(page).first().waitFor()
    const shown = await tableRows(page).count()
    const [request, download] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/api/ems/partner/partner/export')),
      page.waitForEvent('download'),
      page.getByTestId('partner-export').click(),
    ])
    expect(new URL(request.url()).search).toMatch(/status=%E5%BE%85%E5%AE%A1%E6%A0%B8/)
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(await download.path())
    const sheet = workbook.worksheets[0]
    expectPresent(sheet)
    expect(sheet.actualRowCount - 1).toBe(shown)
    const header = (sheet.getRow(1).values as unknown[]).filter(Boolean)
    expect(header.includes('手机号') && header.includes('状态'), String(header)).toBeTruthy()
  })

  test('财务 sees the ID card and payout account on the detail but cannot review; 招生老师 sees neither nor the money', async () => {
    const finance = await t.page('finance')
    await openConsole(finance, t.app, `/partners/${partnerId}`)
    await finance.getByText(ID_CARD).waitFor()
    await finance.locator('.ant-descriptions-item', { hasText: '收款账号' }).getByText(PHONE).waitFor()
    for (const action of ['通过', '拒绝', '禁用', '启用'])
      await expect(finance.getByRole('button', { name: action, exact: true }), action).toHaveCount(0)
    await expect(finance.locator('.ant-tabs-tab')).toHaveText(['资金流水', '提现记录'])
    await screenshot(finance, 'console-partner-detail-finance')

    const teacher = await t.page('teacher')
    await openConsole(teacher, t.app, `/partners/${partnerId}`)
    await teacher.getByText('报名信息').waitFor()
    await expect(teacher.getByText('身份证号')).toHaveCount(0)
    await expect(teacher.getByText('收款账号')).toHaveCount(0)
    await expect(teacher.getByText('可提现')).toHaveCount(0)
    await expect(teacher.locator('.ant-tabs-tab')).toHaveText(['线索'])

    // The server agrees: 招生老师's answer carries the masked ID card.
    const api = await operatorApi(t.app, OPERATORS.teacher.account, OPERATORS.teacher.password)
    const detail = ok(
      await api.call<{ sensitiveVisible: boolean; personal: { idCard: string } }>('GET', '/api/ems/partner/partner/details', {
        id: partnerId,
      }),
    )
    expect(detail.sensitiveVisible).toBe(false)
    expect(detail.personal.idCard).not.toBe(ID_CARD)
  })
})
