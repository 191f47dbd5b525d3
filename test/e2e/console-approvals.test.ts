import type { Page } from '@playwright/test'
import { screenshot, expect, test } from './harness'
import { consoleSuite } from './console-support'
import { modal, ok, openConsole, operatorApi, rowWith, signInConsole, tableRows, type ApiUser } from './office-support'
import { lastSmsId, smsCode, DEMO_STUDENT } from './user-helpers'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/** The education office of the demo data (教务处: every approval, their flows), and the head teacher of 林小雨's class. */
const OFFICE = { account: 'office', password: 'demo1234' }
const HEAD_TEACHER = { account: 'headteacher', name: '王老师' }

/** A 1×1 PNG: the leave's picture (the server checks an upload by its bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

/** The office's wall-clock date `days` from today (YYYY-MM-DD). */
function officeDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + days * 86_400_000))
}

/** The demo student signed in by SMS code, as the student's app does: JSON calls and the picture upload with that cookie. */
async function studentApi(url: string, phone: string): Promise<ApiUser & { upload: (file: Buffer) => Promise<string> }> {
  const app = { url } as Parameters<typeof lastSmsId>[0]
  const before = await lastSmsId(app, phone)
  const headers = { 'content-type': 'application/json', origin: url }
  const sent = (await (
    await fetch(`${url}/api/ums/user/user/sendVerify`, { method: 'POST', headers, body: JSON.stringify({ phone, type: '登录' }) })
  ).json()) as { code: number; message: string }
  expect(sent.code, sent.message).toBe(0)
  const res = await fetch(`${url}/api/ums/user/user/signInByCode`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone, code: await smsCode(app, phone, before) }),
  })
  const signed = (await res.json()) as { code: number; message: string }
  expect(signed.code, signed.message).toBe(0)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return {
    async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload: Record<string, unknown> = {}) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(payload)
      const answer = await fetch(`${url}${path}`, { method, headers: { ...headers, cookie }, body })
      return (await answer.json()) as { code: number; message: string; data: T }
    },
    async upload(file: Buffer) {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'note.png')
      const answer = (await (
        await fetch(`${url}/api/zms/approval/leave/upload`, { method: 'POST', headers: { cookie, origin: url }, body: form })
      ).json()) as { code: number; message: string; data: { key: string } }
      return ok(answer).key
    },
  }
}

interface LeaveAnswer {
  leave: { id: number; daysText: string }
  approval: { id: number; title: string; status: string; steps: Array<{ name: string; status: string }> }
}

/**
 * 审批 in the console at 1366×768: 林小雨 asks for 4 days of leave with a doctor's note; her head
 * teacher approves the first step (through the API, as the head teacher's phone would); the leave,
 * longer than 3 days, then waits for 教务处, whose operator approves it in the console and sees it
 * 已通过.
 */
test.describe('console 审批: a 4-day leave passes the head teacher, then the education office approves it', () => {
  const t = consoleSuite()
  let page: Page
  let approvalId = 0
  let title = ''
  /** The student's session (one SMS sign-in: the codes are rate limited). */
  let student: Awaited<ReturnType<typeof studentApi>>
  const errors: string[] = []

  test('林小雨 asks for 4 days with a picture, and her head teacher approves the first step', async () => {
    student = await studentApi(t.app.url, DEMO_STUDENT.phone)
    const picture = await student.upload(PNG)
    const applied = ok(
      await student.call<LeaveAnswer>('POST', '/api/zms/approval/leave/apply', {
        type: '病假',
        startDate: officeDay(20),
        startHalf: '上午',
        endDate: officeDay(23),
        endHalf: '下午',
        reason: '术后复查与休养',
        pictures: [picture],
      }),
    )
    expect(applied.leave.daysText).toBe('4天')
    approvalId = applied.approval.id
    title = applied.approval.title

    const head = await operatorApi(t.app, HEAD_TEACHER.account)
    const decided = ok(
      await head.call<LeaveAnswer['approval']>('PUT', '/api/zms/approval/approval/audit', {
        id: approvalId,
        decision: 'approve',
        comment: '同意，注意休息',
      }),
    )
    // Longer than 3 days: the flow's second step (教务处) is now under way.
    expect(decided.status).toBe('审批中')
    expect(decided.steps.map((s) => [s.name, s.status])).toEqual([
      ['班主任审批', '已通过'],
      ['教务处审批', '审批中'],
    ])
  })

  test('教务处 finds it waiting at its step, reads the steps and the picture, approves it, and it is 已通过', async () => {
    page = await t.blankPage()
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    page.on('pageerror', (e) => errors.push(e.message))
    await signInConsole(page, t.app, OFFICE.account, OFFICE.password)
    await openConsole(page, t.app, '/approvals')

    // 待我审批 with its count, the leave at the 教务处 step.
    await expect(page.getByRole('tab', { name: /待我审批/ }).locator('.ant-badge-count')).toHaveAttribute('title', '1 条待我审批')
    const row = rowWith(page, title)
    await expect(row).toContainText('教务处审批')
    await expect(row).toContainText('审批中')
    await expect(row).toContainText('时长：4天')

    await page.getByTestId(`approval-${approvalId}`).click()
    const drawer = page.locator('.ant-drawer-content')
    const steps = drawer.getByTestId('approval-steps')
    await expect(steps.getByTestId('approval-step-1')).toContainText(/班主任审批.*已通过.*王老师.*同意.*同意，注意休息/)
    await expect(steps.getByTestId('approval-step-2')).toContainText(/教务处审批.*审批中.*教务处演示.*待处理/)
    await expect(drawer.getByTestId('approval-fields')).toContainText('术后复查与休养')
    await expect(drawer.getByTestId('approval-pictures').locator('img')).toHaveCount(1)
    await screenshot(page, 'console-approvals-waiting')

    await drawer.getByTestId('decide-approve').click()
    const dialog = modal(page, `同意「${title}」`)
    await dialog.getByLabel('审批意见').fill('材料齐全，同意')
    await dialog.getByRole('button', { name: /^同\s*意$/ }).click()
    await expect(drawer.getByTestId('approval-summary')).toContainText('已通过')
    await expect(steps.getByTestId('approval-step-2')).toContainText(/教务处审批.*已通过.*教务处演示.*同意.*材料齐全，同意/)
    await expect(drawer.getByTestId('approval-timeline')).toContainText('教务处演示 同意')
    // Nothing left to decide; 撤销 for the office, which holds 审批 · 撤销.
    await expect(drawer.getByTestId('decide-approve')).toHaveCount(0)
    await expect(drawer.getByTestId('revoke')).toBeVisible()
    await screenshot(page, 'console-approvals-approved')
    await page.keyboard.press('Escape')

    // Gone from 待我审批 (and its count), listed under 我已审批 as 已通过.
    await expect(page.getByText('没有待我审批的申请')).toBeVisible()
    await expect(page.getByRole('tab', { name: /待我审批/ }).locator('.ant-badge-count')).toHaveCount(0)
    await openConsole(page, t.app, '/approvals/done')
    await expect(tableRows(page)).toHaveCount(1)
    await expect(rowWith(page, title)).toContainText('已通过')
    expect(errors, errors.join('\n')).toEqual([])
  })

  test("the office's decision is the one the student reads", async () => {
    const leaves = ok(
      await student.call<{ list: Array<{ approvalId: number | null; status: string }> }>('GET', '/api/zms/approval/leave/listByStudent'),
    )
    expect(leaves.list.find((l) => l.approvalId === approvalId)?.status).toBe('已通过')
  })
})
