import ExcelJS from 'exceljs'
import type { Page } from '@playwright/test'
import { screenshot, expect, test } from './harness'
import { consoleSuite } from './console-support'
import { formItem, modal, openConsole, rowWith, SUBMIT, tableRows } from './office-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/** An .xlsx of the import template's columns with these rows. */
async function sheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const ws = book.addWorksheet('线索')
  ws.addRow(['合伙人推广码', '姓名', '手机号', '意向专业', '备注'])
  for (const row of rows) ws.addRow(row)
  return Buffer.from(await book.xlsx.writeBuffer())
}

/**
 * 线索 in the console, as the demo 招生老师 works it at 1366×768. The demo data's ten clues: 王芳 and
 * 李伟 待跟进 in the pool, 张敏 待跟进 taken by the teacher; 刘洋, 陈静 跟进中; four 已成交; 吴刚 无效.
 */
test.describe('console 线索: a teacher works the clue workbench', () => {
  const t = consoleSuite()
  let page: Page

  test.beforeAll(async () => {
    page = await t.page('teacher')
  })

  test('takes a pool clue found by the filters in the address, logs a follow-up and records a deal typed in yuan', async () => {
    await openConsole(page, t.app, `/clues?assignee=pool&status=${encodeURIComponent('待跟进')}`)
    await page.reload()
    await tableRows(page).first().waitFor()
    expect((await tableRows(page).locator('td:first-child a').allTextContents()).sort()).toStrictEqual(['李伟', '王芳'].sort())
    await expect(formItem(page, '状态').locator('.ant-select-selection-item', { hasText: '待跟进' })).toHaveCount(1)
    await screenshot(page, 'console-clues')

    await rowWith(page, '王芳').getByRole('link', { name: '王芳' }).click()
    await page.getByText('线索：王芳').waitFor()
    await page.getByTestId('take-1').click()
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /领\s*取/ })
      .click()
    await page.locator('.ant-descriptions-item', { hasText: '负责老师' }).getByText('招生老师演示').waitFor()

    await page.getByRole('button', { name: '添加跟进' }).click()
    const followUp = modal(page, '添加跟进「王芳」')
    await followUp.getByText('微信', { exact: true }).click()
    await followUp.getByRole('button', { name: SUBMIT }).click()
    await followUp.getByText('请填写跟进内容').waitFor()
    await followUp.getByPlaceholder('沟通了什么、对方的意向和顾虑').fill('已加微信，发了会计学招生简章')
    await followUp.getByRole('button', { name: SUBMIT }).click()
    await page.getByTestId('clue-timeline').getByText('已加微信，发了会计学招生简章').waitFor()
    await page.locator('.console-page-header__heading .ant-tag', { hasText: '跟进中' }).waitFor()

    const deals: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/clue/deal')) deals.push(r.postData() ?? '')
    })
    await page.getByRole('button', { name: '录入成交' }).click()
    const deal = modal(page, '录入成交「王芳」')
    // The programme starts from the clue's intention (category tree value).
    await deal.locator('.ant-select-selection-item', { hasText: '学历教育(本科) / 会计学(本科)' }).waitFor()
    await deal.getByPlaceholder('例如 3980.00').fill('3980.555')
    await deal.getByText('成交金额须为数字，最多两位小数').waitFor()
    await deal.getByPlaceholder('例如 3980.00').fill('3980.5')
    await deal.getByText('将记为 ¥3,980.50').waitFor()
    await deal.getByRole('button', { name: SUBMIT }).click()
    await page.locator('.console-page-header__heading .ant-tag', { hasText: '已成交' }).waitFor()
    expect(deals.length).toBe(1)
    expect(JSON.parse(deals[0]!)).toStrictEqual({ id: 1, programme: '学历教育(本科)-会计学(本科)', amount: 398050 })
    const info = (await page.getByTestId('clue-info').textContent()) ?? ''
    expect(info).toMatch(/成交金额¥3,980\.50/)
    expect(info).toMatch(/合伙人佣金¥\d/)
    await screenshot(page, 'console-clue-detail')

    await openConsole(page, t.app, '/clues?assignee=mine')
    await rowWith(page, '王芳').waitFor()
    expect((await tableRows(page).locator('td:first-child a').allTextContents()).includes('王芳')).toBeTruthy()
    await openConsole(page, t.app, '/clues?assignee=pool')
    await rowWith(page, '李伟').waitFor()
    expect(!(await tableRows(page).locator('td:first-child a').allTextContents()).includes('王芳')).toBeTruthy()
  })

  test('refuses an import whole when a row trips the 90-day rule, naming the earlier clue and its partner', async () => {
    await openConsole(page, t.app, '/clues')
    await page.getByText('共 10 条').waitFor()

    await page.getByRole('button', { name: /导\s*入/ }).click()
    const dialog = modal(page, '导入线索')
    const template = await page.request.get(`${t.app.url}${await dialog.getByTestId('import-template').getAttribute('href')}`)
    expect(template.headers()['content-type'] ?? '').toMatch(/spreadsheetml/)

    const file = await sheet([
      ['DEMO01', '周新', '13912345678', '学历教育(本科)-会计学(本科)', '想读会计'],
      ['DEMO01', '李伟同名', '13700000001', '', ''],
      ['NOPE99', '孙无', '13912345679', '', ''],
    ])
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: '线索.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file })
    await dialog.getByRole('button', { name: '开始导入' }).click()
    const report = dialog.getByTestId('import-report')
    await report.getByText('共 3 行，其中 2 行不符合要求，本次未导入任何线索').waitFor()
    const dupRow = report.locator('tr', { hasText: '该手机号已被登记' })
    expect((await dupRow.textContent()) ?? '').toMatch(/^3/)
    expect((await dupRow.getByTestId('duplicate-line').textContent()) ?? '').toMatch(/「李伟」.*合伙人 陈晓明（DEMO01）/)
    expect((await report.locator('tr', { hasText: '推广码NOPE99不存在' }).textContent()) ?? '').toMatch(/^4/)
    await screenshot(page, 'console-clues-import-refused')

    // Nothing was imported; the corrected file goes in whole.
    await dialog.locator('.ant-upload-list-item').hover()
    await dialog.locator('.ant-upload-list-item button').click()
    await dialog.locator('input[type=file]').setInputFiles({
      name: '线索.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await sheet([['DEMO01', '周新', '13912345678', '学历教育(本科)-会计学(本科)', '想读会计']]),
    })
    await dialog.getByRole('button', { name: '开始导入' }).click()
    await dialog.getByText('已导入 1 条线索').first().waitFor()
    await dialog.getByRole('button', { name: /关\s*闭/ }).click()
    await page.getByText('共 11 条').waitFor()
    const imported = rowWith(page, '13912345678')
    expect((await imported.textContent()) ?? '').toMatch(/周新.*待跟进.*后台导入.*公海/)
  })

  test('looks a phone up before promising it: the earlier clue and its partner are shown', async () => {
    await openConsole(page, t.app, '/clues')
    await page.getByRole('button', { name: /查\s*重/ }).click()
    const dialog = modal(page, '手机号查重')
    await dialog.getByPlaceholder('11位手机号').fill('13700000002')
    await dialog.getByRole('button', { name: /查\s*询/ }).click()
    const line = dialog.getByTestId('duplicate-line')
    await line.waitFor()
    expect((await line.textContent()) ?? '').toMatch(/「张敏」.*合伙人 陈晓明（DEMO01）/)
    await dialog.getByPlaceholder('11位手机号').fill('13955556666')
    await dialog.getByRole('button', { name: /查\s*询/ }).click()
    await dialog.getByText('13955556666 90天内没有登记，可以登记').waitFor()
  })

  test('exports the filtered list', async () => {
    await openConsole(page, t.app, `/clues?status=${encodeURIComponent('已成交')}`)
    await page.getByText('共 5 条').waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('clue-export').click()])
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(await download.path())
    const ws = book.worksheets[0]!
    expect((ws.getRow(1).values as unknown[]).slice(1, 5)).toStrictEqual(['编号', '姓名', '手机号', '状态'])
    const rows = (ws.getSheetValues().slice(2).filter(Boolean) as unknown[][]).map((r) => r[4])
    expect(rows).toStrictEqual(['已成交', '已成交', '已成交', '已成交', '已成交'])
  })
})
