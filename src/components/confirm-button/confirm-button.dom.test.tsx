import TestUtils from '@tarojs/test-utils-react'
import ConfirmButton from '.'

describe('the confirm button', () => {
  let t: TestUtils
  const button = () => t.queries.querySelector('.app-confirm-button') as HTMLElement
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
  /** Whether the button shows its press look while a finger rests on it (hover-start-time is 20 ms). */
  const pressLook = async () => {
    t.fireEvent.touchStart(button())
    await t.act(() => sleep(50))
    const pressed = button().className.includes('app-confirm-button--hover')
    t.fireEvent.touchEnd(button())
    await t.act(() => sleep(150))
    return pressed
  }
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('reads 确定, fills the row and presses with the orange press look', async () => {
    const onClick = jest.fn()
    await t.mount(ConfirmButton, { props: { onClick } })
    expect(button().textContent).toBe('确定')
    expect(button().className).toContain('app-confirm-button--block')
    expect(button().className).not.toContain('app-confirm-button--hover')
    expect(await pressLook()).toBe(true)
    expect(button().className).not.toContain('app-confirm-button--hover')
    t.fireEvent.click(button())
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('reads 确认 in its other variant, and any title it is given', async () => {
    await t.mount(ConfirmButton, { props: { variant: 'confirm' } })
    expect(button().textContent).toBe('确认')
    t.unmout()
    await t.mount(ConfirmButton, { props: { title: '提交申请', variant: 'confirm' } })
    expect(button().textContent).toBe('提交申请')
  })

  it('sizes to its text when inline', async () => {
    await t.mount(ConfirmButton, { props: { inline: true } })
    expect(button().className).toContain('app-confirm-button--inline')
    expect(button().className).not.toContain('app-confirm-button--block')
  })

  it('when disabled has no press look and ignores taps', async () => {
    const onClick = jest.fn()
    await t.mount(ConfirmButton, { props: { disabled: true, onClick } })
    expect(await pressLook()).toBe(false)
    expect(button().className).toContain('app-confirm-button--disabled')
    t.fireEvent.click(button())
    expect(onClick).not.toHaveBeenCalled()
  })

  it('ignores taps while loading', async () => {
    const onClick = jest.fn()
    await t.mount(ConfirmButton, { props: { loading: true, onClick } })
    t.fireEvent.click(button())
    expect(onClick).not.toHaveBeenCalled()
    expect(await pressLook()).toBe(false)
  })
})
