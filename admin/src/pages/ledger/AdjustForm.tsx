/**
 * 余额调整 (财务/管理员): a partner, + or −, an amount in yuan and a note (required). Before
 * anything is written the server's preview is shown for confirmation: the balance now, the change
 * and the balance after (an adjustment that would take the balance below zero is refused there).
 */
import { ModalForm, RadioField, TextField } from '../../components/form'
import { Alert, App, Button, Descriptions, Form, Modal, Typography } from 'antd'
import { useState } from 'react'
import { type AdjustPreview, ledgerApi } from '../../api/ledger'
import { formatYuan, parseYuan } from '@activity/money'
import { PartnerSelect } from '../../components/PartnerSelect'
import { yuanRules } from '../../components/YuanField'
import { useSubmission } from '../../hooks/useSubmission'
import { ReasonField } from '../../components/ReasonField'

interface Values {
  partnerId: string
  direction: '+' | '-'
  amount: string
  note: string
}

export function AdjustForm({ partnerId, onDone }: { partnerId?: string; onDone: () => void }) {
  const { message } = App.useApp()
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState<{ preview: AdjustPreview; note: string }>()
  const previewing = useSubmission()
  const adjusting = useSubmission()

  const close = () => {
    setConfirming(undefined)
    setOpen(false)
  }

  return (
    <>
      <ModalForm<Values>
        title='余额调整'
        width={520}
        open={open}
        onOpenChange={(next) => {
          if (!next) previewing.clear()
          setOpen(next)
        }}
        trigger={
          <Button type='primary' data-testid='adjust'>
            余额调整
          </Button>
        }
        initialValues={{ direction: '+', partnerId }}
        submitter={{ searchConfig: { submitText: '下一步：确认' }, submitButtonProps: { disabled: previewing.pending } }}
        onFinish={async (values) => {
          const fen = parseYuan(values.amount, { negative: true })
          if (fen === null) return false
          const amount = values.direction === '-' ? -fen : fen
          await previewing.submit(async () => {
            const preview = await ledgerApi.adjustPreview({ partnerId: Number(values.partnerId), amount })
            adjusting.clear()
            setConfirming({ preview, note: values.note.trim() })
          })
          return false
        }}
      >
        {previewing.shown}
        <Form.Item name='partnerId' label='合伙人' rules={[{ required: true, message: '请选择合伙人' }]}>
          <PartnerSelect />
        </Form.Item>
        <RadioField
          name='direction'
          label='调整方向'
          radioType='button'
          options={[
            { value: '+', label: '增加余额' },
            { value: '-', label: '扣减余额' },
          ]}
          rules={[{ required: true, message: '请选择调整方向' }]}
        />
        <TextField
          name='amount'
          label='金额（元）'
          placeholder='例如 50.00'
          fieldProps={{ prefix: '¥', inputMode: 'decimal', autoComplete: 'off' }}
          rules={yuanRules({ label: '调整金额', min: 1, max: 100_000_000 })}
        />
        <ReasonField label='调整说明（合伙人在资金记录中可见）' placeholder='例如：活动奖励、误发佣金冲正' name='note' rule='调整说明' />
      </ModalForm>

      <Modal
        title='确认余额调整'
        open={confirming !== undefined}
        okText='确认调整'
        okButtonProps={{
          disabled: !confirming?.preview.allowed || adjusting.pending,
          loading: adjusting.pending,
          danger: (confirming?.preview.amount ?? 0) < 0,
        }}
        cancelText='返回修改'
        onCancel={() => {
          if (!adjusting.pending) setConfirming(undefined)
        }}
        onOk={async () => {
          if (!confirming) return
          const { preview, note } = confirming
          const done = await adjusting.submit(() => ledgerApi.adjust({ partnerId: preview.partnerId, amount: preview.amount, note }))
          if (done) {
            void message.success(`已调整，${preview.partnerName ?? '合伙人'}的余额为 ${formatYuan(preview.balanceAfter)}`)
            close()
            onDone()
          }
        }}
      >
        {confirming ? (
          <div data-testid='adjust-confirm'>
            {adjusting.shown}
            {!confirming.preview.allowed ? (
              <Alert
                role='alert'
                type='error'
                showIcon
                message={confirming.preview.message ?? '该调整不能执行'}
                className='console-gap-bottom'
              />
            ) : null}
            <Descriptions column={1} size='small' bordered>
              <Descriptions.Item label='合伙人'>{confirming.preview.partnerName ?? `#${confirming.preview.partnerId}`}</Descriptions.Item>
              <Descriptions.Item label='当前余额'>{formatYuan(confirming.preview.balance)}</Descriptions.Item>
              <Descriptions.Item label='其中冻结'>{formatYuan(confirming.preview.frozen)}</Descriptions.Item>
              <Descriptions.Item label='调整金额'>
                <Typography.Text type={confirming.preview.amount < 0 ? 'danger' : 'success'} strong>
                  {formatYuan(confirming.preview.amount, { sign: true })}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label='调整后余额'>
                <Typography.Text strong data-testid='balance-after'>
                  {formatYuan(confirming.preview.balanceAfter)}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label='调整说明'>{confirming.note}</Descriptions.Item>
            </Descriptions>
          </div>
        ) : null}
      </Modal>
    </>
  )
}
