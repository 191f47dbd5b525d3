import { useState } from 'react'
import TestUtils from '@tarojs/test-utils-react'
import TextInput, { BLUR_CLEAR_MS } from '.'

describe('the input', () => {
  let t: TestUtils
  const field = () => t.queries.querySelector('input') as HTMLInputElement
  const clearButton = () => t.queries.querySelector('.app-input__clear')
  const type = (value: string) => t.fireEvent.input(field(), { target: { value } } as never)
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame'] })
    t = new TestUtils()
  })
  afterEach(() => {
    t.unmout()
    jest.useRealTimers()
  })

  it('reads 请输入 and shows typed text as is', async () => {
    await t.mount(TextInput, { props: {} })
    expect(field().placeholder).toBe('请输入')
    expect(field().type).toBe('text')
  })

  it('hides the characters in password mode', async () => {
    await t.mount(TextInput, { props: { password: true, placeholder: '请输入密码' } })
    expect(field().type).toBe('password')
    expect(field().placeholder).toBe('请输入密码')
  })

  it('sends input, focus, blur and confirm with the text', async () => {
    const onInput = jest.fn()
    const onFocus = jest.fn()
    const onBlur = jest.fn()
    const onConfirm = jest.fn()
    await t.mount(TextInput, { props: { onInput, onFocus, onBlur, onConfirm } })
    t.act(() => field().focus())
    expect(onFocus).toHaveBeenCalledTimes(1)
    type('张三')
    expect(onInput).toHaveBeenLastCalledWith('张三')
    t.fireEvent.keyDown(field(), { key: 'Enter', keyCode: 13 })
    expect(onConfirm).toHaveBeenCalledWith('张三')
    t.act(() => field().blur())
    expect(onBlur).toHaveBeenCalledWith('张三')
  })

  it('shows the clear button while focused and not empty, and clears the text', async () => {
    const onClear = jest.fn()
    function Owner() {
      const [value, setValue] = useState('')
      return <TextInput value={value} onInput={setValue} onClear={onClear} />
    }
    await t.mount(Owner)
    t.act(() => field().focus())
    expect(clearButton()).toBeFalsy()
    type('13800000000')
    expect(clearButton()).toBeTruthy()
    t.fireEvent.click(clearButton()!)
    expect(onClear).toHaveBeenCalledTimes(1)
    expect(field().value).toBe('')
    expect(clearButton()).toBeFalsy()
  })

  it('drops focus 20 ms after blur, so a tap on the clear button in between still clears', async () => {
    const onInput = jest.fn()
    await t.mount(TextInput, { props: { onInput } })
    t.act(() => field().focus())
    type('abc')
    // A tap on the clear button blurs the field first; the button must still be there when the tap lands.
    t.act(() => field().blur())
    t.act(() => jest.advanceTimersByTime(BLUR_CLEAR_MS - 1))
    expect(t.queries.querySelector('.app-input--focused')).toBeTruthy()
    t.fireEvent.click(clearButton()!)
    expect(onInput).toHaveBeenLastCalledWith('')
    t.act(() => jest.advanceTimersByTime(1))
    expect(t.queries.querySelector('.app-input--focused')).toBeFalsy()
  })

  it('hides the clear button 20 ms after blur, not before', async () => {
    await t.mount(TextInput, { props: {} })
    t.act(() => field().focus())
    type('abc')
    t.act(() => field().blur())
    expect(clearButton()).toBeTruthy()
    t.act(() => jest.advanceTimersByTime(19))
    expect(clearButton()).toBeTruthy()
    t.act(() => jest.advanceTimersByTime(1))
    expect(BLUR_CLEAR_MS).toBe(20)
    expect(clearButton()).toBeFalsy()
  })

  it('keeps focus when the field is blurred and focused again within 20 ms', async () => {
    const onFocus = jest.fn()
    await t.mount(TextInput, { props: { onFocus } })
    t.act(() => field().focus())
    type('abc')
    t.act(() => field().blur())
    t.act(() => jest.advanceTimersByTime(10))
    t.act(() => field().focus())
    t.act(() => jest.advanceTimersByTime(50))
    expect(clearButton()).toBeTruthy()
    expect(onFocus).toHaveBeenCalledTimes(2)
  })

  it('has no clear button when told so, or when disabled', async () => {
    await t.mount(TextInput, { props: { clear: false, value: 'x' } })
    t.act(() => field().focus())
    expect(clearButton()).toBeFalsy()
    t.unmout()
    await t.mount(TextInput, { props: { disabled: true, value: 'x', focus: true } })
    expect(clearButton()).toBeFalsy()
    expect(field().disabled).toBe(true)
  })
})
