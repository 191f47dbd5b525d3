/**
 * 订单 (财务/管理员): orders partners pay, by pay status, partner and order number; a new order for
 * a partner with its items typed in yuan (sent in fen); each order's page shows its items and the
 * pay notifications received. Only the provider's verified notification marks an order paid.
 */
import { FormDependency, TextAreaField, TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { Form, Space, Typography } from 'antd'
import { type ReactElement } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { formatYuan, parseYuan } from '@activity/money'
import { type Order, ordersApi } from '../../api/orders'
import { ItemsField, type ItemValues, toItems } from '../../components/ItemsField'
import { PartnerSelect } from '../../components/PartnerSelect'
import { ORDER_PAY_STATUS_ENUM, enumColumn } from '../../components/status'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime as at } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { MaskedPhone } from '../../components/MaskedPhone'
import { requiredText } from '../../form-rules'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'

/** ¥1,000,000.00, the back-office's limit for one order. */
const ORDER_MAX = 100_000_000

interface OrderValues {
  partnerId: string
  title?: string
  items: ItemValues[]
  remark?: string
}

/** The order's total in fen, or undefined while an item is incomplete. */
function totalOf(items: ItemValues[] | undefined): number | undefined {
  let total = 0
  for (const item of items ?? []) {
    const price = parseYuan(item.unitPrice ?? '', { negative: true })
    if (price === null || !item.quantity) return undefined
    total += price * item.quantity
  }
  return total
}

function CreateOrder({ trigger, onCreated }: { trigger: ReactElement; onCreated: (order: Order) => void }) {
  return (
    <SubmitModalForm<OrderValues, Order>
      title='新建订单'
      trigger={trigger}
      width={720}
      initialValues={{ items: [{ quantity: 1 }] }}
      onSubmit={(values) => {
        const items = toItems(values.items, { negative: true })
        const total = items.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0)
        if (total <= 0) throw new Error('订单金额须大于0')
        if (total > ORDER_MAX) throw new Error(`订单金额不能超过 ${formatYuan(ORDER_MAX)}`)
        return ordersApi.create({
          partnerId: Number(values.partnerId),
          title: values.title?.trim() || undefined,
          items,
          remark: values.remark?.trim() || undefined,
        })
      }}
      success={(order) => `订单 ${order.orderNo} 已创建，合伙人可在其订单中支付`}
      onDone={(order) => onCreated(order)}
    >
      <Form.Item name='partnerId' label='合伙人' rules={[{ required: true, message: '请选择合伙人' }]}>
        <PartnerSelect className='console-field-lg' />
      </Form.Item>
      <TextField
        name='title'
        label='订单标题'
        width='lg'
        placeholder='不填则用第一项的名称'
        rules={[{ max: 60, message: '订单标题不能超过60个字符' }]}
      />
      <ItemsField
        label='订单明细'
        example='学费'
        nameRules={requiredText('项目名称', 60)}
        unit='件'
        priceMax={ORDER_MAX}
        rules={[{ validator: async (_r, v: unknown[]) => (v?.length ? undefined : Promise.reject(new Error('请至少添加一项订单明细'))) }]}
      />
      <FormDependency name={['items']}>
        {({ items }: { items?: ItemValues[] }) => {
          const total = totalOf(items)
          return (
            <Typography.Paragraph>
              合计：
              <Typography.Text strong data-testid='order-total'>
                {total === undefined ? '—' : formatYuan(total)}
              </Typography.Text>
            </Typography.Paragraph>
          )
        }}
      </FormDependency>
      <TextAreaField name='remark' label='备注' fieldProps={{ rows: 2, maxLength: 200, showCount: true }} />
    </SubmitModalForm>
  )
}

export default function OrderList() {
  const navigate = useNavigate()
  const { actionRef, reload } = useTableReload()

  const columns: ListColumn<Order>[] = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      copyable: true,
      render: (_, o) => <Link to={`/orders/${o.id}`}>{o.orderNo}</Link>,
    },
    { title: '标题', dataIndex: 'title', search: false, ellipsis: true },
    { title: '合伙人', dataIndex: 'partnerId', hideInTable: true, renderFormItem: () => <PartnerSelect /> },
    {
      title: '合伙人',
      dataIndex: 'partnerName',
      search: false,
      render: (_, o) => (
        <Space direction='vertical' size={0}>
          <span>{o.partnerName ?? '未填姓名'}</span>
          <Typography.Text type='secondary'>
            {o.partnerId !== null ? (
              <MaskedPhone phone={o.partnerPhone} kind='partner' id={o.partnerId} />
            ) : o.studentId !== null ? (
              <MaskedPhone phone={o.partnerPhone} kind='student' id={o.studentId} />
            ) : (
              o.partnerPhone
            )}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '金额', dataIndex: 'amount', search: false, align: 'right', render: (_, o) => formatYuan(o.amount) },
    {
      title: '支付状态',
      dataIndex: 'payStatus',
      valueType: 'select',
      ...enumColumn(ORDER_PAY_STATUS_ENUM),
    },
    { title: '支付方式', dataIndex: 'channel', search: false, render: (_, o) => o.channel ?? '-' },
    { title: '支付时间', dataIndex: 'paidAt', search: false, render: (_, o) => at(o.paidAt) },
    { title: '创建时间', dataIndex: 'createdAt', search: false, render: (_, o) => at(o.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      render: (_, o) => [
        <Link key='detail' to={`/orders/${o.id}`}>
          详情
        </Link>,
      ],
    },
  ]

  return (
    <PageContainer title='订单'>
      <ListTable<Order>
        actionRef={actionRef}
        headerTitle='订单列表'
        columns={columns}
        fetch={(state) => ordersApi.list(toServerQuery(state))}
        emptyText='没有符合条件的订单'
        toolBarRender={() => [
          <CreateOrder
            key='add'
            onCreated={(order) => {
              reload()
              navigate(`/orders/${order.id}`)
            }}
            trigger={<AddButton>新建订单</AddButton>}
          />,
        ]}
      />
    </PageContainer>
  )
}
