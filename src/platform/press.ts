import { BUILD } from './build'

/**
 * What a thing that reacts to a tap is, for a screen reader: a `button` does something here, a
 * `link` opens another page, a `tab` switches the view beside it, a `checkbox` is ticked or not,
 * a `radio` is one choice of several (a paper's answer options).
 */
export type PressRole = 'button' | 'link' | 'tab' | 'checkbox' | 'radio'

export interface PressOptions {
  /** @default 'button' */
  role?: PressRole
  /** The name a screen reader reads, when the visible text is not it (an icon, a card). */
  label?: string
  /** A checkbox or radio: ticked. */
  checked?: boolean
  /** A tab: the one shown. */
  selected?: boolean
  /** A toggle button (收藏, a filter that a second press turns off): on. */
  pressed?: boolean
  /** What it opens is open (a fold, a menu). */
  expanded?: boolean
  /** Announced as unavailable; a press does nothing. */
  disabled?: boolean
  /**
   * false: a pointer's shortcut the keyboard has its own way to, which Tab skips (the × that
   * empties the focused field, shown only while it has the focus). @default true
   */
  tabbable?: boolean
}

/** The tap (or the click a key press makes) the handler gets, for a nested control to stop it. */
export interface PressEvent {
  stopPropagation: () => void
}

/** Props to spread on the element (a View, a Text, a Button). */
export interface PressProps {
  onClick: (event: PressEvent) => void
  role: PressRole
  tabIndex?: number
  onKeyDown?: (event: KeyboardEvent) => void
  'aria-label'?: string
  'aria-checked'?: boolean
  'aria-selected'?: boolean
  'aria-pressed'?: boolean
  'aria-expanded'?: boolean
  'aria-disabled'?: boolean
}

/** Space presses a button, a tab, a checkbox or a radio; a link opens with Enter only. */
export function pressesWith(role: PressRole, key: string): boolean {
  return key === 'Enter' || (key === ' ' && role !== 'link')
}

/**
 * The one way the client makes an element pressable (issue 45): its tap handler, its role and
 * name for screen readers, and on H5 the keyboard: Tab reaches it (`tabIndex` 0, in reading
 * order), Enter (and Space but for links) presses it as a tap would, and app.scss's focus ring
 * shows where the focus is. The mini-programs keep their own tap handling: there it is the
 * handler and the role alone.
 *
 *   <View className='card' {...press(open, { role: 'link', label: `${title}，${state}` })}>
 *
 * Taro's HTML components on H5 draw View, Text and even Button as plain elements that take no
 * focus and have no role; native inputs keep their own keyboard.
 */
export function press(onPress: (event: PressEvent) => void, options: PressOptions = {}): PressProps {
  const { role = 'button', label, checked, selected, pressed, expanded, disabled, tabbable = true } = options
  const props: PressProps = {
    onClick: (event) => {
      if (!disabled) onPress(event)
    },
    role,
  }
  if (label !== undefined) props['aria-label'] = label
  if (checked !== undefined) props['aria-checked'] = checked
  if (selected !== undefined) props['aria-selected'] = selected
  if (pressed !== undefined) props['aria-pressed'] = pressed
  if (expanded !== undefined) props['aria-expanded'] = expanded
  if (disabled) props['aria-disabled'] = true
  // tabindex -1 says "out of the Tab order on purpose" (the keyboard walk leaves such shortcuts be).
  if (BUILD === 'h5' && !tabbable) props.tabIndex = -1
  if (BUILD === 'h5' && tabbable) {
    props.tabIndex = 0
    props.onKeyDown = (event: KeyboardEvent) => {
      // A control inside this one (a button on a card) answers its own keys.
      if (event.target !== event.currentTarget || event.repeat || !pressesWith(role, event.key)) return
      // Space would scroll the page; Enter in a form would submit it.
      event.preventDefault()
      // A click, not a call: the element's own click handling (a Button's disabled check, a
      // parent's) runs exactly as for a tap.
      ;(event.currentTarget as HTMLElement).click()
    }
  }
  return props
}
