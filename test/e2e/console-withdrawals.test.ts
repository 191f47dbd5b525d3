import ExcelJS from 'exceljs'
import type { Page } from '@playwright/test'
import { screenshot, expect, test } from './harness'
import { consoleSuite } from './console-support'
import {
  ADMIN,
  DEMO_PASSWORD,
  desktopContext,
  modal,
  newPartner,
  ok,
  openConsole,
  operatorApi,
  positionId,
  pendingWithdrawal,
  rowWith,
  settled,
  signInConsole,
  tableRows,
} from './office-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * 提现 in the console, as finance works it at 1366×768: the queue (审核中 first, filters in the
 * address), paying one with a transaction number (a double click pays once), a page gone stale
 * because someone else refused the withdrawal meanwhile, a batch where one row fails, the
 * export for the bank's batch payout, and paying by WeChat transfer (the sandbox provider plays
 * WeChat and the partner: the transfer fails, comes back with the reason, and is confirmed).
 */
test.describe('console 提现: finance pays the queue', () => {
  const t = consoleSuite()
  let page: Page
  const ids = { lin: 0, wang: 0, zhao: 0 }

  test.beforeAll(async () => {
    const lin = await newPartner(t.app, { phone: '13900001001', realName: '林一' })
    const wang = await newPartner(t.app, { phone: '13900001002', realName: '王二' })
    const zhao = await newPartner(t.app, { phone: '13900001003', realName: '赵三' })
    ids.lin = await pendingWithdrawal(t.app, lin, 12000)
    ids.wang = await pendingWithdrawal(t.app, wang, 8850)
    ids.zhao = await pendingWithdrawal(t.app, zhao, 6600)
    page = await t.page('finance')
  })

  test('lists 审核中 first, keeps the status filter in the address, and pays one once however often 确认已打款 is clicked', async () => {
    await openConsole(page, t.app, '/withdrawals')
    await tableRows(page).first().waitFor()
    const statuses = await tableRows(page).locator('.ant-tag').allTextContents()
    const firstDone = statuses.findIndex((s) => s !== '审核中')
    expect(firstDone > 0 && statuses.slice(firstDone).every((s) => s !== '审核中'), `审核中 first: ${statuses.join(',')}`).toBeTruthy()

    await openConsole(page, t.app, `/withdrawals?status=${encodeURIComponent('审核中')}`)
    await page.reload()
    await tableRows(page).first().waitFor()
    await expect(tableRows(page)).toHaveCount(4)
    await expect(page.locator('.console-list__filters .ant-select-selection-item', { hasText: '审核中' })).toHaveCount(1)

    const pays: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/withdrawalRecord/finishPay')) pays.push(r.postData() ?? '')
    })
    await page.getByTestId(`pay-${ids.lin}`).click()
    const form = modal(page, `确认打款 #${ids.lin}`)
    await form.getByText('¥120.00').waitFor()
    await form.getByPlaceholder('银行或微信、支付宝的转账流水号').fill('TX-E2E-0001')
    await form.getByRole('button', { name: '确认已打款' }).dblclick()
    await page.locator('.ant-message', { hasText: `#${ids.lin} 已确认打款` }).waitFor()
    await rowWith(page, '林一').waitFor({ state: 'detached' })
    expect(pays.length, 'one pay request for a double click').toBe(1)
    expect(JSON.parse(pays[0]!)).toStrictEqual({ id: ids.lin, transactionNo: 'TX-E2E-0001' })

    await openConsole(page, t.app, `/withdrawals?status=${encodeURIComponent('已打款')}`)
    const paid = rowWith(page, '林一')
    await paid.waitFor()
    expect((await paid.textContent()) ?? '').toMatch(/流水号 TX-E2E-0001/)
    await screenshot(page, 'console-withdrawals')
  })

  test('shows the server’s refusal when the withdrawal was refused by someone else since the page loaded', async () => {
    await openConsole(page, t.app, `/withdrawals?status=${encodeURIComponent('审核中')}`)
    await rowWith(page, '王二').waitFor()
    const colleague = await operatorApi(t.app, 'finance')
    ok(await colleague.call('PUT', '/api/ems/partner/withdrawalRecord/refuse', { id: ids.wang, reason: '收款账号与实名不一致' }))

    await page.getByTestId(`pay-${ids.wang}`).click()
    const form = modal(page, `确认打款 #${ids.wang}`)
    await form.getByPlaceholder('银行或微信、支付宝的转账流水号').fill('TX-E2E-0002')
    await form.getByRole('button', { name: '确认已打款' }).click()
    await form.getByRole('alert').filter({ hasText: '该提现已处理（已拒绝）' }).waitFor()
    await screenshot(page, 'console-withdrawals-stale')
    await form.getByRole('button', { name: /取\s*消/ }).click()
    // The list behind was refreshed: the refused withdrawal left the 审核中 queue.
    await rowWith(page, '王二').waitFor({ state: 'detached' })
  })

  test('pays a batch and reports the row that failed and why', async () => {
    await openConsole(page, t.app, `/withdrawals?status=${encodeURIComponent('审核中')}`)
    await rowWith(page, '赵三').waitFor()
    await expect(tableRows(page)).toHaveCount(2)
    await rowWith(page, '赵三').locator('.ant-checkbox-input').check()
    await rowWith(page, '陈晓明').locator('.ant-checkbox-input').check()
    await page.getByText('已选 2 笔，合计 ¥166.00').waitFor()
    // Meanwhile a colleague pays 赵三's by hand.
    const colleague = await operatorApi(t.app, 'finance')
    ok(await colleague.call('PUT', '/api/ems/partner/withdrawalRecord/finishPay', { id: ids.zhao, transactionNo: 'TX-BY-HAND' }))

    await page.getByTestId('batch-pay').click()
    const form = modal(page, '批量打款（2 笔，合计 ¥166.00）')
    await form.getByTestId(`batch-tx-${ids.zhao}`).fill('TX-BATCH-1')
    const demoRow = form.locator('tr', { hasText: '陈晓明' })
    await demoRow.locator('input').fill('TX-BATCH-2')
    await form.getByRole('button', { name: '确认已打款' }).click()
    await form.getByTestId('batch-report').filter({ hasText: '成功 1 笔，失败 1 笔' }).waitFor()
    expect((await form.getByTestId(`batch-failed-${ids.zhao}`).textContent()) ?? '').toMatch(/失败：该提现已处理（已打款）/)
    await expect(demoRow.getByText('已打款')).toHaveCount(1)
    await screenshot(page, 'console-withdrawals-batch')
    await form.getByRole('button', { name: /完\s*成/ }).click()
    await page.getByText('没有符合条件的提现申请').waitFor()
  })

  test('exports the filtered list as the payout file', async () => {
    await openConsole(page, t.app, `/withdrawals?status=${encodeURIComponent('已打款')}`)
    await rowWith(page, '林一').waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('withdrawal-export').click()])
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(await download.path())
    const sheet = book.worksheets[0]!
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    expect(header).toStrictEqual([
      '提现编号',
      '合伙人姓名',
      '手机号',
      '收款方式',
      '收款人',
      '收款账号',
      '金额（元）',
      '状态',
      '申请时间',
      '交易流水号',
    ])
    const rows = sheet.getSheetValues().slice(2).filter(Boolean) as unknown[][]
    // The demo's paid one, 林一's, 赵三's (by hand) and 陈晓明's batch one.
    expect(rows.length).toBe(4)
    expect(rows.every((r) => r[8] === '已打款')).toBeTruthy()
    // 脱敏 by default: 林一's phone and account are masked.
    const lin = rows.find((r) => r[2] === '林一')!
    expect(lin[3]).toBe('139****1001')
    expect(JSON.stringify(rows)).not.toMatch(/(?<!\d)1[3-9]\d{9}(?!\d)/)
  })

  test('明文导出 asks for the password, then the payout file carries the whole phones and accounts', async () => {
    const other = await desktopContext(t.browser)
    try {
      const fresh = await other.newPage()
      await signInConsole(fresh, t.app, 'finance', DEMO_PASSWORD, { stepUp: false })
      await openConsole(fresh, t.app, `/withdrawals?status=${encodeURIComponent('已打款')}`)
      await rowWith(fresh, '林一').waitFor()
      // The list shows them whole: 财务 holds 查看完整手机号.
      await expect(rowWith(fresh, '林一')).toContainText('13900001001')
      await fresh.locator('[data-testid="withdrawal-export"] + .ant-dropdown-trigger').click()
      await fresh.getByRole('menuitem', { name: '明文导出（需身份验证）' }).click()
      const dialog = modal(fresh, '身份验证')
      await dialog.getByLabel('登录密码').fill(DEMO_PASSWORD)
      const [download] = await Promise.all([fresh.waitForEvent('download'), dialog.getByRole('button', { name: /^验\s*证$/ }).click()])
      const book = new ExcelJS.Workbook()
      await book.xlsx.readFile(await download.path())
      const rows = book.worksheets[0]!.getSheetValues().slice(2).filter(Boolean) as unknown[][]
      const lin = rows.find((r) => r[2] === '林一')!
      expect(lin[3]).toBe('13900001001')
      expect(String(lin[6])).not.toContain('*')
      await screenshot(fresh, 'console-withdrawals-unmasked-export')
    } finally {
      await other.close()
    }
  })

  test('sorts by 金额 and 申请时间 either way, keeps the sort in the address, and the export follows the sort', async () => {
    await openConsole(page, t.app, '/withdrawals')
    await tableRows(page).first().waitFor()
    // The 金额 cell of each row, as yuan.
    const sortedColumn = () =>
      page.evaluate(() => {
        const heads = [...document.querySelectorAll('.ant-table-thead th')]
        const i = heads.findIndex((h) => (h.textContent ?? '').includes('金额'))
        return [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) =>
          Number((row.children[i]?.textContent ?? '').replace(/[^\d.-]/g, '')),
        )
      })
    const amountHeader = page.getByRole('columnheader', { name: '金额' })
    // Each click waits for the list's answer in that order: the address changes before the table asks.
    const answered = (sort: string) =>
      page.waitForResponse((r) => r.url().includes('/withdrawalRecord/listForAdmin') && new URL(r.url()).searchParams.get('sort') === sort)
    await Promise.all([answered('amount_asc'), amountHeader.click()])
    await page.waitForURL(/sort=amount\.ascend/)
    await settled(page)
    await tableRows(page).first().waitFor()
    await screenshot(page, 'console-withdrawals-sort-amount-asc')
    const ascending = await sortedColumn()
    expect(ascending.length >= 4, ascending.join(',')).toBeTruthy()
    expect(ascending).toStrictEqual([...ascending].sort((a, b) => a - b))
    await Promise.all([answered('amount_desc'), amountHeader.click()])
    await page.waitForURL(/sort=amount\.descend/)
    await settled(page)
    await tableRows(page).first().waitFor()
    const descending = await sortedColumn()
    expect(descending).toStrictEqual([...ascending].sort((a, b) => b - a).slice(0, descending.length))
    // A reload (or a shared link) keeps the order.
    await page.reload()
    await settled(page)
    await tableRows(page).first().waitFor()
    expect(await sortedColumn()).toStrictEqual(descending)
    await screenshot(page, 'console-withdrawals-sorted')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('withdrawal-export').click()])
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(await download.path())
    const amounts = (book.worksheets[0]!.getSheetValues().slice(2).filter(Boolean) as unknown[][]).map((r) => Number(r[7]))
    expect(amounts.slice(0, descending.length)).toStrictEqual(descending)

    // Oldest applied first: a new application, the newest of all, is still first while 审核中.
    const late = await newPartner(t.app, { phone: '13900001009', realName: '钱九' })
    await pendingWithdrawal(t.app, late, 5000)
    await openConsole(page, t.app, '/withdrawals?sort=createdAt.ascend')
    await tableRows(page).first().waitFor()
    const statuses = await tableRows(page).locator('.ant-tag').allTextContents()
    expect(statuses.slice(0, 2), statuses.join(',')).toStrictEqual(['审核中', '已打款'])
    expect((await tableRows(page).first().textContent()) ?? '').toMatch(/钱九/)
  })

  test("an export the server refuses shows the server's message and saves no file", async () => {
    const admin = await operatorApi(t.app, ADMIN.account, ADMIN.password)
    const created = ok(
      await admin.call<{ id: number }>('POST', '/api/bms/system/admin', {
        account: 'finance_sort',
        name: '财务乙',
        password: DEMO_PASSWORD,
        positionId: await positionId(admin, '财务'),
      }),
    )
    const other = await desktopContext(t.browser)
    try {
      const second = await other.newPage()
      await signInConsole(second, t.app, 'finance_sort')
      await openConsole(second, t.app, '/withdrawals')
      await tableRows(second).first().waitFor()
      // Meanwhile the 管理员 moves this operator to 招生老师: the export is no longer theirs.
      ok(await admin.call('PUT', '/api/bms/system/admin', { id: created.id, positionId: await positionId(admin, '招生老师') }))
      let downloads = 0
      second.on('download', () => downloads++)
      await second.getByTestId('withdrawal-export').click()
      await second.locator('.ant-message').getByText('无权进行此操作').waitFor()
      await second.waitForFunction(() => !document.querySelector('[data-testid="withdrawal-export"].ant-btn-loading'))
      expect(downloads).toBe(0)
      await screenshot(second, 'console-withdrawals-export-refused')
    } finally {
      await other.close()
    }
  })

  test('pays by WeChat transfer: 待确认收款 until the partner confirms, a failure comes back with its reason, and a partner without the mini-program is refused clearly', async () => {
    const sun = await newPartner(t.app, { phone: '13900001004', realName: '孙四' })
    const sunId = await pendingWithdrawal(t.app, sun, 15000)
    // 孙四 then signed in to the mini-program (the local login gateway takes fake:<open id>); that starts a new session.
    ok(await sun.api.call('POST', '/api/ums/user/user/signIn', { platform: 'weixin', type: '小程序', signCode: 'fake:o-mini-sun' }))
    const zhou = await newPartner(t.app, { phone: '13900001005', realName: '周五' })
    const zhouId = await pendingWithdrawal(t.app, zhou, 9900)

    await openConsole(page, t.app, '/withdrawals')
    await rowWith(page, '孙四').waitFor()
    const transfers: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/withdrawalRecord/wechatTransfer')) transfers.push(r.postData() ?? '')
    })
    await page.getByTestId(`transfer-${sunId}`).click()
    let form = modal(page, `微信转账 #${sunId}`)
    await form.getByText('¥150.00').waitFor()
    await form.getByRole('button', { name: '发起微信转账' }).dblclick()
    await page.locator('.ant-message', { hasText: `#${sunId} 已发起微信转账，等待合伙人在小程序中确认收款` }).waitFor()
    expect(transfers.length, 'one transfer request for a double click').toBe(1)
    expect(JSON.parse(transfers[0]!)).toStrictEqual({ id: sunId })
    let row = rowWith(page, '孙四')
    await row.locator('.ant-tag', { hasText: '待确认收款' }).waitFor()
    expect((await row.textContent()) ?? '').toMatch(/等待合伙人确认收款/)
    await expect(row.getByTestId(`pay-${sunId}`), 'no manual pay while WeChat may pay').toHaveCount(0)

    // The partner's WeChat account cannot receive it: back to finance with the reason.
    const failed = await fetch(`${t.app.url}/api/dev/transfers/complete?withdrawalId=${sunId}&result=fail`, { method: 'POST' })
    expect(((await failed.json()) as { data: { status: string } }).data.status).toBe('审核中')
    await page.reload()
    row = rowWith(page, '孙四')
    await row.getByTestId(`transfer-reason-${sunId}`).filter({ hasText: '微信转账：收款人微信账户收款异常' }).waitFor()
    await screenshot(page, 'console-withdrawals-transfer-failed')

    // Again; this time the partner confirms and WeChat's notification pays it.
    await row.getByTestId(`transfer-${sunId}`).click()
    form = modal(page, `微信转账 #${sunId}`)
    await form.getByText('上次转账：收款人微信账户收款异常').waitFor()
    await form.getByRole('button', { name: '发起微信转账' }).click()
    await rowWith(page, '孙四').locator('.ant-tag', { hasText: '待确认收款' }).waitFor()
    const confirmed = await fetch(`${t.app.url}/api/dev/transfers/complete?withdrawalId=${sunId}&result=confirm`, { method: 'POST' })
    expect(((await confirmed.json()) as { data: { status: string } }).data.status).toBe('已打款')
    await openConsole(page, t.app, `/withdrawals?status=${encodeURIComponent('已打款')}`)
    await rowWith(page, '孙四').waitFor()
    expect((await rowWith(page, '孙四').textContent()) ?? '').toMatch(new RegExp(`流水号 SBXTWD${sunId}N2`))

    // 周五 never signed in to the mini-program: the form says so and the withdrawal stays 审核中.
    await openConsole(page, t.app, `/withdrawals?status=${encodeURIComponent('审核中')}`)
    await page.getByTestId(`transfer-${zhouId}`).click()
    form = modal(page, `微信转账 #${zhouId}`)
    // As for 孙四 above: the form is up (its summary shown) before 发起微信转账 is pressed; a press
    // during the modal's opening can reach a form not yet mounted and send nothing.
    await form.getByText('¥99.00').waitFor()
    await form.getByRole('button', { name: '发起微信转账' }).click()
    await form.getByRole('alert').filter({ hasText: '该合伙人未在微信小程序中登录过，无法微信转账，请手工打款' }).waitFor()
    await screenshot(page, 'console-withdrawals-transfer-refused')
    await form.getByRole('button', { name: /取\s*消/ }).click()
    await rowWith(page, '周五').locator('.ant-tag', { hasText: '审核中' }).waitFor()
  })
})
