import { useEffect, useRef, useState } from 'react'
import { Input, View } from '@tarojs/components'
import './index.scss'
import { press } from '../../platform/press'

export type TextInputType = 'text' | 'number' | 'idcard' | 'digit'

export const INPUT_PLACEHOLDER = '请输入'
/** SPEC.md section 9: focus is dropped 20 ms after blur, so a tap on the clear button still lands. */
export const BLUR_CLEAR_MS = 20

export interface TextInputProps {
  /** The text; leave undefined to let the input keep its own. */
  value?: string
  /** @default '请输入' */
  placeholder?: string
  /** Keyboard kind. @default 'text' */
  type?: TextInputType
  /** Hide the characters. @default false */
  password?: boolean
  /** Show a clear button while focused and not empty. @default true */
  clear?: boolean
  /** @default false */
  disabled?: boolean
  /** @default 140 */
  maxlength?: number
  /** Take focus when shown. @default false */
  focus?: boolean
  /** Every change of the text (typing or clearing). */
  onInput?: (value: string) => void
  onFocus?: (value: string) => void
  onBlur?: (value: string) => void
  /** The keyboard's done key. */
  onConfirm?: (value: string) => void
  /** The clear button was tapped. */
  onClear?: () => void
  className?: string
}

/** A one-line text field with a clear button and password mode. */
export default function TextInput({
  value,
  placeholder = INPUT_PLACEHOLDER,
  type = 'text',
  password = false,
  clear = true,
  disabled = false,
  maxlength = 140,
  focus = false,
  onInput,
  onFocus,
  onBlur,
  onConfirm,
  onClear,
  className,
}: TextInputProps) {
  const [own, setOwn] = useState(value ?? '')
  const text = value ?? own
  const [focused, setFocused] = useState(focus)
  // Whether the field itself has focus now; `focused` (the look, the clear button) lags 20 ms behind on blur.
  const hasFocus = useRef(false)
  const blurTimer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(blurTimer.current), [])

  const change = (next: string) => {
    setOwn(next)
    onInput?.(next)
  }

  return (
    <View
      className={['app-input', focused ? 'app-input--focused' : '', disabled ? 'app-input--disabled' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      <Input
        className='app-input__field'
        placeholderClass='app-input__placeholder'
        value={text}
        type={type}
        password={password}
        disabled={disabled}
        maxlength={maxlength}
        focus={focused}
        placeholder={placeholder}
        onInput={(e) => change(e.detail.value)}
        onFocus={(e) => {
          clearTimeout(blurTimer.current)
          setFocused(true)
          if (hasFocus.current) return
          hasFocus.current = true
          onFocus?.(e.detail.value ?? text)
        }}
        onBlur={(e) => {
          clearTimeout(blurTimer.current)
          blurTimer.current = setTimeout(() => setFocused(false), BLUR_CLEAR_MS)
          if (!hasFocus.current) return
          hasFocus.current = false
          onBlur?.(e.detail.value ?? text)
        }}
        onConfirm={(e) => onConfirm?.(e.detail.value ?? text)}
      />
      {clear && focused && !disabled && text !== '' ? (
        <View
          className='app-input__clear'
          {...press(
            () => {
              change('')
              onClear?.()
            },
            // Select-all and Delete empty the field from the keyboard; Tab goes on to the next one.
            { label: '清除', tabbable: false },
          )}
        >
          <View className='app-input__clear-icon' />
        </View>
      ) : null}
    </View>
  )
}
