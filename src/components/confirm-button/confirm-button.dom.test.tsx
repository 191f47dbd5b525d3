import TestUtils from '@tarojs/test-utils-react'
import ConfirmButton from '.'

describe('the confirm button', () => {
  let t: TestUtils
  const button = () => t.queries.querySelector('taro-button-core') as HTMLElement
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('reads 确定, fills the row and presses with the orange press look', async () => {
    const onClick = jest.fn()
    await t.mount(ConfirmButton, { props: { onClick } })
    expect(button().textContent).toBe('确定')
    expect(button().className).toContain('app-confirm-button--block')
    expect(button().getAttribute('hover-class')).toBe('app-confirm-button--hover')
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

  it('when disabled has no press look (hover-class none) and ignores taps', async () => {
    const onClick = jest.fn()
    await t.mount(ConfirmButton, { props: { disabled: true, onClick } })
    expect(button().getAttribute('hover-class')).toBe('none')
    expect(button().className).toContain('app-confirm-button--disabled')
    t.fireEvent.click(button())
    expect(onClick).not.toHaveBeenCalled()
  })

  it('ignores taps while loading', async () => {
    const onClick = jest.fn()
    await t.mount(ConfirmButton, { props: { loading: true, onClick } })
    t.fireEvent.click(button())
    expect(onClick).not.toHaveBeenCalled()
    expect(button().getAttribute('hover-class')).toBe('none')
  })
})
