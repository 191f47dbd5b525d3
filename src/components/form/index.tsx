import type { PropsWithChildren, ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import type { VerifyType } from '@activity/wire'
import CodeInput, { type SendVerify } from '../code-input'
import { maskPhone } from '../../utils/phone'
import './index.scss'

/**
 * The forms' layout (the sign-in and profile forms, 积分申请, 学籍信息修改, 提问 ...): white cards of
 * labelled rows, each with its own message line (class names `user-form*`, where it began). Layout
 * only; the fields inside are the shared pieces (TextInput, CodeInput, the pickers).
 */
export function FormCard({ title, children, className }: PropsWithChildren<{ title?: string; className?: string }>) {
  return (
    <View className={['user-form', className ?? ''].join(' ').trim()}>
      {title ? <View className='user-form__title'>{title}</View> : null}
      <View className='user-form__card'>{children}</View>
    </View>
  )
}

export interface FormRowProps {
  /** The label on the left; none for a full-width field. */
  label?: string
  /** Marks the field as required with a red star. @default false */
  required?: boolean
  /** The field's message; the row turns red while there is one. */
  error?: string
  /** The field's name: the row's class `user-form__row--<name>` (tests and scrolling find it). */
  name: string
  /** A grey note under the field when there is no message. */
  hint?: ReactNode
  className?: string
}

export function FormRow({ label, required = false, error, name, hint, className, children }: PropsWithChildren<FormRowProps>) {
  return (
    <View
      className={[
        'user-form__row',
        `user-form__row--${name}`,
        label ? 'user-form__row--labelled' : '',
        error ? 'user-form__row--error' : '',
        className ?? '',
      ]
        .filter(Boolean)
        .join(' ')}
      id={`field-${name}`}
    >
      <View className='user-form__line'>
        {label ? (
          <Text className='user-form__label'>
            {required ? <Text className='user-form__star'>*</Text> : null}
            {label}
          </Text>
        ) : null}
        <View className='user-form__control'>{children}</View>
      </View>
      {error ? (
        <View className='user-form__error' role='alert'>
          {error}
        </View>
      ) : hint ? (
        <View className='user-form__hint'>{hint}</View>
      ) : null}
    </View>
  )
}

/** A message that belongs to no single row (consent, a whole-form note). */
export function FormError({ error, name }: { error?: string; name: string }) {
  if (!error) return null
  return (
    <View className={`user-form__error user-form__error--standalone user-form__error--${name}`} role='alert'>
      {error}
    </View>
  )
}

/** The 验证码 row of a phone sign-in: the code input with its countdown, then where the code went. */
export function CodeRow({
  value,
  phone,
  type,
  send,
  error,
  sentTo,
  onInput,
  onSent,
}: {
  value: string
  phone: string
  type: VerifyType
  send: SendVerify
  error?: string
  /** The phone the last code went to (shown masked), or '' before any was sent. */
  sentTo: string
  onInput: (code: string) => void
  onSent: () => void
}) {
  return (
    <FormRow name='code' label='验证码' error={error} hint={sentTo ? `验证码已发送至 ${maskPhone(sentTo)}，5分钟内有效` : undefined}>
      <CodeInput value={value} phone={phone} type={type} send={send} onInput={onInput} onSent={onSent} />
    </FormRow>
  )
}
