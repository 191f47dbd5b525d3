import { useEffect, useRef, useState } from 'react'
import { View } from '@tarojs/components'
import { user as userCalls } from '../../api/ums/user'
import { useStore } from '../../store'
import { VerifyType } from '@activity/wire'
import { usePressLook } from '../../hooks/press-look'
import TextInput from '../text-input'
import './index.scss'
import { press } from '../../platform/press'

/** SPEC.md section 9: the resend countdown. */
export const CODE_COUNTDOWN_SECONDS = 60

/** SPEC.md sections 2 and 5. */
export const CODE_INPUT_DEFAULTS = {
  placeholder: '请输入验证码',
  errorTitle: '请填写手机号',
  getText: '获取验证码',
  againText: '重新获取',
} as const

/** Asks the back-office to text a code to the phone. */
export type SendVerify = (phone: string, type: VerifyType) => Promise<unknown>

/** POST /api/ums/user/user/sendVerify with {phone, type}. */
export const sendVerify: SendVerify = (phone, type) => userCalls.user.sendVerify({ phone, type })

/** The button's text: get-code, a countdown in seconds, or resend once a countdown has run out. */
export function codeButtonText(remaining: number, sentBefore: boolean): string {
  if (remaining > 0) return `${remaining}s`
  return sentBefore ? CODE_INPUT_DEFAULTS.againText : CODE_INPUT_DEFAULTS.getText
}

export interface CodeInputProps {
  /** The code typed so far. */
  value?: string
  /** Where the code goes; empty means no request, only the error toast. */
  phone?: string
  /** What the code is for (sendVerify's type). @default '登录' */
  type?: VerifyType
  /** @default '请输入验证码' */
  placeholder?: string
  /** Toast shown when the phone is empty. @default '请填写手机号' */
  errorTitle?: string
  /** @default 6 */
  maxlength?: number
  /** @default false */
  disabled?: boolean
  onInput?: (value: string) => void
  /** A code was sent (the countdown has started). */
  onSent?: () => void
  /** The request; tests and special flows may pass their own. @default sendVerify */
  send?: SendVerify
  className?: string
}

/**
 * The verification-code field with its get-code button. A successful send starts a 60-second
 * countdown during which the button does nothing; a failed send (the request wrapper has
 * already shown why) leaves it ready.
 */
export default function CodeInput({
  value,
  phone = '',
  type = VerifyType.login,
  placeholder = CODE_INPUT_DEFAULTS.placeholder,
  errorTitle = CODE_INPUT_DEFAULTS.errorTitle,
  maxlength = 6,
  disabled = false,
  onInput,
  onSent,
  send = sendVerify,
  className,
}: CodeInputProps) {
  const [remaining, setRemaining] = useState(0)
  // When the countdown ends: counting against the clock stays right when timers are held back
  // (a mini-program in the background, a throttled browser tab).
  const [endsAt, setEndsAt] = useState(0)
  const [sentBefore, setSentBefore] = useState(false)
  const sending = useRef(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  useEffect(() => {
    if (endsAt === 0) return
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000))
      setRemaining(left)
      if (left === 0) {
        clearInterval(timer)
        setEndsAt(0)
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [endsAt])

  const requestCode = async () => {
    if (disabled || remaining > 0 || sending.current) return
    const to = phone.trim()
    if (!to) {
      useStore.getState().showToast(errorTitle)
      return
    }
    sending.current = true
    try {
      await send(to, type)
      if (!mounted.current) return
      setSentBefore(true)
      setRemaining(CODE_COUNTDOWN_SECONDS)
      setEndsAt(Date.now() + CODE_COUNTDOWN_SECONDS * 1000)
      onSent?.()
    } catch (_) {
      // The request wrapper has shown the server's message; the button stays ready.
    } finally {
      sending.current = false
    }
  }

  const counting = remaining > 0
  const pressLook = usePressLook('app-code-input__button--hover', !counting && !disabled)
  return (
    <View className={['app-code-input', className ?? ''].join(' ').trim()}>
      <TextInput value={value} type='number' maxlength={maxlength} placeholder={placeholder} disabled={disabled} onInput={onInput} />
      <View
        className={`app-code-input__button${counting ? ' app-code-input__button--counting' : ''}${disabled ? ' app-code-input__button--disabled' : ''} ${pressLook.className}`.trim()}
        hoverClass={counting || disabled ? 'none' : 'app-code-input__button--hover'}
        {...pressLook.handlers}
        {...press(() => void requestCode(), { disabled: counting || disabled })}
      >
        {codeButtonText(remaining, sentBefore)}
      </View>
    </View>
  )
}
