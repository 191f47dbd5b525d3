/**
 * Finance's actions on withdrawals: pay one (with the transaction number), pay one by WeChat
 * transfer (the partner confirms receipt), refuse one (with the reason), pay several as a batch (each its own transaction; the report says which failed and
 * why). Each sends once however often it is clicked, and a refusal from the server (the
 * withdrawal was handled by someone else meanwhile) is shown in the form.
 */
import { ModalForm, TextField } from '../../components/form'
import { WithdrawalStatus } from '@activity/wire'
import { Alert, Button, Descriptions, Form, Input, Table, Tag, Typography } from 'antd'
import { type ReactElement, useState } from 'react'
import { formatYuan } from '@activity/money'
import { type AdminWithdrawal, type BatchReport, withdrawalsApi } from '../../api/withdrawals'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { useSubmission } from '../../hooks/useSubmission'
import { ReasonField } from '../../components/ReasonField'

interface ActionProps {
  withdrawal: AdminWithdrawal
  /** Called after the server answered (accepted, or refused because the list is stale). */
  onDone: () => void
  trigger?: ReactElement
}

function Summary({ w }: { w: AdminWithdrawal }) {
  return (
    <Descriptions size='small' column={2} bordered className='console-gap-bottom'>
      <Descriptions.Item label='合伙人'>
        {w.partnerName ?? '未填姓名'} {w.partnerPhone}
      </Descriptions.Item>
      <Descriptions.Item label='金额'>
        <Typography.Text strong>{formatYuan(w.amount)}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label='收款方式'>{w.payoutType}</Descriptions.Item>
      <Descriptions.Item label='收款人'>{w.payoutName}</Descriptions.Item>
      <Descriptions.Item label='收款账号' span={2}>
        <Typography.Text copyable>{w.payoutAccount}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  )
}

const TX_RULES = [
  { required: true, whitespace: true, message: '请填写交易流水号' },
  { max: 64, message: '交易流水号不能超过64个字符' },
]

/** 确认打款: the money went out; record the transaction number. */
export function PayForm({ withdrawal, onDone, trigger }: ActionProps) {
  return (
    <SubmitModalForm<{ transactionNo: string }>
      title={`确认打款 #${withdrawal.id}`}
      width={560}
      trigger={
        trigger ?? (
          <Button type='link' className='console-link-button' data-testid={`pay-${withdrawal.id}`}>
            打款
          </Button>
        )
      }
      keepRefusalWhileEditing
      lockWhilePending
      submitter={{ searchConfig: { submitText: '确认已打款' } }}
      onSubmit={({ transactionNo }) => withdrawalsApi.pay({ id: withdrawal.id, transactionNo: transactionNo.trim() })}
      success={`#${withdrawal.id} 已确认打款`}
      onDone={onDone}
      onStale={onDone}
      notice={<Summary w={withdrawal} />}
    >
      <TextField
        name='transactionNo'
        label='交易流水号'
        placeholder='银行或微信、支付宝的转账流水号'
        fieldProps={{ maxLength: 64, autoComplete: 'off' }}
        rules={TX_RULES}
      />
    </SubmitModalForm>
  )
}

/**
 * 微信转账: a WeChat merchant transfer instead of paying by hand. The withdrawal waits (待确认收款)
 * until the partner confirms in the mini-program, and WeChat's notification marks it 已打款 with
 * WeChat's bill number; a failed or expired transfer comes back here (审核中) with the reason.
 */
export function TransferForm({ withdrawal, onDone, trigger }: ActionProps) {
  const retry = withdrawal.status === WithdrawalStatus.confirming
  return (
    <SubmitModalForm
      title={`${retry ? '重新发起' : ''}微信转账 #${withdrawal.id}`}
      width={560}
      trigger={
        trigger ?? (
          <Button type='link' className='console-link-button' data-testid={`transfer-${withdrawal.id}`}>
            {retry ? '重试转账' : '微信转账'}
          </Button>
        )
      }
      keepRefusalWhileEditing
      lockWhilePending
      submitter={{ searchConfig: { submitText: retry ? '重新发起' : '发起微信转账' } }}
      onSubmit={() => withdrawalsApi.wechatTransfer({ id: withdrawal.id })}
      success={`#${withdrawal.id} 已发起微信转账，等待合伙人在小程序中确认收款`}
      onDone={onDone}
      onStale={onDone}
      notice={<Summary w={withdrawal} />}
    >
      <Typography.Paragraph className='console-flush'>
        金额将通过微信商家转账打到合伙人的微信零钱：合伙人需在微信小程序的「提现」页确认收款，微信通知到账后自动记为已打款（流水号为微信转账单号）。
        转账失败或超时未确认时，提现回到「审核中」并显示原因。
      </Typography.Paragraph>
      {withdrawal.transferFailReason ? (
        <Typography.Paragraph type='danger' className='console-gap-top-xs console-flush'>
          上次转账：{withdrawal.transferFailReason}
        </Typography.Paragraph>
      ) : null}
    </SubmitModalForm>
  )
}

/** 拒绝提现: the amount returns to the partner's balance. */
export function RefuseForm({ withdrawal, onDone, trigger }: ActionProps) {
  return (
    <SubmitModalForm<{ reason: string }>
      title={`拒绝提现 #${withdrawal.id}`}
      width={560}
      trigger={
        trigger ?? (
          <Button type='link' danger className='console-link-button' data-testid={`refuse-${withdrawal.id}`}>
            拒绝
          </Button>
        )
      }
      keepRefusalWhileEditing
      lockWhilePending
      submitter={{ searchConfig: { submitText: '拒绝提现' }, submitButtonProps: { danger: true } }}
      onSubmit={({ reason }) => withdrawalsApi.refuse({ id: withdrawal.id, reason: reason.trim() })}
      success={`#${withdrawal.id} 已拒绝，金额已退回合伙人余额`}
      onDone={onDone}
      onStale={onDone}
      notice={<Summary w={withdrawal} />}
    >
      <ReasonField label='拒绝原因（合伙人可见）' placeholder='例如：收款账号与实名不一致' rule='拒绝原因' />
    </SubmitModalForm>
  )
}

/** 批量打款: one transaction number per selected withdrawal; the report lists each one's outcome. */
export function BatchPayForm({ rows, onDone }: { rows: AdminWithdrawal[]; onDone: () => void }) {
  const { submit, shown, clear, pending } = useSubmission()
  const [report, setReport] = useState<BatchReport>()
  const [open, setOpen] = useState(false)
  const total = rows.reduce((sum, w) => sum + w.amount, 0)
  const failedOf = new Map(report?.failed.map((f) => [f.id, f.message]) ?? [])
  const paid = new Set(report?.succeeded ?? [])

  return (
    <ModalForm<{ tx: Record<string, string> }>
      title={`批量打款（${rows.length} 笔，合计 ${formatYuan(total)}）`}
      width={860}
      open={open}
      onOpenChange={(next) => {
        if (!pending) setOpen(next)
      }}
      trigger={
        <Button type='primary' size='small' disabled={rows.length === 0} data-testid='batch-pay'>
          批量打款
        </Button>
      }
      modalProps={{
        maskClosable: !pending,
        onCancel: clear,
        afterClose: () => {
          if (report) onDone()
          setReport(undefined)
        },
      }}
      submitter={
        report
          ? {
              render: () => [
                <Button key='done' type='primary' onClick={() => setOpen(false)}>
                  完成
                </Button>,
              ],
            }
          : { searchConfig: { submitText: '确认已打款' }, submitButtonProps: { disabled: pending } }
      }
      onFinish={async ({ tx }) => {
        const items = rows.map((w) => ({ id: w.id, transactionNo: (tx[String(w.id)] ?? '').trim() }))
        await submit(async () => setReport(await withdrawalsApi.batchPay(items)))
        return false
      }}
    >
      {shown}
      {report ? (
        <Alert
          data-testid='batch-report'
          type={report.failed.length === 0 ? 'success' : 'warning'}
          showIcon
          message={`成功 ${report.succeeded.length} 笔，失败 ${report.failed.length} 笔`}
          description={report.failed.length > 0 ? '失败的提现未打款，可在列表中刷新后查看其当前状态。' : undefined}
          className='console-gap-bottom'
        />
      ) : (
        <Typography.Paragraph>逐笔填写转账流水号。每笔单独入账：某一笔失败不影响其它笔。</Typography.Paragraph>
      )}
      <Table<AdminWithdrawal>
        rowKey='id'
        size='small'
        pagination={false}
        dataSource={rows}
        scroll={{ y: 360 }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 70 },
          { title: '合伙人', dataIndex: 'partnerName', width: 140, render: (_, w) => `${w.partnerName ?? '未填姓名'} ${w.partnerPhone}` },
          { title: '金额', dataIndex: 'amount', width: 110, align: 'right', render: (_, w) => formatYuan(w.amount) },
          { title: '收款', dataIndex: 'payoutAccount', render: (_, w) => `${w.payoutType} ${w.payoutName} ${w.payoutAccount}` },
          {
            title: report ? '结果' : '交易流水号',
            key: 'tx',
            width: 240,
            render: (_, w) =>
              report ? (
                paid.has(w.id) ? (
                  <Tag color='green'>已打款</Tag>
                ) : (
                  <Typography.Text type='danger' data-testid={`batch-failed-${w.id}`}>
                    失败：{failedOf.get(w.id) ?? '未处理'}
                  </Typography.Text>
                )
              ) : (
                <Form.Item name={['tx', String(w.id)]} rules={TX_RULES} className='console-flush'>
                  <Input placeholder='流水号' maxLength={64} autoComplete='off' data-testid={`batch-tx-${w.id}`} />
                </Form.Item>
              ),
          },
        ]}
      />
    </ModalForm>
  )
}
