/**
 * A dialog form that sends itself: the console's one way to wire a ModalForm to a call. It sends
 * once however often it is clicked (useSubmission), shows the server's refusal above the fields
 * and keeps the dialog open, says so on success (antd's message), closes and lets the screen
 * behind reload. A screen gives the title, the trigger (or `open` + `onOpenChange`, as lazyDialog
 * does; then a trigger given too is left out, the caller renders its own), the initial values, the
 * fields and `onSubmit`; everything else a ModalForm takes passes through.
 *
 *   <SubmitModalForm<Values>
 *     title='新增部门'
 *     trigger={<Button>新增部门</Button>}
 *     onSubmit={(v) => departmentsApi.create(v)}
 *     success='已保存'
 *     onDone={reload}
 *   >
 *     <TextField name='name' … />
 *   </SubmitModalForm>
 *
 * A refusal found before sending (an amount out of range) is thrown from `onSubmit` as an Error
 * with the text to show; it is shown the same way as the server's.
 */
import { App } from 'antd'
import { ModalForm, type ModalFormProps } from './form'
import { type ReactNode, useRef } from 'react'
import { useSubmission } from '../hooks/useSubmission'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ModalForm's own bound for its values
type Values = Record<string, any>

export interface SubmitModalFormProps<T extends Values, R> extends Omit<ModalFormProps<T>, 'onFinish' | 'children'> {
  /** The fields. */
  children?: ReactNode
  /** Sends the values. A rejection is the refusal shown above the fields; the dialog stays open. */
  onSubmit: (values: T) => Promise<R>
  /** What antd's message says once `onSubmit` resolved (from its answer when a function); nothing when left out. */
  success?: string | ((result: R, values: T) => string)
  /** After success, before the dialog closes: reload the screen behind, or go to what was made. */
  onDone?: (result: R, values: T) => void
  /**
   * After a refusal the screen behind is stale (someone else handled it meanwhile): called once
   * the dialog has closed, so the refusal stays readable until then.
   */
  onStale?: () => void
  /** Shown above the refusal and the fields (what the action does, what it cannot undo). */
  notice?: ReactNode
  /**
   * The refusal stays while the operator edits the fields (by default an edit clears it).
   * @default false
   */
  keepRefusalWhileEditing?: boolean
  /**
   * While sending, the mask does not close the dialog and the submit button is disabled.
   * @default false
   */
  lockWhilePending?: boolean
}

export function SubmitModalForm<T extends Values, R = unknown>({
  onSubmit,
  success,
  onDone,
  onStale,
  notice,
  keepRefusalWhileEditing = false,
  lockWhilePending = false,
  modalProps,
  onValuesChange,
  submitter,
  children,
  trigger,
  ...rest
}: SubmitModalFormProps<T, R>) {
  const { message } = App.useApp()
  const { submit, shown, clear, pending } = useSubmission()
  const stale = useRef(false)
  return (
    <ModalForm<T>
      {...rest}
      trigger={rest.open === undefined ? trigger : undefined}
      modalProps={{
        ...modalProps,
        ...(lockWhilePending ? { maskClosable: !pending } : {}),
        onCancel: (event) => {
          clear()
          modalProps?.onCancel?.(event)
        },
        afterClose: () => {
          if (stale.current) onStale?.()
          stale.current = false
          modalProps?.afterClose?.()
        },
      }}
      onValuesChange={(changed, all) => {
        if (!keepRefusalWhileEditing) clear()
        onValuesChange?.(changed, all)
      }}
      submitter={
        lockWhilePending && submitter !== false
          ? { ...submitter, submitButtonProps: { ...submitter?.submitButtonProps, disabled: pending } }
          : submitter
      }
      onFinish={async (values) => {
        let result: R | undefined
        const done = await submit(async () => {
          result = await onSubmit(values)
        })
        if (!done) {
          stale.current = true
          return false
        }
        if (success) void message.success(typeof success === 'function' ? success(result as R, values) : success)
        onDone?.(result as R, values)
        return true
      }}
    >
      {notice}
      {shown}
      {children}
    </ModalForm>
  )
}
