/**
 * The review of one partner (管理员): approve (待审核, 已拒绝), reject with a reason (待审核),
 * disable (any but 已禁用) and enable (已禁用). Each asks first; the server's refusal (someone
 * reviewed it meanwhile) is shown and the screen reloads.
 */
import { PartnerStatus } from '@activity/wire'
import { App, Button, Popconfirm, Space } from 'antd'
import { type AdminPartner, type AuditDecision, partnersApi } from '../../api/partners'
import { refusalOf } from '../../hooks/useSubmission'
import { partnerName } from './partner-status'
import { lazyDialog } from '../../components/LazyDialog'

// The reason dialogs (pro-form) load when first clicked, not with the partner list.
const RejectDialog = lazyDialog(() => import('./ReviewDialogs').then((m) => m.RejectDialog))
const DisableDialog = lazyDialog(() => import('./ReviewDialogs').then((m) => m.DisableDialog))

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
        <RejectDialog
          name={name}
          onReason={(reason) => decide({ id: partner.id, status: PartnerStatus.rejected, reason }, '已拒绝')}
          trigger={
            <Button type={type} size={size} danger>
              拒绝
            </Button>
          }
        />
      ) : null}
      {canDisable ? (
        <DisableDialog
          name={name}
          onReason={(reason) => decide({ id: partner.id, status: PartnerStatus.disabled, ...(reason ? { reason } : {}) }, '已禁用')}
          trigger={
            <Button type={type} size={size} danger>
              禁用
            </Button>
          }
        />
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
