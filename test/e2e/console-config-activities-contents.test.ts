import { screenshot, expect, test, expectPresent } from './harness'
import { consoleSuite, formItem, ok, OPERATORS, openConsole, operatorApi, rowWith, settled } from './console-support'
import { DEMO_PARTNER } from './office-support'
import { countRequests, editorArea, solidPng, typeRange } from './console-config-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

interface Activity {
  id: number
  title: string
  body: string
  cover: string | null
  status: string
  acceptsClues: boolean
}
interface Content {
  id: number
  key: string | null
  title: string
  body: string
}

/** `YYYY-MM-DD HH:mm` in Asia/Shanghai, `days` from now. */
function shanghai(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000)
  return d.toISOString().slice(0, 16).replace('T', ' ')
}

/**
 * 活动 and 内容 in the console at 1366×768: a 招生老师 writes an activity in the rich-text editor
 * (a heading, bold text and a picture uploaded from the toolbar), with a cover and a time window,
 * sees the phone preview of what the server stored, publishes it, and sees the clue it brought
 * and the partner it came through; a body with a script is shown as the server sanitised it.
 * 管理员 edits the agreement (its key locked, not deletable) and is refused a taken key.
 */
test.describe('console 活动 and 内容', () => {
  const t = consoleSuite()
  let activityId = 0

  test('a teacher writes an activity with the editor, sees the stored version at phone size, and publishes it', async () => {
    const page = await t.page('teacher')
    await openConsole(page, t.app, '/activities')
    await page.getByRole('button', { name: '新建活动' }).click()
    await page.waitForURL(/\/admin\/activities\/new$/)
    await editorArea(page).waitFor({ timeout: 30_000 })

    await formItem(page, '活动标题').locator('input').fill('秋季专升本说明会')
    await typeRange(page, formItem(page, '活动时间'), shanghai(-1), shanghai(30))
    const cover = await solidPng(page, '#2255cc', 750, 400)
    await formItem(page, '封面图片').locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover })
    await formItem(page, '封面图片').getByTestId('uploaded-image').waitFor()
    await formItem(page, '摘要').locator('textarea').fill('线上说明会，报名即送备考资料')

    await editorArea(page).click()
    await page.getByRole('button', { name: '标题', exact: true }).click()
    await page.keyboard.type('活动安排')
    await page.keyboard.press('Enter')
    await page.keyboard.type('每周六晚七点，')
    await page.getByRole('button', { name: '加粗' }).click()
    await page.keyboard.type('名师直播答疑')
    await page.getByRole('button', { name: '加粗' }).click()
    await page.keyboard.press('Enter')
    const picture = await solidPng(page, '#cc8800', 400, 200)
    await page.locator('input[aria-label="选择图片"]').setInputFiles({ name: '现场.png', mimeType: 'image/png', buffer: picture })
    await editorArea(page).locator('img[src^="/uploads/posters/"]').waitFor()
    await screenshot(page, 'console-config-activity-editor')

    await page.getByRole('button', { name: '保存为草稿' }).click()
    await page.waitForURL(/\/admin\/activities\/\d+$/)
    activityId = Number(new URL(page.url()).pathname.split('/').pop())
    await settled(page)

    const teacher = await operatorApi(t.app, OPERATORS.teacher.account, OPERATORS.teacher.password)
    const stored = ok(await teacher.call<Activity>('GET', '/api/bms/activity/activity/details', { id: activityId }))
    expect(stored.status).toBe('未发布')
    expect(stored.body).toMatch(/<h2>活动安排<\/h2>/)
    expect(stored.body).toMatch(/<strong>名师直播答疑<\/strong>/)
    expect(stored.body).toMatch(/<img src="\/uploads\/posters\/[0-9a-f]+\.png" alt="现场"/)
    expect(stored.cover ?? '').toMatch(/^\/uploads\/posters\//)

    // The phone preview shows what the server stored, with the open clue form at the bottom.
    const phone = page.getByTestId('activity-phone')
    await phone.getByText('秋季专升本说明会').waitFor()
    await expect(phone.locator('strong', { hasText: '名师直播答疑' })).toHaveCount(1)
    await expect(phone.locator('img[src^="/uploads/posters/"]'), 'cover and the body picture').toHaveCount(2)
    await phone.getByTestId('phone-clue-form').waitFor()
    await page.getByText('未发布：合伙人和访客还看不到这个活动').waitFor()

    await page.getByRole('button', { name: /^发\s*布$/ }).click()
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /发\s*布/ })
      .click()
    await page.locator('.console-page .ant-tag', { hasText: '已发布' }).waitFor()
    const publicView = (await (await fetch(`${t.app.url}/api/cms/activity/activity/detailsForClient?id=${activityId}`)).json()) as {
      data: Activity
    }
    expect(publicView.data.title).toBe('秋季专升本说明会')
    expect(publicView.data.acceptsClues).toBe(true)
    await screenshot(page, 'console-config-activity-detail')
  })

  test('the activity page lists the clue its form brought and the partner it came through', async () => {
    const res = await fetch(`${t.app.url}/api/ems/partner/clue/saveForActivity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.app.url },
      body: JSON.stringify({ name: '周同学', phone: '13912345678', ref: DEMO_PARTNER.code, activityId: String(activityId) }),
    })
    expect(((await res.json()) as { code: number }).code).toBe(0)

    const page = await t.page('teacher')
    await openConsole(page, t.app, `/activities/${activityId}`)
    const byPartner = page.getByTestId('activity-partners')
    await byPartner.getByText(`${DEMO_PARTNER.name}（${DEMO_PARTNER.code}）`).waitFor()
    expect(await byPartner.locator('.ant-table-row').first().innerText()).toMatch(/1\s+0\s+¥0\.00/)
    await rowWith(page, '周同学').waitFor()
    expect(await rowWith(page, '周同学').innerText()).toMatch(/13912345678[\s\S]*待跟进[\s\S]*陈晓明/)
    await screenshot(page, 'console-config-activity-clues')
  })

  test('an activity without its title, time or body never leaves the form, and finance cannot open the activities', async () => {
    const page = await t.page('teacher')
    await openConsole(page, t.app, '/activities/new')
    await editorArea(page).waitFor({ timeout: 30_000 })
    const posts = countRequests(page, 'POST', '/api/bms/activity/activity')
    await editorArea(page).click()
    await page.keyboard.type('   ')
    await page.getByRole('button', { name: '保存为草稿' }).click()
    for (const message of ['请填写活动标题', '请选择活动时间', '请填写活动内容']) await page.getByText(message).waitFor()
    expect(posts.count).toBe(0)
    await screenshot(page, 'console-config-activity-refused')

    const finance = await t.page('finance')
    await finance.goto(`${t.app.url}/admin/activities`)
    await finance.getByText('无权访问').waitFor()
    expect(!(await finance.locator('.console-sider').innerText()).includes('活动')).toBeTruthy()
  })

  test('a body with a script and an inline handler is previewed as the server stored it, without them', async () => {
    const teacher = await operatorApi(t.app, OPERATORS.teacher.account, OPERATORS.teacher.password)
    const current = ok(
      await teacher.call<Activity & { type: string; startAt: string; endAt: string }>('GET', '/api/bms/activity/activity/details', {
        id: activityId,
      }),
    )
    ok(
      await teacher.call('PUT', '/api/bms/activity/activity', {
        id: activityId,
        title: current.title,
        type: current.type,
        startAt: current.startAt,
        endAt: current.endAt,
        body: '<p>安全的正文</p><img src="/uploads/x.png" onerror="window.__hacked=1"><script>window.__hacked=2</script>',
      }),
    )
    const page = await t.page('teacher')
    await openConsole(page, t.app, `/activities/${activityId}`)
    const phone = page.getByTestId('activity-phone')
    await phone.getByText('安全的正文').waitFor()
    await expect(phone.locator('script')).toHaveCount(0)
    await expect(phone.locator('[onerror]')).toHaveCount(0)
    expect(await page.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBe(undefined)
  })

  test('管理员 edits the agreement: its key stays locked, it cannot be removed, and the phone preview shows the saved text', async () => {
    const admin = await operatorApi(t.app, OPERATORS.admin.account, OPERATORS.admin.password)
    const list = ok(await admin.call<{ list: Content[] }>('GET', '/api/cms/web/siteContent/list', { size: 50 }))
    const agreement = list.list.find((c) => c.key === 'agreement')
    expectPresent(agreement)

    const page = await t.page('admin')
    await openConsole(page, t.app, '/contents')
    await expect(rowWith(page, 'agreement').locator('a', { hasText: '删除' }), 'no delete link for the agreement').toHaveCount(0)
    await rowWith(page, 'agreement').getByText('编辑').click()
    await page.waitForURL(new RegExp(`/admin/contents/${agreement.id}/edit$`))
    await editorArea(page).waitFor({ timeout: 30_000 })
    await expect(formItem(page, '内容标识').locator('input')).toBeDisabled()

    await editorArea(page).click()
    await page.keyboard.press('Control+End')
    await page.keyboard.press('Enter')
    await page.keyboard.type('第九条 本协议自2026年12月1日起施行。')
    await page.getByRole('button', { name: /保\s*存/ }).click()
    await page.locator('.ant-message-notice', { hasText: '内容已保存' }).waitFor()
    await page.getByTestId('content-phone').getByText('第九条 本协议自2026年12月1日起施行。').waitFor()

    const publicView = (await (await fetch(`${t.app.url}/api/cms/web/siteContent/detailsForClient?key=agreement`)).json()) as {
      data: Content
    }
    expect(publicView.data.body).toMatch(/第九条 本协议自2026年12月1日起施行。/)
    await screenshot(page, 'console-config-content-agreement')
  })

  test('a new content under a key already used is refused with the server message; a free key is saved and can be removed', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/contents/new')
    await editorArea(page).waitFor({ timeout: 30_000 })
    await formItem(page, '标题').locator('input').fill('报考指南')
    await formItem(page, '内容标识').locator('input').fill('privacy')
    await editorArea(page).click()
    await page.keyboard.type('报考流程与时间安排')
    await page.getByRole('button', { name: /保\s*存/ }).click()
    await page.getByRole('alert').filter({ hasText: '内容标识已被使用' }).waitFor()
    await screenshot(page, 'console-config-content-refused')

    await formItem(page, '内容标识').locator('input').fill('guide2026')
    await page.getByRole('button', { name: /保\s*存/ }).click()
    await page.waitForURL(/\/admin\/contents\/\d+\/edit$/)
    await page.getByTestId('content-phone').getByText('报考流程与时间安排').waitFor()

    await openConsole(page, t.app, '/contents')
    await rowWith(page, 'guide2026').getByText('删除').click()
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /删\s*除/ })
      .click()
    await page.locator('.ant-message-notice', { hasText: '已删除' }).waitFor()
    await page.waitForFunction(() => !document.body.innerText.includes('guide2026'))
  })
})
