import TestUtils from '@tarojs/test-utils-react'
import { TOAST_DURATION_MS, useStore } from '../../store'
import { RequestError } from '../../request'
import { StoreToast } from '../page'
import Toast from '.'
import { NO_ANSWER_TEXT, toastIfNoAnswer } from './no-answer'

describe('the toast', () => {
  let t: TestUtils
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame'] })
    t = new TestUtils()
  })
  afterEach(() => {
    t.unmout()
    jest.useRealTimers()
  })

  it('shows its title and closes itself after 1500 ms by default', async () => {
    const onClose = jest.fn()
    await t.mount(Toast, { props: { isOpened: true, title: '已提交', onClose } })
    expect(TOAST_DURATION_MS).toBe(1500)
    expect(t.queries.queryByText('已提交')).toBeTruthy()
    t.act(() => jest.advanceTimersByTime(1499))
    expect(onClose).not.toHaveBeenCalled()
    t.act(() => jest.advanceTimersByTime(1))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('keeps to a duration it is given, and a duration of 0 never closes', async () => {
    const onClose = jest.fn()
    await t.mount(Toast, { props: { isOpened: true, title: '慢', duration: 3000, onClose } })
    t.act(() => jest.advanceTimersByTime(2999))
    expect(onClose).not.toHaveBeenCalled()
    t.act(() => jest.advanceTimersByTime(1))
    expect(onClose).toHaveBeenCalledTimes(1)
    t.unmout()

    const never = jest.fn()
    await t.mount(Toast, { props: { isOpened: true, title: '常驻', duration: 0, onClose: never } })
    t.act(() => jest.advanceTimersByTime(60_000))
    expect(never).not.toHaveBeenCalled()
    expect(t.queries.queryByText('常驻')).toBeTruthy()
  })

  it('draws nothing while closed and a mark for success and error', async () => {
    await t.mount(Toast, { props: { isOpened: false, title: '看不见' } })
    expect(t.queries.queryByText('看不见')).toBeFalsy()
    t.unmout()
    await t.mount(Toast, { props: { isOpened: true, title: '成功了', icon: 'success' } })
    expect(t.queries.querySelector('.app-toast__icon--success')?.textContent).toBe('✓')
    t.unmout()
    await t.mount(Toast, { props: { isOpened: true, title: '失败了', icon: 'error' } })
    expect(t.queries.querySelector('.app-toast__icon--error')).toBeTruthy()
  })
})

describe('the store-driven toast every page wrapper draws', () => {
  let t: TestUtils
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame'] })
    t = new TestUtils()
  })
  afterEach(() => {
    t.unmout()
    jest.useRealTimers()
    useStore.getState().hideToast()
  })

  it('shows showToast(title) and hides it in the store 1500 ms later', async () => {
    await t.mount(StoreToast)
    expect(t.queries.querySelector('.app-toast')).toBeFalsy()
    t.act(() => useStore.getState().showToast('请填写手机号'))
    expect(t.queries.queryByText('请填写手机号')).toBeTruthy()
    t.act(() => jest.advanceTimersByTime(1500))
    expect(useStore.getState().toast.status).toBe(false)
    expect(t.queries.queryByText('请填写手机号')).toBeFalsy()
  })

  it('starts the 1500 ms again when the same message is shown again', async () => {
    await t.mount(StoreToast)
    t.act(() => useStore.getState().showToast('重复'))
    t.act(() => jest.advanceTimersByTime(1000))
    t.act(() => useStore.getState().showToast('重复'))
    t.act(() => jest.advanceTimersByTime(1000))
    expect(t.queries.queryByText('重复')).toBeTruthy()
    t.act(() => jest.advanceTimersByTime(500))
    expect(t.queries.queryByText('重复')).toBeFalsy()
  })

  it('uses the duration and icon given to showToast', async () => {
    await t.mount(StoreToast)
    t.act(() => useStore.getState().showToast('保存成功', { icon: 'success', duration: 3000 }))
    expect(t.queries.querySelector('.app-toast__icon--success')).toBeTruthy()
    t.act(() => jest.advanceTimersByTime(2000))
    expect(t.queries.queryByText('保存成功')).toBeTruthy()
    t.act(() => jest.advanceTimersByTime(1000))
    expect(t.queries.queryByText('保存成功')).toBeFalsy()
  })
})

describe('toastIfNoAnswer (a form whose call got no answer)', () => {
  afterEach(() => useStore.getState().hideToast())

  it('tells the person when the call got no answer at all', () => {
    toastIfNoAnswer(new RequestError('network', 'Failed to fetch'))
    expect(useStore.getState().toast).toMatchObject({ status: true, title: NO_ANSWER_TEXT, icon: 'none' })
    expect(NO_ANSWER_TEXT).toBe('网络异常，请检查网络后重试')
  })

  it('leaves refusals, server errors and expired sessions to the request wrapper', () => {
    useStore.getState().showToast('500:服务器繁忙，请稍后再试')
    for (const kind of ['httpStatus', 'refused', 'sessionInvalid', 'badResponse'] as const) {
      toastIfNoAnswer(new RequestError(kind, 'x'))
    }
    toastIfNoAnswer(new Error('not a request'))
    toastIfNoAnswer(undefined)
    expect(useStore.getState().toast.title).toBe('500:服务器繁忙，请稍后再试')
  })
})
