import { useState } from 'react'
import { IS_H5 } from '../platform'

export interface PressLook {
  /** The press-look class while a finger is down (H5), else ''. */
  className: string
  /** Touch handlers to spread on the element (H5 only; none in the mini-programs). */
  handlers: { onTouchStart?: () => void; onTouchEnd?: () => void; onTouchCancel?: () => void }
}

/**
 * The press look (`hoverClass`) on H5. Taro's HTML View and Button (@tarojs/components-react 4.2)
 * never show their hoverClass: their timer reads the touch state of the render before the touch.
 * On H5 the element keeps its look from its own touches; the mini-programs' hoverClass does it
 * there, so keep passing hoverClass too.
 */
export function usePressLook(hoverClass: string, enabled: boolean): PressLook {
  const [pressed, setPressed] = useState(false)
  if (!IS_H5) return { className: '', handlers: {} }
  return {
    className: pressed && enabled ? hoverClass : '',
    handlers: { onTouchStart: () => setPressed(true), onTouchEnd: () => setPressed(false), onTouchCancel: () => setPressed(false) },
  }
}
