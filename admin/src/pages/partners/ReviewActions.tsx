/**
 * The review of one partner (管理员): approve (待审核, 已拒绝), reject with a reason (待审核),
 * disable (any but 已禁用) and enable (已禁用). Each asks first; the server's refusal (someone
 * reviewed it meanwhile) is shown and the screen reloads.
 */
import { ModalForm, ProFormTextArea } from '@ant-design/pro-components'
import { PartnerStatus } from '@activity/wire'
import { App, Button, Popconfirm, Space } from 'antd'
import { type AdminPartner, type AuditDecision, partnersApi } from '../../api/partners'
import { refusalOf } from '../../hooks/useSubmission'
import { partnerName } from './partner-status'
import { ReasonField } from '../../components/ReasonField'

interface Props {
  partner: AdminPartner
  /** After a decision, whether it was taken or refused: the caller reloads. */
  onDone: () => void
  /** Links instead of buttons (table rows). */
  compact?: boolean
}

export function ReviewActions({ partner, onDone, compact = false }: Props) {
  const { message } = App.useApp()
  const name = partnerName(partner)
  const type = compact ? 'link' : 'default'
  const size = compact ? 'small' : 'middle'

  const decide = async (decision: AuditDecision, done: string): Promise<boolean> => {
    try {
      await partnersApi.audit(decision)
      message.success(done)
      return true
    } catch (error) {
      message.error(refusalOf(error))
      return true
    } finally {
      onDone()
    }
  }

  const { status } = partner
  const canApprove = status === PartnerStatus.pending || status === PartnerStatus.rejected
  const canReject = status === PartnerStatus.pending
  const canDisable = status !== PartnerStatus.disabled
  const canEnable = status === PartnerStatus.disabled

  return (
    <Space size={compact ? 0 : 8} wrap>
      {canApprove ? (
        <Popconfirm
          title='审核通过'
          description={`确定通过「${name}」的合伙人申请？`}
          okText='通过'
          onConfirm={() => decide({ id: partner.id, status: PartnerStatus.active }, '已审核通过')}
        >
          <Button type={compact ? 'link' : 'primary'} size={size}>
            通过
          </Button>
        </Popconfirm>
      ) : null}
      {canReject ? (
        <ModalForm<{ reason: string }>
          title={`拒绝「${name}」的申请`}
          width={480}
          modalProps={{ destroyOnClose: true, okText: '拒绝' }}
          trigger={
            <Button type={type} size={size} danger>
              拒绝
            </Button>
          }
          onFinish={({ reason }) => decide({ id: partner.id, status: PartnerStatus.rejected, reason: reason.trim() }, '已拒绝')}
        >
          <ReasonField label='拒绝原因' placeholder='合伙人会看到这个原因，修改后可重新提交' rows={4} />
        </ModalForm>
      ) : null}
      {canDisable ? (
        <ModalForm<{ reason?: string }>
          title={`禁用「${name}」`}
          width={480}
          modalProps={{ destroyOnClose: true, okText: '禁用', okButtonProps: { danger: true } }}
          trigger={
            <Button type={type} size={size} danger>
              禁用
            </Button>
          }
          onFinish={({ reason }) =>
            decide({ id: partner.id, status: PartnerStatus.disabled, ...(reason?.trim() ? { reason: reason.trim() } : {}) }, '已禁用')
          }
        >
          <p>禁用后该合伙人立即退出登录，且不能再登录，直到重新启用。</p>
          <ProFormTextArea
            name='reason'
            label='原因（选填）'
            fieldProps={{ maxLength: 200, showCount: true, rows: 3 }}
            rules={[{ max: 200, message: '原因不能超过200个字符' }]}
          />
        </ModalForm>
      ) : null}
      {canEnable ? (
        <Popconfirm
          title='启用合伙人'
          description={`确定重新启用「${name}」？`}
          okText='启用'
          onConfirm={() => decide({ id: partner.id, status: PartnerStatus.active }, '已启用')}
        >
          <Button type={compact ? 'link' : 'primary'} size={size}>
            启用
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  )
}
