import { Button } from '@tarojs/components'
import { usePressLook } from '../../hooks/press-look'
import { press } from '../../platform/press'
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
  const look = usePressLook('app-confirm-button--hover', !inert)
  const classes = [
    'app-confirm-button',
    inline ? 'app-confirm-button--inline' : 'app-confirm-button--block',
    disabled ? 'app-confirm-button--disabled' : '',
    look.className,
    className ?? '',
  ]
  return (
    <Button
      className={classes.filter(Boolean).join(' ')}
      hoverClass={inert ? 'none' : 'app-confirm-button--hover'}
      disabled={disabled}
      loading={loading}
      formType={formType}
      {...look.handlers}
      {...press(() => onClick?.(), { disabled: inert })}
    >
      {title ?? CONFIRM_BUTTON_TITLES[variant]}
    </Button>
  )
}
