/**
 * The review's two dialogs that ask why (ReviewActions loads them when first clicked): reject an
 * application (the partner sees the reason) and disable a partner (the reason is optional).
 */
import { ModalForm, TextAreaField } from '../../components/form'
import type { DialogControl } from '../../components/LazyDialog'
import { ReasonField } from '../../components/ReasonField'

interface Props extends DialogControl {
  /** The partner's name, in the title. */
  name: string
  /** Sends the decision with the trimmed reason (empty: none); resolves true to close. */
  onReason: (reason: string) => Promise<boolean>
}

export function RejectDialog({ name, onReason, ...control }: Props) {
  return (
    <ModalForm<{ reason: string }>
      {...control}
      title={`拒绝「${name}」的申请`}
      width={480}
      modalProps={{ okText: '拒绝' }}
      onFinish={({ reason }) => onReason(reason.trim())}
    >
      <ReasonField label='拒绝原因' placeholder='合伙人会看到这个原因，修改后可重新提交' rows={4} />
    </ModalForm>
  )
}

export function DisableDialog({ name, onReason, ...control }: Props) {
  return (
    <ModalForm<{ reason?: string }>
      {...control}
      title={`禁用「${name}」`}
      width={480}
      modalProps={{ okText: '禁用', okButtonProps: { danger: true } }}
      onFinish={({ reason }) => onReason(reason?.trim() ?? '')}
    >
      <p>禁用后该合伙人立即退出登录，且不能再登录，直到重新启用。</p>
      <TextAreaField
        name='reason'
        label='原因（选填）'
        fieldProps={{ maxLength: 200, showCount: true, rows: 3 }}
        rules={[{ max: 200, message: '原因不能超过200个字符' }]}
      />
    </ModalForm>
  )
}
