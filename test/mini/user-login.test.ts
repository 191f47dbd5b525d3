/**
 * The partner login page (pages/user/login) in the compiled WeChat mini-program: what a person
 * sees, the code button with its checks, and the call it makes. WeChat's network call is the
 * faked far side. Build first: `npx taro build --type weapp --mode test` (WEAPP_DIR for another
 * output folder).
 */
import { WEAPP_DIR, hasWeappBuild, installMiniGlobals, loadApp, renderPage, simulate, textOf, until } from './harness'

/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's component wrappers are untyped */
type Comp = any

interface WxRequest {
  url: string
  method: string
  data: unknown
  success?: (res: unknown) => void
  complete?: (res: unknown) => void
}

const requests: WxRequest[] = []
const realSetTimeout = globalThis.setTimeout

/** The back-office's answers: the launch's open-id check says 否, everything else succeeds. */
function answerOf(url: string): unknown {
  if (url.includes('/checkOpenId')) return '否'
  if (url.includes('/timestamp')) return Date.now()
  if (url.includes('/user/user/signIn')) return { bound: '否' }
  return null
}

beforeAll(() => {
  if (!hasWeappBuild()) throw new Error(`${WEAPP_DIR} has no weapp build: run \`npx taro build --type weapp --mode test\` first`)
  installMiniGlobals({
    request: (options: WxRequest) => {
      requests.push(options)
      realSetTimeout(() => {
        const res = {
          statusCode: 200,
          data: { code: 0, message: 'ok', data: answerOf(options.url) },
          header: {},
          cookies: [],
          errMsg: 'request:ok',
        }
        options.success?.(res)
        options.complete?.(res)
      }, 5)
      return { abort() {}, onHeadersReceived() {}, offHeadersReceived() {}, onChunkReceived() {}, offChunkReceived() {} }
    },
    login: (options: { success?: (r: unknown) => void; complete?: (r: unknown) => void }) => {
      realSetTimeout(() => {
        options.success?.({ code: 'mini-code', errMsg: 'login:ok' })
        options.complete?.({})
      }, 0)
    },
  })
  loadApp()
})

const textAt = (page: Comp, selector: string): string => (page.querySelector(selector)?.dom?.textContent ?? '').trim()

async function fire(page: Comp, selector: string, event: string, detail: Record<string, unknown> = {}) {
  const el = page.querySelector(selector)
  if (!el) throw new Error(`nothing matches ${selector}`)
  el.dispatchEvent(event, { detail })
  await simulate.sleep(30)
}

const sendCalls = () => requests.filter((r) => r.url.endsWith('/api/ums/user/user/sendVerify'))

// The simulator loads a compiled page once per test file: the tests run in order on one page.
let page: Comp
beforeAll(async () => {
  // Let the launch's automatic open-id login (checkOpenId, wx.login, signIn) finish first: its
  // answers update the store, and the page redraws with them.
  await until(() => requests.some((r) => r.url.endsWith('/api/ums/user/user/signIn')), 5000)
  page = await renderPage('pages/user/login')
  await until(() => textOf(page).includes('合伙人登录'), 5000)
  await simulate.sleep(100)
})

describe('the partner login page in the weapp build', () => {
  it('shows its title 合伙人登录, the phone field and the two ways to sign in', () => {
    const text = textOf(page)
    expect(text).toContain('合伙人登录')
    expect(text).toContain('密码登录')
    expect(text).toContain('验证码登录')
    expect(textAt(page, '.user-form__row--phone .user-form__label')).toBe('手机号')
    expect(page.querySelector('.user-form__row--phone .app-input__field').dom.tagName).toBe('WX-INPUT')
    expect(text).toContain('我已阅读并同意')
    // Inside WeChat the open-id shortcut is offered.
    expect(text).toContain('微信快捷登录')
  })

  it('shows the code button 获取验证码 once signing in by SMS code is chosen', async () => {
    expect(page.querySelector('.app-code-input__button')).toBeFalsy()
    await fire(page, '.user-login__tab--code', 'tap')
    await until(() => textAt(page, '.user-login__tab--active') === '验证码登录').catch(() => undefined)
    expect(textAt(page, '.user-login__tab--active')).toBe('验证码登录')
    expect(textAt(page, '.user-form__row--code .app-code-input__button')).toBe('获取验证码')
  })

  it('marks a malformed phone instead of sending, then sends {phone, type 登录} and counts down', async () => {
    requests.length = 0
    await fire(page, '.user-form__row--phone .app-input__field', 'input', { value: '1380000' })
    await fire(page, '.app-code-input__button', 'tap')
    expect(textAt(page, '.user-form__row--phone .user-form__error')).toBe('手机号格式不正确')
    expect(sendCalls()).toHaveLength(0)

    await fire(page, '.user-form__row--phone .app-input__field', 'input', { value: '13800000000' })
    expect(page.querySelector('.user-form__row--phone .user-form__error')).toBeFalsy()
    await fire(page, '.app-code-input__button', 'tap')
    await simulate.sleep(50)
    expect(sendCalls()).toHaveLength(1)
    expect(Object.fromEntries(new URLSearchParams(String(sendCalls()[0]?.data)))).toEqual({ phone: '13800000000', type: '登录' })
    expect(textAt(page, '.app-code-input__button')).toBe('60s')
    expect(textAt(page, '.user-form__row--code .user-form__hint')).toBe('验证码已发送至 138****0000，5分钟内有效')
  })

  it('asks for consent before signing in, and sends nothing', async () => {
    requests.length = 0
    await fire(page, '.user-form__row--code .app-input__field', 'input', { value: '123456' })
    await fire(page, '.user-login__submit', 'tap')
    expect(textAt(page, '.user-form__error--agreed')).toBe('请先阅读并同意《用户协议》和《隐私政策》')
    expect(requests.filter((r) => r.url.includes('/signIn'))).toHaveLength(0)
  })
})
