import { useEffect, useRef, useState } from 'react'
import { BUILD } from '../../platform/build'
import { useFocusTrap } from '../../platform/focus-trap'
import { pressesWith } from '../../platform/press'

/** Taro's H5 Picker (@tarojs/components-react 4.2) draws its sheet with these classes. */
const SHEET = '.taro-picker__overlay .taro-picker'
const ACTION = '.taro-picker__action'
const COLUMN = '.taro-picker__content'
const ITEM = '.taro-picker__item:not(.taro-picker__item--blank)'

/**
 * A column takes its choice once its scrolling has stopped: Taro's ScrollView calls it stopped
 * 150 ms after the last scroll event, and the column settles on the nearest item 100 ms later.
 */
const SETTLE_MS = 400

/** When the sheet's columns will have settled on what the keys chose. */
interface Settling {
  until: number
}

function pressOnKeys(el: HTMLElement, settling: Settling) {
  el.setAttribute('role', 'button')
  el.tabIndex = 0
  el.addEventListener('keydown', (event) => {
    if (!pressesWith('button', event.key)) return
    event.preventDefault()
    // 确定 pressed right after an arrow key takes the choice the arrow made, not the one before.
    const wait = settling.until - Date.now()
    if (wait > 0) window.setTimeout(() => el.click(), wait)
    else el.click()
  })
}

/**
 * A column of the sheet as a spin button: Arrow keys (and Home, End) move the choice by one
 * item. The column chooses by where it is scrolled (it settles on the nearest item once the
 * scrolling stops), so a key scrolls it by whole items.
 */
function spinOnKeys(column: HTMLElement, name: string, settling: Settling) {
  const items = () => Array.from(column.querySelectorAll<HTMLElement>(ITEM))
  const height = () => column.scrollHeight / Math.max(column.childElementCount, 1)
  const at = () => Math.round(column.scrollTop / height())
  const tell = () => {
    const list = items()
    const i = Math.min(at(), list.length - 1)
    column.setAttribute('aria-valuenow', String(i + 1))
    column.setAttribute('aria-valuemax', String(list.length))
    column.setAttribute('aria-valuetext', list[i]?.textContent ?? '')
  }
  column.setAttribute('role', 'spinbutton')
  column.setAttribute('aria-label', name)
  column.setAttribute('aria-valuemin', '1')
  column.tabIndex = 0
  tell()
  column.addEventListener('scroll', tell)
  column.addEventListener('keydown', (event) => {
    const last = items().length - 1
    const to = { ArrowDown: at() + 1, ArrowUp: at() - 1, Home: 0, End: last, PageDown: at() + 5, PageUp: at() - 5 }[event.key]
    if (to === undefined) return
    event.preventDefault()
    settling.until = Date.now() + SETTLE_MS
    column.scrollTop = Math.max(0, Math.min(last, to)) * height()
  })
}

/**
 * The keyboard for Taro's H5 picker sheet (issue 45), which draws 取消, 确定 and its columns as
 * plain elements: the field opens it with Enter or Space (press() on the field), the sheet then
 * holds the focus (its first column first), the columns turn with the arrow keys, 取消 and 确定
 * take Enter, and Escape cancels. Closing gives the focus back to the field. Nothing in the
 * mini-programs, whose pickers are the host's own.
 *
 * Returns the ref for the field inside the Picker; `name` is what the columns are announced as.
 */
export function usePickerKeyboard<T extends HTMLElement>(name: string) {
  const field = useRef<T>(null)
  const [open, setOpen] = useState(false)
  const cancel = () => field.current?.parentElement?.parentElement?.querySelector<HTMLElement>(`${SHEET} ${ACTION}`)?.click()
  const sheet = useFocusTrap<HTMLElement>(open, cancel, COLUMN)
  useEffect(() => {
    if (BUILD !== 'h5') return undefined
    // The field sits in the Picker's own tap target; the sheet is that target's sibling.
    const root = field.current?.parentElement?.parentElement
    if (!root) return undefined
    const watch = new MutationObserver(() => {
      const drawn = root.querySelector<HTMLElement>(SHEET)
      if (drawn && !drawn.hasAttribute('role')) {
        drawn.setAttribute('role', 'dialog')
        drawn.setAttribute('aria-modal', 'true')
        drawn.setAttribute('aria-label', name)
        const settling: Settling = { until: 0 }
        drawn.querySelectorAll<HTMLElement>(ACTION).forEach((action) => pressOnKeys(action, settling))
        const columns = drawn.querySelectorAll<HTMLElement>(COLUMN)
        columns.forEach((c, i) => spinOnKeys(c, columns.length > 1 ? `${name}，第${i + 1}列` : name, settling))
      }
      sheet.current = drawn
      setOpen(Boolean(drawn))
    })
    watch.observe(root, { childList: true })
    return () => watch.disconnect()
  }, [name, sheet])
  return field
}
