/** 订单详情 (财务/管理员): the order, its items, and the pay provider's notifications received for it. */
import { PageContainer } from '../../components/PageContainer'
import { Alert, Card, Descriptions, Empty, Flex, Table, Typography } from 'antd'
import { useParams } from 'react-router-dom'
import { formatYuan } from '@activity/money'
import { ordersApi, type PaymentNotification } from '../../api/orders'
import { DetailFrame } from '../../components/DetailFrame'
import { ItemsTable } from '../../components/ItemsField'
import { EnumTag, ORDER_PAY_STATUS_ENUM } from '../../components/status'
import { useRemote } from '../../hooks/useRemote'
import { formatDateTime as at } from '../../format'
import { MaskedPhone } from '../../components/MaskedPhone'

const OUTCOME: Record<string, string> = { paid: '已入账', failed: '支付失败', unchanged: '重复通知，未改变', ignored: '已忽略' }

export default function OrderDetail() {
  const id = Number(useParams().id)
  const { data: order, error, reload } = useRemote(() => ordersApi.details(id), [id])
  const back = () => history.back()

  if (!order) {
    return (
      <DetailFrame
        title='订单详情'
        onBack={back}
        list={{ to: '/orders', label: '返回订单列表' }}
        failure='订单加载失败'
        error={error}
        onRetry={reload}
      />
    )
  }

  return (
    <PageContainer
      title={`订单 ${order.orderNo}`}
      onBack={back}
      tags={<EnumTag valueEnum={ORDER_PAY_STATUS_ENUM} value={order.payStatus} />}
    >
      <Flex vertical gap={16}>
        <Card title='订单信息'>
          <Descriptions column={3}>
            <Descriptions.Item label='订单号'>
              <Typography.Text copyable>{order.orderNo}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label='标题'>{order.title}</Descriptions.Item>
            <Descriptions.Item label='金额'>{formatYuan(order.amount)}</Descriptions.Item>
            <Descriptions.Item label='合伙人'>
              {order.partnerName ?? '未填姓名'}{' '}
              {order.partnerId ? (
                <MaskedPhone phone={order.partnerPhone} kind='partner' id={order.partnerId} />
              ) : order.studentId ? (
                <MaskedPhone phone={order.partnerPhone} kind='student' id={order.studentId} />
              ) : (
                order.partnerPhone
              )}
            </Descriptions.Item>
            <Descriptions.Item label='支付状态'>{order.payStatus}</Descriptions.Item>
            <Descriptions.Item label='支付方式'>{order.channel ?? '-'}</Descriptions.Item>
            <Descriptions.Item label='支付渠道'>{order.provider ?? '-'}</Descriptions.Item>
            <Descriptions.Item label='交易号'>{order.transactionId ?? '-'}</Descriptions.Item>
            <Descriptions.Item label='支付时间'>{at(order.paidAt)}</Descriptions.Item>
            <Descriptions.Item label='创建时间'>{at(order.createdAt)}</Descriptions.Item>
            <Descriptions.Item label='失败原因'>{order.failReason ?? '-'}</Descriptions.Item>
            <Descriptions.Item label='备注'>{order.remark ?? '-'}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title='订单明细'>
          <ItemsTable items={order.items} total={order.amount} />
        </Card>
        <Card title='支付通知' data-testid='order-notifications'>
          {order.notifications === undefined ? (
            <Alert
              type='warning'
              showIcon
              message='后台尚未提供此订单的支付通知记录'
              description='订单状态以支付渠道的通知为准，见上方支付状态与交易号。'
            />
          ) : (
            <Table<PaymentNotification>
              rowKey='id'
              size='small'
              pagination={false}
              dataSource={order.notifications}
              locale={{ emptyText: <Empty description='尚未收到支付通知' /> }}
              columns={[
                { title: '收到时间', dataIndex: 'createdAt', render: (v: string) => at(v) },
                { title: '渠道', dataIndex: 'provider' },
                { title: '通知编号', dataIndex: 'notificationId', ellipsis: true },
                { title: '结果', dataIndex: 'result' },
                { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number | null) => (v === null ? '-' : formatYuan(v)) },
                { title: '交易号', dataIndex: 'transactionId', render: (v: string | null) => v ?? '-' },
                { title: '处理', dataIndex: 'outcome', render: (v: string) => OUTCOME[v] ?? v },
              ]}
            />
          )}
        </Card>
      </Flex>
    </PageContainer>
  )
}
