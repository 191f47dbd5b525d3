import type { PropsWithChildren } from 'react'
import { Button, Text, View } from '@tarojs/components'
import AtModal from 'taro-ui/lib/components/modal'
import AtModalAction from 'taro-ui/lib/components/modal/action'
import AtModalContent from 'taro-ui/lib/components/modal/content'
import AtModalHeader from 'taro-ui/lib/components/modal/header'
import { press } from '../../platform/press'
import { useFocusTrap } from '../../platform/focus-trap'
import './index.scss'

/** SPEC.md section 2: title 提示, buttons 取消 and 确定, labels cut to 4 characters. */
export const DIALOG_DEFAULTS = { title: '提示', cancelText: '取消', confirmText: '确定' } as const
export const DIALOG_LABEL_MAX = 4

/** A button label cut to 4 characters (by character, not UTF-16 unit). */
export function cutLabel(label: string, max = DIALOG_LABEL_MAX): string {
  return Array.from(label).slice(0, max).join('')
}

export interface DialogProps {
  /** Whether the dialog shows. @default false */
  isOpened?: boolean
  /** @default '提示' */
  title?: string
  /** Plain-text body; children replace it. */
  content?: string
  /** Cut to 4 characters. @default '取消' */
  cancelText?: string
  /** Cut to 4 characters. @default '确定' */
  confirmText?: string
  /** @default true */
  showCancel?: boolean
  /** @default true */
  showConfirm?: boolean
  /** Draw a close (×) button in the corner. @default false */
  closable?: boolean
  /** Tapping the dark overlay closes the dialog. @default false */
  closeOnClickOverlay?: boolean
  onConfirm?: () => void
  onCancel?: () => void
  /** The close button or the overlay was tapped. */
  onClose?: () => void
  className?: string
}

/**
 * A modal dialog built on taro-ui's AtModal, with a content slot and an optional close button. On
 * H5 the keyboard stays inside it while it is open (issue 45): Escape does what the × or the
 * overlay does (onClose), else 取消 (onCancel); a dialog with 确定 alone keeps it to that button.
 */
export default function Dialog({
  isOpened = false,
  title = DIALOG_DEFAULTS.title,
  content,
  cancelText = DIALOG_DEFAULTS.cancelText,
  confirmText = DIALOG_DEFAULTS.confirmText,
  showCancel = true,
  showConfirm = true,
  closable = false,
  closeOnClickOverlay = false,
  onConfirm,
  onCancel,
  onClose,
  className,
  children,
}: PropsWithChildren<DialogProps>) {
  const escape = closable || closeOnClickOverlay ? () => onClose?.() : showCancel ? () => onCancel?.() : undefined
  const box = useFocusTrap(isOpened, escape)
  return (
    <AtModal
      className={['app-dialog', className ?? ''].join(' ').trim()}
      isOpened={isOpened}
      closeOnClickOverlay={closeOnClickOverlay}
      onClose={() => onClose?.()}
    >
      <View ref={box} className='app-dialog__box' role='dialog' aria-modal='true' aria-label={title || undefined}>
        {title ? (
          <AtModalHeader>
            <Text>{title}</Text>
          </AtModalHeader>
        ) : null}
        {closable ? (
          <View className='app-dialog__close' {...press(() => onClose?.(), { label: '关闭' })}>
            <View className='app-dialog__close-icon' />
          </View>
        ) : null}
        <AtModalContent>{children ?? <Text className='app-dialog__text'>{content}</Text>}</AtModalContent>
        {showCancel || showConfirm ? (
          <AtModalAction isSimple>
            {showCancel ? (
              <Button className='app-dialog__cancel' {...press(() => onCancel?.())}>
                {cutLabel(cancelText)}
              </Button>
            ) : null}
            {showConfirm ? (
              <Button className='app-dialog__confirm' {...press(() => onConfirm?.())}>
                {cutLabel(confirmText)}
              </Button>
            ) : null}
          </AtModalAction>
        ) : null}
      </View>
    </AtModal>
  )
}
