/**
 * 缴费单详情: the order, its items, its refunds (退款 through the pay provider, 财务/管理员) and its
 * receipts (作废 with a reason, 重开 a new number linked to the old). An order not paid yet may be
 * cancelled; a payment arriving after that is refunded automatically.
 */
import { TextAreaField, TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { App, Button, Card, Descriptions, Empty, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd'
import { useParams } from 'react-router-dom'
import { formatYuan } from '@activity/money'
import { OrderPayStatus, ReceiptStatus, RefundStatus } from '@activity/wire'
import { type FeeReceipt, type FeeRefund, feesApi } from '../../api/fees'
import { DetailFrame } from '../../components/DetailFrame'
import { ItemsTable } from '../../components/ItemsField'
import { EnumTag, ORDER_PAY_STATUS_ENUM } from '../../components/status'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { yuanRules } from '../../components/YuanField'
import { formatDateTime as at } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { refundAmount } from './fee-logic'
import { MaskedPhone } from '../../components/MaskedPhone'

const REFUND_COLOR: Record<string, string> = {
  [RefundStatus.pending]: 'processing',
  [RefundStatus.done]: 'success',
  [RefundStatus.failed]: 'error',
}

/** A reason dialog (取消, 作废). */
function ReasonDialog({
  title,
  label,
  trigger,
  run,
  done,
}: {
  title: string
  label: string
  trigger: React.ReactElement
  run: (reason: string) => Promise<unknown>
  done: () => void
}) {
  return (
    <SubmitModalForm<{ reason: string }>
      title={title}
      trigger={trigger}
      width={480}
      onSubmit={({ reason }) => run(reason.trim())}
      onDone={() => done()}
    >
      <TextAreaField
        name='reason'
        label={label}
        fieldProps={{ rows: 3, maxLength: 200, showCount: true }}
        rules={[{ required: true, whitespace: true, message: `请填写${label}` }]}
      />
    </SubmitModalForm>
  )
}

function RefundDialog({ id, refundable, done }: { id: number; refundable: number; done: () => void }) {
  return (
    <SubmitModalForm<{ amount: string; reason: string }, FeeRefund>
      title='退款'
      trigger={
        <Button danger data-testid='refund'>
          退款
        </Button>
      }
      width={480}
      initialValues={{ amount: formatYuan(refundable, { symbol: false, grouping: false }) }}
      onSubmit={({ amount, reason }) => {
        const checked = refundAmount(amount, refundable)
        if ('refusal' in checked) throw new Error(checked.refusal)
        return feesApi.refund(id, checked.amount, reason.trim())
      }}
      success={(refund) =>
        refund.status === RefundStatus.done
          ? `已退款 ${formatYuan(refund.amount)}`
          : `退款${refund.status}：${refund.failReason ?? '等待支付渠道确认'}`
      }
      onDone={() => done()}
    >
      <Typography.Paragraph type='secondary'>可退金额 {formatYuan(refundable)}，款项原路退回学员的支付账户。</Typography.Paragraph>
      <TextField
        name='amount'
        label='退款金额'
        width='sm'
        fieldProps={{ prefix: '¥', suffix: '元', inputMode: 'decimal', autoComplete: 'off' }}
        rules={yuanRules({ label: '退款金额', min: 1, max: refundable })}
      />
      <TextAreaField
        name='reason'
        label='退款原因'
        fieldProps={{ rows: 3, maxLength: 200, showCount: true }}
        rules={[{ required: true, whitespace: true, message: '请填写退款原因' }]}
      />
    </SubmitModalForm>
  )
}

export default function FeeOrderDetail() {
  const id = Number(useParams().id)
  const { message } = App.useApp()
  const { canManageFees } = useAccess()
  const { data: order, error, reload } = useRemote(() => feesApi.order(id), [id])
  const back = () => history.back()

  if (!order) {
    return (
      <DetailFrame
        title='缴费单详情'
        onBack={back}
        list={{ to: '/fee-orders', label: '返回缴费单列表' }}
        failure='缴费单加载失败'
        error={error}
        onRetry={reload}
      />
    )
  }
  const cancellable = order.payStatus !== OrderPayStatus.paid && order.payStatus !== OrderPayStatus.cancelled

  return (
    <PageContainer
      title={`缴费单 ${order.orderNo}`}
      onBack={back}
      tags={<EnumTag valueEnum={ORDER_PAY_STATUS_ENUM} value={order.payStatus} />}
      extra={
        canManageFees ? (
          <Space>
            {cancellable ? (
              <ReasonDialog
                title='取消缴费单'
                label='取消原因'
                trigger={<Button data-testid='cancel-order'>取消缴费单</Button>}
                run={(reason) => feesApi.cancel(order.id, reason)}
                done={() => {
                  message.success('缴费单已取消')
                  reload()
                }}
              />
            ) : null}
            {order.refundable > 0 ? <RefundDialog id={order.id} refundable={order.refundable} done={reload} /> : null}
          </Space>
        ) : null
      }
    >
      <Flex vertical gap={16}>
        <Card title='缴费信息'>
          <Descriptions column={3}>
            <Descriptions.Item label='学员'>
              {order.studentName} <MaskedPhone phone={order.studentPhone} kind='student' id={order.studentId} />
            </Descriptions.Item>
            <Descriptions.Item label='院校专业'>
              {order.school} {order.major}
            </Descriptions.Item>
            <Descriptions.Item label='名称'>{order.title}</Descriptions.Item>
            <Descriptions.Item label='费用类型'>{order.feeKind}</Descriptions.Item>
            <Descriptions.Item label='学年'>{order.academicYear ?? '-'}</Descriptions.Item>
            <Descriptions.Item label='金额'>{formatYuan(order.amount)}</Descriptions.Item>
            <Descriptions.Item label='优惠'>
              {order.discount ? `${formatYuan(order.discount)}（${order.couponCode ?? ''}）` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label='应付'>
              <span data-testid='fee-pay-amount'>{formatYuan(order.payAmount)}</span>
            </Descriptions.Item>
            <Descriptions.Item label='已退款'>
              <span data-testid='fee-refunded'>{formatYuan(order.refunded)}</span>
            </Descriptions.Item>
            <Descriptions.Item label='支付方式'>{order.channel ?? '-'}</Descriptions.Item>
            <Descriptions.Item label='交易号'>{order.transactionId ?? '-'}</Descriptions.Item>
            <Descriptions.Item label='支付时间'>{at(order.paidAt)}</Descriptions.Item>
            <Descriptions.Item label='开具时间'>{at(order.createdAt)}</Descriptions.Item>
            <Descriptions.Item label='取消'>
              {order.cancelledAt ? `${at(order.cancelledAt)} ${order.cancelReason ?? ''}` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label='备注'>{order.remark ?? '-'}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title='缴费明细'>
          <ItemsTable items={order.items} />
        </Card>
        <Card title='退款记录' data-testid='fee-refunds'>
          <Table<FeeRefund>
            rowKey='id'
            size='small'
            pagination={false}
            dataSource={order.refunds}
            locale={{ emptyText: <Empty description='没有退款' /> }}
            columns={[
              { title: '退款单号', dataIndex: 'refundNo' },
              { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => formatYuan(v) },
              { title: '原因', dataIndex: 'reason', render: (v: string, r) => (r.auto ? `${v}（系统）` : v) },
              {
                title: '状态',
                dataIndex: 'status',
                render: (v: string, r) => <Tag color={REFUND_COLOR[v]}>{r.failReason ? `${v}：${r.failReason}` : v}</Tag>,
              },
              { title: '申请时间', dataIndex: 'createdAt', render: (v: string) => at(v) },
              { title: '完成时间', dataIndex: 'doneAt', render: (v: string | null) => at(v) },
              {
                title: '操作',
                render: (_, r) =>
                  canManageFees && r.status === RefundStatus.pending ? (
                    <Typography.Link onClick={() => feesApi.retryRefund(r.id).then(reload, () => undefined)}>重新查询</Typography.Link>
                  ) : null,
              },
            ]}
          />
        </Card>
        <Card title='收据' data-testid='fee-receipts'>
          <Table<FeeReceipt>
            rowKey='id'
            size='small'
            pagination={false}
            dataSource={order.receipts}
            locale={{ emptyText: <Empty description='支付成功后自动开具收据' /> }}
            columns={[
              { title: '收据号', dataIndex: 'receiptNo' },
              { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => formatYuan(v) },
              { title: '大写', dataIndex: 'amountCapitals' },
              { title: '收款单位', dataIndex: 'payee' },
              {
                title: '状态',
                dataIndex: 'status',
                render: (v: string, r) => (
                  <Tag color={v === ReceiptStatus.valid ? 'success' : 'default'}>{r.voidReason ? `${v}：${r.voidReason}` : v}</Tag>
                ),
              },
              { title: '开具时间', dataIndex: 'createdAt', render: (v: string) => at(v) },
              {
                title: '操作',
                render: (_, r) =>
                  canManageFees ? (
                    <Space>
                      {r.status === ReceiptStatus.valid ? (
                        <ReasonDialog
                          title={`作废收据 ${r.receiptNo}`}
                          label='作废原因'
                          trigger={<Typography.Link data-testid={`void-${r.id}`}>作废</Typography.Link>}
                          run={(reason) => feesApi.voidReceipt(r.id, reason)}
                          done={() => {
                            message.success('收据已作废')
                            reload()
                          }}
                        />
                      ) : null}
                      {order.payStatus === OrderPayStatus.paid &&
                      !order.receipts.some((x) => x.status === ReceiptStatus.valid && x.id !== r.id) ? (
                        <Popconfirm
                          title='重开收据？'
                          description='开具新号码的收据，原收据作废'
                          onConfirm={() =>
                            feesApi.reissueReceipt(r.id).then(
                              (n) => {
                                message.success(`已重开收据 ${n.receiptNo}`)
                                reload()
                              },
                              () => undefined,
                            )
                          }
                        >
                          <Typography.Link data-testid={`reissue-${r.id}`}>重开</Typography.Link>
                        </Popconfirm>
                      ) : null}
                    </Space>
                  ) : null,
              },
            ]}
          />
        </Card>
      </Flex>
    </PageContainer>
  )
}
