/**
 * The console's forms: antd's Form with the submit and cancel buttons every console form has, the
 * submit button busy while `onFinish` runs (a second click waits for the first), and the values
 * handed over without their empty entries (values.ts omitNil).
 *
 * - PageForm: a form on a page (设置, a course, a notice), its buttons under the fields.
 * - ModalForm: a form in a dialog, opened by its `trigger` or by `open`; `onFinish` resolving true
 *   closes it. Each opening starts from `initialValues` (the fields of the last opening are gone).
 * - DrawerForm: the same in a drawer.
 *
 * The buttons (`submitter`): `searchConfig` names them, `submitButtonProps` / `resetButtonProps`
 * (false: none) go to the buttons, `render` lays them out with the screen's own; `false`: none.
 */
import {
  Button,
  type ButtonProps,
  Drawer,
  type DrawerProps,
  Form,
  type FormInstance,
  type FormProps,
  Modal,
  type ModalProps,
  Space,
} from 'antd'
import { cloneElement, type KeyboardEvent, type MouseEvent, type ReactElement, type ReactNode, useRef, useState } from 'react'
import { omitNil } from './values'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- antd Form's own bound for its values
type Values = Record<string, any>

export interface SubmitterConfig {
  searchConfig?: { submitText?: ReactNode; resetText?: ReactNode }
  submitButtonProps?: ButtonProps
  /** `false`: no second button. */
  resetButtonProps?: false | ButtonProps
  /** Lays the buttons (`dom`: [reset, submit]) out with the screen's own. */
  render?: (props: Record<string, never>, dom: ReactElement[]) => ReactNode
}

interface ButtonsProps {
  config: SubmitterConfig | undefined
  busy: boolean
  submitText: ReactNode
  resetText: ReactNode
  onSubmit: () => void
  onReset: (event: MouseEvent<HTMLElement>) => void
}

function Buttons({ config, busy, submitText, resetText, onSubmit, onReset }: ButtonsProps) {
  const reset = config?.resetButtonProps
  const dom: ReactElement[] = []
  if (reset !== false) {
    dom.push(
      <Button
        key='reset'
        {...reset}
        onClick={(event) => {
          onReset(event)
          reset?.onClick?.(event)
        }}
      >
        {config?.searchConfig?.resetText ?? resetText}
      </Button>,
    )
  }
  dom.push(
    <Button
      key='submit'
      type='primary'
      loading={busy}
      {...config?.submitButtonProps}
      onClick={(event) => {
        onSubmit()
        config?.submitButtonProps?.onClick?.(event)
      }}
    >
      {config?.searchConfig?.submitText ?? submitText}
    </Button>,
  )
  const shown = config?.render ? config.render({}, dom) : dom
  if (Array.isArray(shown)) {
    if (shown.length === 0) return null
    return shown.length === 1 ? shown[0] : <Space wrap>{shown}</Space>
  }
  return shown
}

/** `onFinish` once at a time, busy meanwhile; the values without their empty entries. */
function useFinish<T extends Values, R>(onFinish: ((values: T) => R | Promise<R>) | undefined, after?: (result: R) => void) {
  const [busy, setBusy] = useState(false)
  const running = useRef(false)
  const finish = async (values: T) => {
    if (!onFinish || running.current) return
    running.current = true
    setBusy(true)
    try {
      // Not `after?.(await onFinish(…))`: an optional call skips its arguments when there is no `after`.
      const result = await onFinish(omitNil(values))
      after?.(result)
    } finally {
      running.current = false
      setBusy(false)
    }
  }
  return { busy, finish }
}

export interface PageFormProps<T extends Values> extends Omit<FormProps<T>, 'onFinish'> {
  onFinish?: (values: T) => unknown
  submitter?: false | SubmitterConfig
}

export function PageForm<T extends Values>({ onFinish, submitter, form: given, layout = 'vertical', children, ...rest }: PageFormProps<T>) {
  const [form] = Form.useForm<T>(given)
  const { busy, finish } = useFinish(onFinish)
  return (
    <Form<T> {...rest} form={form} layout={layout} onFinish={finish}>
      {children as ReactNode}
      {submitter === false ? null : (
        <Form.Item>
          <Buttons
            config={submitter}
            busy={busy}
            submitText='提交'
            resetText='重置'
            onSubmit={() => form.submit()}
            onReset={() => form.resetFields()}
          />
        </Form.Item>
      )}
    </Form>
  )
}

/** Open state given (`open`, `onOpenChange`) or kept here, opened by the trigger. */
function useOpen(open: boolean | undefined, onOpenChange: ((open: boolean) => void) | undefined) {
  const [own, setOwn] = useState(false)
  const shown = open ?? own
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwn(next)
    onOpenChange?.(next)
  }
  return [shown, setOpen] as const
}

function triggerOf(trigger: ReactElement<{ onClick?: (event: MouseEvent) => void }> | undefined, open: () => void) {
  if (!trigger) return null
  return cloneElement(trigger, {
    onClick: (event: MouseEvent) => {
      open()
      trigger.props.onClick?.(event)
    },
  })
}

interface OverlayFormProps<T extends Values> extends Omit<FormProps<T>, 'onFinish' | 'title'> {
  title?: ReactNode
  width?: number | string
  /** Opens the form when clicked (left out when the caller renders its own and passes `open`). */
  trigger?: ReactElement<{ onClick?: (event: MouseEvent) => void }>
  open?: boolean
  onOpenChange?: (open: boolean) => void
  /** A truthy answer closes the form. */
  onFinish?: (values: T) => unknown
  submitter?: false | SubmitterConfig
}

export interface ModalFormProps<T extends Values> extends OverlayFormProps<T> {
  modalProps?: Omit<ModalProps, 'open' | 'title' | 'width' | 'footer' | 'children' | 'destroyOnClose' | 'destroyOnHidden'>
}

export function ModalForm<T extends Values>({ title, width = 800, trigger, open, onOpenChange, modalProps, ...form }: ModalFormProps<T>) {
  const [shown, setOpen] = useOpen(open, onOpenChange)
  const { okText, cancelText, okButtonProps, onCancel, ...modal } = modalProps ?? {}
  const close = (event: MouseEvent<HTMLElement>) => {
    setOpen(false)
    onCancel?.(event as MouseEvent<HTMLButtonElement>)
  }
  return (
    <>
      <Modal {...modal} title={title} width={width} open={shown} onCancel={close} footer={null} destroyOnHidden>
        <OverlayForm
          {...form}
          close={close}
          done={() => setOpen(false)}
          submitText={okText ?? '确定'}
          resetText={cancelText ?? '取消'}
          submitButtonProps={okButtonProps}
          footerClass='ant-modal-footer'
        />
      </Modal>
      {triggerOf(trigger, () => setOpen(!shown))}
    </>
  )
}

export interface DrawerFormProps<T extends Values> extends OverlayFormProps<T> {
  drawerProps?: Omit<DrawerProps, 'open' | 'title' | 'width' | 'footer' | 'children' | 'destroyOnClose' | 'destroyOnHidden'>
}

export function DrawerForm<T extends Values>({
  title,
  width = 800,
  trigger,
  open,
  onOpenChange,
  drawerProps,
  ...form
}: DrawerFormProps<T>) {
  const [shown, setOpen] = useOpen(open, onOpenChange)
  const { onClose, ...drawer } = drawerProps ?? {}
  const close = (event: MouseEvent<Element> | KeyboardEvent<Element>) => {
    setOpen(false)
    onClose?.(event)
  }
  return (
    <>
      <Drawer {...drawer} title={title} width={width} open={shown} onClose={close} destroyOnHidden>
        <OverlayForm
          {...form}
          close={close}
          done={() => setOpen(false)}
          submitText='确定'
          resetText='取消'
          footerClass='console-drawer-form__footer'
        />
      </Drawer>
      {triggerOf(trigger, () => setOpen(!shown))}
    </>
  )
}

/**
 * The form inside a dialog or a drawer, mounted while it is open: a new store each opening (unless
 * the screen gives its `form`), so it starts from `initialValues`. Its buttons close the form; they
 * sit at its foot in the dialog's own footer style.
 */
function OverlayForm<T extends Values>({
  form: given,
  layout = 'vertical',
  onFinish,
  submitter,
  children,
  close,
  done,
  submitText,
  resetText,
  submitButtonProps,
  footerClass,
  ...rest
}: Omit<OverlayFormProps<T>, 'title' | 'width' | 'trigger' | 'open' | 'onOpenChange'> & {
  close: (event: MouseEvent<HTMLElement>) => void
  done: () => void
  submitText: ReactNode
  resetText: ReactNode
  submitButtonProps?: ButtonProps
  footerClass: string
}) {
  const [form] = Form.useForm<T>(given)
  const { busy, finish } = useFinish(onFinish, (result) => {
    if (result) done()
  })
  const config = submitButtonProps
    ? { ...submitter, submitButtonProps: { ...submitButtonProps, ...(submitter || {}).submitButtonProps } }
    : submitter
  return (
    // A form the screen keeps outlives the dialog: its fields let go of their values as the dialog
    // closes (preserve false), so the next opening starts from that opening's initialValues.
    <Form<T> preserve={given ? false : undefined} {...rest} form={form as FormInstance<T>} layout={layout} onFinish={finish}>
      {children as ReactNode}
      {submitter === false ? null : (
        <div className={footerClass}>
          <Buttons
            config={config || undefined}
            busy={busy}
            submitText={submitText}
            resetText={resetText}
            onSubmit={() => form.submit()}
            onReset={close}
          />
        </div>
      )}
    </Form>
  )
}
