import { press, type PressOptions } from './press'

/** An element wired the way a View is when press()'s props are spread on it (H5). */
function pressable(onPress: () => void, options?: PressOptions): HTMLElement {
  const props = press(onPress, options)
  const el = document.createElement('div')
  el.setAttribute('role', props.role)
  if (props.tabIndex !== undefined) el.tabIndex = props.tabIndex
  for (const [name, value] of Object.entries(props)) if (name.startsWith('aria-')) el.setAttribute(name, String(value))
  el.addEventListener('click', (event) => props.onClick(event))
  el.addEventListener('keydown', (event) => props.onKeyDown?.(event))
  document.body.appendChild(el)
  return el
}

const key = (el: Element, k: string, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init })
  el.dispatchEvent(event)
  return event
}

/** The press helper on H5 (issue 45): Tab reaches it, Enter and Space press it as a tap would. */
describe('press()', () => {
  afterEach(() => document.body.replaceChildren())

  it('puts a button in the Tab order and presses it with Enter and with Space, as a tap', () => {
    const onPress = jest.fn()
    const el = pressable(onPress)
    expect(el.tabIndex).toBe(0)
    expect(el.getAttribute('role')).toBe('button')
    expect(key(el, 'Enter').defaultPrevented).toBe(true)
    // Space would scroll the page: it presses instead.
    expect(key(el, ' ').defaultPrevented).toBe(true)
    el.click()
    expect(onPress).toHaveBeenCalledTimes(3)
    // Other keys, and a key held down, do nothing.
    key(el, 'a')
    key(el, 'Enter', { repeat: true })
    expect(onPress).toHaveBeenCalledTimes(3)
  })

  it('opens a link with Enter only, as a browser does', () => {
    const onPress = jest.fn()
    const el = pressable(onPress, { role: 'link', label: '活动' })
    expect(el.getAttribute('aria-label')).toBe('活动')
    key(el, ' ')
    expect(onPress).not.toHaveBeenCalled()
    key(el, 'Enter')
    expect(onPress).toHaveBeenCalledTimes(1)
  })

  it('says a checkbox, a radio or a tab is chosen and a toggle is on, and a disabled control does nothing', () => {
    const onPress = jest.fn()
    expect(pressable(onPress, { role: 'checkbox', checked: true }).getAttribute('aria-checked')).toBe('true')
    expect(pressable(onPress, { role: 'tab', selected: false }).getAttribute('aria-selected')).toBe('false')
    expect(pressable(onPress, { pressed: true }).getAttribute('aria-pressed')).toBe('true')
    const off = pressable(onPress, { disabled: true })
    expect(off.getAttribute('aria-disabled')).toBe('true')
    key(off, 'Enter')
    off.click()
    expect(onPress).not.toHaveBeenCalled()
  })

  it('leaves the keys of a control inside it to that control', () => {
    const outer = jest.fn()
    const el = pressable(outer)
    const inner = document.createElement('input')
    el.appendChild(inner)
    key(inner, 'Enter')
    key(inner, ' ')
    expect(outer).not.toHaveBeenCalled()
  })

  it('keeps a pointer shortcut out of the Tab order when asked (the × of a field)', () => {
    expect(pressable(jest.fn(), { tabbable: false }).tabIndex).toBe(-1)
  })
})
