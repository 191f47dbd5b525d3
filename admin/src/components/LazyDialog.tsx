/**
 * A dialog whose module loads when it is first wanted, not with the screen behind it: a list's
 * 开具缴费单 or 分配 brings pro-form and its fields only when clicked, so the list paints without
 * them. The module starts loading as the pointer reaches the trigger (or the keyboard focuses it),
 * so the click seldom waits; a load that fails (the console was updated, the network dropped) says
 * so and the next click tries again.
 *
 *   const RaiseOrder = lazyDialog(() => import('./RaiseOrder').then((m) => m.RaiseOrder))
 *   <RaiseOrder trigger={<AddButton>开具缴费单</AddButton>} onRaised={…} />
 *
 * The dialog component takes `open` and `onOpenChange` (SubmitModalForm passes them to ModalForm)
 * and renders no trigger of its own when given them; the wrapper renders the trigger.
 */
import { App } from 'antd'
import { loadOnce } from './load-once'
import { cloneElement, type ComponentType, type ReactElement, type SyntheticEvent, useState } from 'react'

/** What a lazily loaded dialog is given: it is open while `open`, and says when it closes. */
export interface DialogControl {
  open: boolean
  onOpenChange: (open: boolean) => void
}

interface TriggerProps {
  onClick?: (event: SyntheticEvent) => void
  onMouseEnter?: (event: SyntheticEvent) => void
  onFocus?: (event: SyntheticEvent) => void
}

const DIALOG_LOAD_FAILED = '对话框加载失败，请检查网络后重试'

export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P & DialogControl>>) {
  const dialog = loadOnce(load)
  const warm = () => void dialog.get().catch(() => undefined)

  function LazyDialog({ trigger, ...props }: Omit<P, keyof DialogControl> & { trigger: ReactElement<TriggerProps> }) {
    const { message } = App.useApp()
    // Mounted from the first opening on (so it can animate closed); the loader keeps the component.
    const [opened, setOpened] = useState(false)
    const [open, setOpen] = useState(false)
    const show = () => {
      setOpened(true)
      setOpen(true)
    }
    const Dialog = opened ? dialog.loaded() : undefined
    return (
      <>
        {cloneElement(trigger, {
          onClick: (event: SyntheticEvent) => {
            trigger.props.onClick?.(event)
            if (dialog.loaded()) show()
            else dialog.get().then(show, () => void message.error(DIALOG_LOAD_FAILED))
          },
          onMouseEnter: (event: SyntheticEvent) => {
            trigger.props.onMouseEnter?.(event)
            warm()
          },
          onFocus: (event: SyntheticEvent) => {
            trigger.props.onFocus?.(event)
            warm()
          },
        })}
        {Dialog ? <Dialog {...(props as P)} open={open} onOpenChange={setOpen} /> : null}
      </>
    )
  }
  return LazyDialog
}
