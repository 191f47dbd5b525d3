import TestUtils from '@tarojs/test-utils-react'
import Dialog, { cutLabel } from '.'

describe('the dialog', () => {
  let t: TestUtils
  const open = () => t.queries.querySelector('.at-modal--active')
  const buttons = () => Array.from(t.queries.querySelectorAll('.at-modal__action .taro-button-core')).map((b) => b.textContent)
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('defaults to the title 提示 and the buttons 取消 and 确定, with no close button', async () => {
    await t.mount(Dialog, { props: { isOpened: true, content: '确定要退出登录吗？' } })
    expect(open()).toBeTruthy()
    expect(t.queries.queryByText('提示')).toBeTruthy()
    expect(t.queries.queryByText('确定要退出登录吗？')).toBeTruthy()
    expect(buttons()).toEqual(['取消', '确定'])
    expect(t.queries.querySelector('.app-dialog__close')).toBeFalsy()
  })

  it('is hidden while not opened', async () => {
    await t.mount(Dialog, { props: { content: 'x' } })
    expect(open()).toBeFalsy()
  })

  it('cuts button labels to 4 characters', async () => {
    expect(cutLabel('我再想想看')).toBe('我再想想')
    expect(cutLabel('好')).toBe('好')
    expect(cutLabel('👍👍👍👍👍')).toBe('👍👍👍👍')
    await t.mount(Dialog, { props: { isOpened: true, cancelText: '暂时不要了', confirmText: '立即前往支付' } })
    expect(buttons()).toEqual(['暂时不要', '立即前往'])
  })

  it('sends confirm and cancel from their buttons', async () => {
    const onConfirm = jest.fn()
    const onCancel = jest.fn()
    const onClose = jest.fn()
    await t.mount(Dialog, { props: { isOpened: true, content: 'c', onConfirm, onCancel, onClose } })
    t.fireEvent.click(t.queries.querySelector('.app-dialog__confirm')!)
    expect(onConfirm).toHaveBeenCalledTimes(1)
    t.fireEvent.click(t.queries.querySelector('.app-dialog__cancel')!)
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onClose).not.toHaveBeenCalled()
  })

  it('with the close option draws × and sends close from it', async () => {
    const onClose = jest.fn()
    await t.mount(Dialog, { props: { isOpened: true, closable: true, onClose } })
    t.fireEvent.click(t.queries.querySelector('.app-dialog__close')!)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('ignores overlay taps by default and closes on them when asked', async () => {
    const onClose = jest.fn()
    await t.mount(Dialog, { props: { isOpened: true, onClose } })
    t.fireEvent.click(t.queries.querySelector('.at-modal__overlay')!)
    expect(onClose).not.toHaveBeenCalled()
    expect(open()).toBeTruthy()
    t.unmout()
    await t.mount(Dialog, { props: { isOpened: true, closeOnClickOverlay: true, onClose } })
    t.fireEvent.click(t.queries.querySelector('.at-modal__overlay')!)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('puts its children in the content slot and can drop either button', async () => {
    await t.mount(() => (
      <Dialog isOpened title='选择班型' showCancel={false}>
        <span className='slot'>周末班</span>
      </Dialog>
    ))
    expect(t.queries.querySelector('.at-modal__content .slot')?.textContent).toBe('周末班')
    expect(buttons()).toEqual(['确定'])
    t.unmout()
    await t.mount(Dialog, { props: { isOpened: true, showCancel: false, showConfirm: false } })
    expect(t.queries.querySelector('.at-modal__footer')).toBeFalsy()
  })
  it('takes the keyboard (issue 45): its buttons are in the Tab order, Enter presses them, Escape cancels or closes', async () => {
    const onConfirm = jest.fn()
    const onCancel = jest.fn()
    await t.mount(Dialog, { props: { isOpened: true, content: 'c', onConfirm, onCancel } })
    const box = t.queries.querySelector('[role="dialog"]')
    expect(box?.getAttribute('aria-modal')).toBe('true')
    expect(box?.getAttribute('aria-label')).toBe('提示')
    const confirm = t.queries.querySelector('.app-dialog__confirm') as HTMLElement
    expect(confirm.tabIndex).toBe(0)
    t.fireEvent.keyDown(confirm, { key: 'Enter' })
    expect(onConfirm).toHaveBeenCalledTimes(1)
    t.fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(onCancel).toHaveBeenCalledTimes(1)
    t.unmout()

    // With × (or a closing overlay), Escape is the ×; with 确定 alone it is not a way out.
    const onClose = jest.fn()
    t = new TestUtils()
    await t.mount(Dialog, { props: { isOpened: true, closable: true, onClose, onCancel } })
    t.fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
    t.unmout()
    t = new TestUtils()
    await t.mount(Dialog, { props: { isOpened: true, showCancel: false, onConfirm, onCancel, onClose } })
    t.fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })
})
