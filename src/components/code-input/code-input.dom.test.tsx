import TestUtils from '@tarojs/test-utils-react'
import { setApiHost } from '../../request'
import { envelope, startTestServer, type TestServer } from '../../request/testing/server'
import { useStore } from '../../store'
import { VerifyType } from '@activity/wire'
import CodeInput, { CODE_COUNTDOWN_SECONDS } from '.'

const SEND = 'POST /api/ums/user/user/sendVerify'
/** Everything but setInterval and Date: the request's own timers and jsdom's stay real. */
const REAL_FOR_IO: Array<
  | 'setTimeout'
  | 'clearTimeout'
  | 'setImmediate'
  | 'clearImmediate'
  | 'requestAnimationFrame'
  | 'cancelAnimationFrame'
  | 'requestIdleCallback'
  | 'cancelIdleCallback'
  | 'nextTick'
  | 'queueMicrotask'
  | 'hrtime'
  | 'performance'
> = [
  'setTimeout',
  'clearTimeout',
  'setImmediate',
  'clearImmediate',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'nextTick',
  'queueMicrotask',
  'hrtime',
  'performance',
]

// Taken before any test fakes the clock: real waiting for real I/O.
const realSetTimeout = globalThis.setTimeout
const pause = (ms = 1) => new Promise((r) => realSetTimeout(r, ms))

/** Lets promises and real I/O settle while jest's fake timers hold the clock. */
async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i += 1) await pause()
}

describe('the verification-code input', () => {
  let t: TestUtils
  const button = () => t.queries.querySelector('.app-code-input__button') as HTMLElement
  const press = async () => {
    t.fireEvent.click(button())
    await t.act(() => settle())
  }
  const tick = (ms: number) => t.act(() => jest.advanceTimersByTime(ms))

  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'nextTick', 'queueMicrotask'] })
    t = new TestUtils()
  })
  afterEach(() => {
    t.unmout()
    jest.useRealTimers()
    useStore.getState().hideToast()
  })

  it('reads 请输入验证码 and 获取验证码 until used', async () => {
    await t.mount(CodeInput, { props: { phone: '13800000000', send: jest.fn() } })
    expect(t.queries.queryByPlaceholder('请输入验证码')).toBeTruthy()
    expect(button().textContent).toBe('获取验证码')
  })

  it('shows its press look while a finger rests on it, and none while counting down', async () => {
    await t.mount(CodeInput, { props: { phone: '13800000000', send: jest.fn().mockResolvedValue(null) } })
    t.fireEvent.touchStart(button())
    expect(button().className).toContain('app-code-input__button--hover')
    t.fireEvent.touchEnd(button())
    expect(button().className).not.toContain('app-code-input__button--hover')
    await press()
    expect(button().textContent).toBe(`${CODE_COUNTDOWN_SECONDS}s`)
    t.fireEvent.touchStart(button())
    expect(button().className).not.toContain('app-code-input__button--hover')
    t.fireEvent.touchEnd(button())
  })

  it('with no phone shows 请填写手机号 as a toast and sends nothing', async () => {
    const send = jest.fn().mockResolvedValue(null)
    await t.mount(CodeInput, { props: { phone: '  ', send } })
    await press()
    expect(send).not.toHaveBeenCalled()
    expect(useStore.getState().toast).toMatchObject({ status: true, title: '请填写手机号' })
    expect(button().textContent).toBe('获取验证码')
  })

  it('shows the error title it is given instead', async () => {
    const send = jest.fn().mockResolvedValue(null)
    await t.mount(CodeInput, { props: { errorTitle: '请先填写手机号码', send } })
    await press()
    expect(send).not.toHaveBeenCalled()
    expect(useStore.getState().toast.title).toBe('请先填写手机号码')
  })

  it('sends once, counts 60s down to 重新获取, ignores presses meanwhile, then sends again', async () => {
    const send = jest.fn().mockResolvedValue(null)
    const onSent = jest.fn()
    await t.mount(CodeInput, { props: { phone: '13800000000', send, onSent } })
    await press()
    expect(send).toHaveBeenCalledTimes(1)
    expect(send).toHaveBeenLastCalledWith('13800000000', VerifyType.login)
    expect(onSent).toHaveBeenCalledTimes(1)
    expect(button().textContent).toBe('60s')
    tick(1000)
    expect(button().textContent).toBe('59s')
    await press()
    tick(30_000)
    expect(button().textContent).toBe('29s')
    await press()
    expect(send).toHaveBeenCalledTimes(1)
    tick(28_000)
    expect(button().textContent).toBe('1s')
    tick(1000)
    expect(button().textContent).toBe('重新获取')
    await press()
    expect(send).toHaveBeenCalledTimes(2)
    expect(button().textContent).toBe(`${CODE_COUNTDOWN_SECONDS}s`)
  })

  it('does not start the countdown when the send fails, and can be pressed again', async () => {
    const send = jest.fn().mockRejectedValueOnce(new Error('短信发送过于频繁')).mockResolvedValueOnce(null)
    await t.mount(CodeInput, { props: { phone: '13800000000', type: VerifyType.register, send } })
    await press()
    expect(send).toHaveBeenCalledWith('13800000000', '注册')
    expect(button().textContent).toBe('获取验证码')
    tick(5000)
    expect(button().textContent).toBe('获取验证码')
    await press()
    expect(send).toHaveBeenCalledTimes(2)
    expect(button().textContent).toBe('60s')
  })

  it('sends one request for a double tap while the first is on its way', async () => {
    let answer: (v: unknown) => void = () => {}
    const send = jest.fn(() => new Promise((r) => (answer = r)))
    await t.mount(CodeInput, { props: { phone: '13800000000', send } })
    t.fireEvent.click(button())
    t.fireEvent.click(button())
    await t.act(() => settle())
    expect(send).toHaveBeenCalledTimes(1)
    await t.act(async () => {
      answer(null)
      await settle()
    })
    expect(button().textContent).toBe('60s')
  })

  it('reports what is typed', async () => {
    const onInput = jest.fn()
    await t.mount(CodeInput, { props: { phone: '1', send: jest.fn(), onInput } })
    t.fireEvent.input(t.queries.querySelector('input')!, { target: { value: '1234' } } as never)
    expect(onInput).toHaveBeenLastCalledWith('1234')
  })
})

describe('the verification-code input against the back-office', () => {
  let t: TestUtils
  let server: TestServer
  const button = () => t.queries.querySelector('.app-code-input__button') as HTMLElement

  /** Real I/O with a held clock: wait (by polling, not timers) until `done` holds. */
  async function until(done: () => boolean) {
    for (let i = 0; i < 500 && !done(); i += 1) await t.act(() => pause(10))
    expect(done()).toBe(true)
  }

  beforeAll(async () => {
    server = await startTestServer()
    setApiHost(server.url)
  })
  afterAll(() => server.close())
  beforeEach(() => {
    server.reset()
    // The countdown's clock (setInterval and Date) is held; the request's own timers stay real.
    jest.useFakeTimers({ doNotFake: REAL_FOR_IO })
    t = new TestUtils()
  })
  afterEach(() => {
    t.unmout()
    jest.useRealTimers()
    useStore.getState().hideToast()
    useStore.getState().hideLoading()
  })

  it('posts {phone, type 登录} to sendVerify once and counts down; presses during the countdown send nothing', async () => {
    server.on(SEND, { body: envelope(null) })
    await t.mount(CodeInput, { props: { phone: '13800000000' } })
    t.fireEvent.click(button())
    await until(() => button().textContent === '60s')
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([SEND])
    expect(server.last(SEND)?.form).toEqual({ phone: '13800000000', type: '登录' })

    t.act(() => jest.advanceTimersByTime(10_000))
    expect(button().textContent).toBe('50s')
    t.fireEvent.click(button())
    t.fireEvent.click(button())
    await t.act(() => pause(300))
    expect(server.requests).toHaveLength(1)
  })

  it('stays ready when the back-office refuses, and the refusal is shown as a toast', async () => {
    server.on(SEND, { body: envelope(null, 100000001, '手机号格式不正确') })
    await t.mount(CodeInput, { props: { phone: '123' } })
    t.fireEvent.click(button())
    await until(() => server.requests.length === 1 && useStore.getState().toast.title === '手机号格式不正确')
    t.act(() => jest.advanceTimersByTime(2000))
    expect(button().textContent).toBe('获取验证码')
  })

  it('sends nothing at all for an empty phone', async () => {
    server.on(SEND, { body: envelope(null) })
    await t.mount(CodeInput, { props: { phone: '' } })
    t.fireEvent.click(button())
    await t.act(() => pause(300))
    expect(server.requests).toHaveLength(0)
    expect(useStore.getState().toast.title).toBe('请填写手机号')
  })
})
