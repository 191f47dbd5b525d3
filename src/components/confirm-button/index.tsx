import { useState } from 'react'
import { Button } from '@tarojs/components'
import './index.scss'

export type ConfirmButtonVariant = 'ok' | 'confirm'
export type ConfirmButtonFormType = 'submit' | 'reset'

/** SPEC.md section 2: default title 确定; the other variant reads 确认. */
export const CONFIRM_BUTTON_TITLES: Record<ConfirmButtonVariant, string> = { ok: '确定', confirm: '确认' }

export interface ConfirmButtonProps {
  /** The label; defaults by variant. @default '确定' */
  title?: string
  /** Which default label: 'ok' 确定 or 'confirm' 确认. @default 'ok' */
  variant?: ConfirmButtonVariant
  /** Size to its text instead of filling the row. @default false */
  inline?: boolean
  /** Greyed out, no press look (hover-class none), taps ignored. @default false */
  disabled?: boolean
  /** Spinner in the button, taps ignored. @default false */
  loading?: boolean
  /** Submit or reset the surrounding Form. */
  formType?: ConfirmButtonFormType
  onClick?: () => void
  className?: string
}

/** The orange main action button. */
export default function ConfirmButton({
  title,
  variant = 'ok',
  inline = false,
  disabled = false,
  loading = false,
  formType,
  onClick,
  className,
}: ConfirmButtonProps) {
  const inert = disabled || loading
  // Taro's H5 Button (@tarojs/components-react 4.2) never shows its hoverClass: its timer reads the
  // touch state of the render before the touch. On H5 the button keeps its press look itself.
  const [pressed, setPressed] = useState(false)
  const press =
    process.env.TARO_ENV === 'h5'
      ? { onTouchStart: () => setPressed(true), onTouchEnd: () => setPressed(false), onTouchCancel: () => setPressed(false) }
      : {}
  const classes = [
    'app-confirm-button',
    inline ? 'app-confirm-button--inline' : 'app-confirm-button--block',
    disabled ? 'app-confirm-button--disabled' : '',
    pressed && !inert ? 'app-confirm-button--hover' : '',
    className ?? '',
  ]
  return (
    <Button
      className={classes.filter(Boolean).join(' ')}
      hoverClass={inert ? 'none' : 'app-confirm-button--hover'}
      disabled={disabled}
      loading={loading}
      formType={formType}
      {...press}
      onClick={() => {
        if (!inert) onClick?.()
      }}
    >
      {title ?? CONFIRM_BUTTON_TITLES[variant]}
    </Button>
  )
}
