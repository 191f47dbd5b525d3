import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, phoneContext, screenshot, type RunningApp, expect, test } from './harness'
import {
  DEMO_ACTIVE,
  DEMO_PENDING,
  fill,
  onHome,
  onPage,
  operator,
  pick,
  registerByApi,
  rowError,
  signInWithPassword,
  startUserApp,
  toast,
  visible,
} from './user-helpers'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

test.describe('the signed-in user area (pages/user/person, partner, changePass)', () => {
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext | undefined
  let page: Page
  const fresh = { phone: '13900000101', password: 'fresh2026' }

  test.beforeAll(async () => {
    app = await startUserApp()
    browser = await launchBrowser()
    await registerByApi(app, fresh.phone, fresh.password)
  })

  test.afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  /** A fresh browser, signed in as `who` through the login page, landing on `path` (its `from`). */
  async function signedInAt(who: { phone: string; password: string }, path: string, title: string): Promise<Page> {
    await context?.close()
    context = await phoneContext(browser)
    page = await context.newPage()
    await page.goto(`${app.url}${path}`)
    await page.waitForURL((url) => url.pathname === '/pages/user/login', { timeout: 30_000 })
    await signInWithPassword(page, who.phone, who.password)
    await onPage(page, path, title)
    return page
  }

  test('personal info: a bad ID card gets its message and nothing is sent; a good one saves, tells so and goes back', async () => {
    await signedInAt(fresh, '/pages/user/person', '填写个人信息')
    await visible(page, '.user-form__row--realName input').waitFor()
    await screenshot(page, 'user-person-empty')

    // Every required field says what it needs.
    await visible(page, '.user-person__submit').click()
    expect(await rowError(page, 'realName')).toBe('请填写真实姓名')
    expect(await rowError(page, 'idCard')).toBe('请填写身份证号')
    expect(await rowError(page, 'payoutType')).toBe('请选择收款方式')

    await fill(page, 'realName', '王小明')
    await pick(page, 'gender', ['男'])
    await fill(page, 'idCard', '110101199003078514')
    await pick(page, 'province', ['浙江省'])
    await pick(page, 'city', ['宁波市'])
    await fill(page, 'wechatId', 'wxm_2026')
    await pick(page, 'payoutType', ['银行卡'])
    await fill(page, 'payoutAccount', '6222020200112233445')
    await fill(page, 'payoutName', '王小明')

    const saves: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/savePersonal')) saves.push(r.postData() ?? '')
    })
    await visible(page, '.user-person__submit').click()
    expect(await rowError(page, 'idCard')).toBe('身份证号不正确')
    expect(await rowError(page, 'realName')).toBe('')
    await screenshot(page, 'user-person-bad-id-card')
    expect(saves).toStrictEqual([])

    await fill(page, 'idCard', '110101199003078515')
    await screenshot(page, 'user-person-filled')
    await visible(page, '.user-person__submit').click()
    await toast(page, '保存成功')
    // Opened directly (nothing to go back to), so back means home.
    await onHome(page)
    expect(saves.length).toBe(1)
    expect(saves[0] ?? '').toMatch(/idCard=110101199003078515/)
    expect(saves[0] ?? '').toMatch(/province=%E6%B5%99%E6%B1%9F%E7%9C%81&city=%E5%AE%81%E6%B3%A2%E5%B8%82/)

    // Opened again: the ID card and the account come back masked, and saving keeps them.
    await page.goto(`${app.url}/pages/user/person`)
    await onPage(page, '/pages/user/person', '填写个人信息')
    await expect(visible(page, '.user-form__row--idCard input')).toHaveValue('1101**********8515')
    expect(await visible(page, '.user-form__row--idCard .user-form__hint').innerText()).toMatch(/已登记/)
    expect(await visible(page, '.user-form__row--city .app-picker-field__text').innerText()).toBe('宁波市')
    await screenshot(page, 'user-person-masked')
    await visible(page, '.user-person__submit').click()
    await toast(page, '保存成功')
    expect(saves.length).toBe(2)
    expect(saves[1] ?? '').toMatch(/idCard=&/)
  })

  test('sign-up info: prefilled, the category picker gives "parent-child", and submitting puts the partner in review (待审核)', async () => {
    await signedInAt(fresh, '/pages/user/partner', '填写报名信息')
    await visible(page, '.user-partner-status__badge', '未提交').waitFor()
    await screenshot(page, 'user-partner-empty')

    await visible(page, '.user-partner__submit').click()
    expect(await rowError(page, 'school')).toBe('请填写学校')
    expect(await rowError(page, 'discipline')).toBe('请选择报考类别')
    expect(await rowError(page, 'intake')).toBe('请选择入学年份和批次')

    await fill(page, 'school', '浙江开放大学')
    await fill(page, 'major', '会计')
    await pick(page, 'discipline', ['学历教育(本科)', '会计学(本科)'])
    expect(await visible(page, '.user-form__row--discipline .app-picker-field__text').innerText()).toBe('学历教育(本科)-会计学(本科)')
    await pick(page, 'intake', ['2025', '3期'])
    expect(await visible(page, '.user-form__row--intake .app-picker-field__text').innerText()).toBe('2025年 3期')
    await screenshot(page, 'user-partner-filled')

    const saved = page.waitForRequest((r) => r.url().includes('/saveSignUp'))
    await visible(page, '.user-partner__submit', '提交审核').click()
    expect((await saved).postData() ?? '').toMatch(
      /discipline=%E5%AD%A6%E5%8E%86%E6%95%99%E8%82%B2\(%E6%9C%AC%E7%A7%91\)-%E4%BC%9A%E8%AE%A1%E5%AD%A6\(%E6%9C%AC%E7%A7%91\)/,
    )
    await toast(page, '提交成功，请等待审核')
    await visible(page, '.user-partner-status__badge', '待审核').waitFor()
    expect(await visible(page, '.user-partner-status').innerText()).toMatch(/工作人员会在1-3个工作日内完成审核/)
    await expect(page.locator('.user-partner__submit:visible')).toHaveCount(0)
    await screenshot(page, 'user-partner-pending')

    // The session user now carries the school, major and discipline (the form-info prefill).
    const stored = await page.evaluate(() => JSON.stringify(localStorage))
    expect(stored).toMatch(/学历教育\(本科\)-会计学\(本科\)/)
  })

  test('a rejected partner sees the reason and reapplies into review', async () => {
    const ops = await operator(app)
    await ops.audit(await ops.partnerId(DEMO_PENDING.phone), '已拒绝', '学校名称请填写全称')
    await signedInAt(DEMO_PENDING, '/pages/user/partner', '填写报名信息')
    await visible(page, '.user-partner-status__badge', '已拒绝').waitFor()
    expect(await visible(page, '.user-partner-status__reason').innerText()).toMatch(/拒绝原因：学校名称请填写全称/)
    // Read-only until the partner chooses to resubmit.
    await expect(page.locator('.user-form__row--school input:visible')).toHaveCount(0)
    await screenshot(page, 'user-partner-rejected')

    await visible(page, '.user-partner__reapply', '重新提交').click()
    await fill(page, 'school', '南京开放大学（江苏开放大学）')
    await screenshot(page, 'user-partner-reapply')
    await visible(page, '.user-partner__submit', '重新提交审核').click()
    await toast(page, '提交成功，请等待审核')
    await visible(page, '.user-partner-status__badge', '待审核').waitFor()
    await expect(page.locator('.user-partner-status__reason:visible')).toHaveCount(0)
  })

  test('an approved partner sees 已通过 and their sign-up info read-only', async () => {
    await signedInAt(DEMO_ACTIVE, '/pages/user/partner', '填写报名信息')
    await visible(page, '.user-partner-status__badge', '已通过').waitFor()
    expect(await visible(page, '.user-partner').innerText()).toMatch(
      /浙江开放大学[\s\S]*学历教育\(大专\)-工商企业管理\(大专\)[\s\S]*2024年 3期/,
    )
    await screenshot(page, 'user-partner-approved')
  })

  test('shows a spinner while the profile loads slowly, and a retry when it fails', async () => {
    await signedInAt(DEMO_ACTIVE, '/pages/user/changePass', '修改密码')
    let fail = true
    await page.route('**/api/ems/partner/client/signInfo', async (route) => {
      await new Promise((r) => setTimeout(r, 1500))
      if (fail) await route.abort('internetdisconnected')
      else await route.continue()
    })
    await page.evaluate(() => {
      window.history.pushState({}, '', '/pages/user/person')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await visible(page, '.user-load--loading').waitFor()
    await visible(page, '.user-load--failed').waitFor({ timeout: 15_000 })
    expect(await visible(page, '.user-load--failed').innerText()).toMatch(/个人信息加载失败/)
    await screenshot(page, 'user-person-failed')
    fail = false
    await visible(page, '.user-load__retry .taro-button-core').click()
    await visible(page, '.user-form__row--realName input').waitFor({ timeout: 15_000 })
    await expect(visible(page, '.user-form__row--realName input')).toHaveValue('陈晓明')
  })

  test('an expired session mid-use goes to login with from, and back to the same page after signing in', async () => {
    await signedInAt(DEMO_ACTIVE, '/pages/user/person', '填写个人信息')
    await visible(page, '.user-form__row--realName input').waitFor()
    // The session ends on the server's side (cookie gone): the next call answers 100000004.
    await context!.clearCookies()
    await visible(page, '.user-person__submit').click()
    await page.waitForURL((url) => url.pathname === '/pages/user/login', { timeout: 30_000 })
    expect(new URL(page.url()).searchParams.get('from')).toBe('/pages/user/person')
    await screenshot(page, 'user-session-expired')
    await signInWithPassword(page, DEMO_ACTIVE.phone, DEMO_ACTIVE.password)
    await onPage(page, '/pages/user/person', '填写个人信息')
    await visible(page, '.user-form__row--realName input').waitFor()
  })

  test('changes the password: messages first, a wrong old password refused once, then signed out to login; the new password signs in', async () => {
    await signedInAt(DEMO_ACTIVE, '/pages/user/changePass', '修改密码')
    await visible(page, '.user-change-pass__submit').click()
    expect(await rowError(page, 'oldPassword')).toBe('请填写原密码')
    expect(await rowError(page, 'password')).toBe('请填写密码')
    await fill(page, 'oldPassword', DEMO_ACTIVE.password)
    await fill(page, 'password', 'changed2026')
    await fill(page, 'repeat', 'changed2027')
    await visible(page, '.user-change-pass__submit').click()
    expect(await rowError(page, 'repeat')).toBe('两次输入的密码不一致')
    await screenshot(page, 'user-change-pass-validation')

    await fill(page, 'oldPassword', 'notmine123')
    await fill(page, 'repeat', 'changed2026')
    await visible(page, '.user-change-pass__submit').click()
    await toast(page, '原密码错误')
    await expect(page.locator(':text("原密码错误"):visible')).toHaveCount(1)

    await fill(page, 'oldPassword', DEMO_ACTIVE.password)
    await visible(page, '.user-change-pass__submit').click()
    await page.waitForURL((url) => url.pathname === '/pages/user/login', { timeout: 30_000 })
    await toast(page, '密码已修改，请用新密码重新登录')
    expect(new URL(page.url()).searchParams.get('from')).toBe(null)
    await screenshot(page, 'user-change-pass-done')
    const stored = await page.evaluate(() => JSON.stringify(localStorage))
    expect(stored).not.toMatch(/"id":\d+/)

    await signInWithPassword(page, DEMO_ACTIVE.phone, DEMO_ACTIVE.password)
    await toast(page, '手机号或密码错误')
    await fill(page, 'password', 'changed2026')
    await visible(page, '.user-login__submit').click()
    await onHome(page)
  })
})
