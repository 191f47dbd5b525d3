/**
 * 兑换订单: students' exchanges, newest first, by status and good or student. 管理员 ships a
 * 待发货 one (the carrier, picked from the tracked ones, and the waybill: 已发货, the student's
 * message and a tracked parcel) or cancels it with a reason (points and stock back). A shipped
 * one shows its parcel's state; 物流 opens the parcel's drawer (教材's, for who may read parcels).
 */
import { TextField } from '../../components/form'
import { WaybillFields } from '../../components/WaybillFields'
import { PageContainer } from '../../components/PageContainer'
import { type CarrierCode, GoodOrderStatus } from '@activity/wire'
import { Empty, Space, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { type GoodOrderRow, pointsApi } from '../../api/points'
import { EnumTag, enumColumn } from '../../components/status'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { GOOD_KIND_ENUM, GOOD_ORDER_STATUS_ENUM } from './enums'
import { MaskedPhone } from '../../components/MaskedPhone'
import { requiredText } from '../../form-rules'
import { useTableReload } from '../../hooks/useTableReload'
import { PARCEL_EXCEPTION_LOOKS, PARCEL_STATE_LOOKS } from '../textbooks/textbooks'

// The parcel's drawer (教材's) loads with the first one opened.
const ParcelDrawer = lazy(() => import('../textbooks/ParcelDrawer').then((m) => ({ default: m.ParcelDrawer })))

function ShipForm({ row, onDone }: { row: GoodOrderRow; onDone: () => void }) {
  return (
    <SubmitModalForm<{ expressCompany: CarrierCode; expressNo: string }>
      title={`发货：${row.goodName} ×${row.quantity}`}
      trigger={<Typography.Link>发货</Typography.Link>}
      width={480}
      onSubmit={({ expressCompany, expressNo }) => pointsApi.ship({ id: row.id, expressCompany, expressNo: expressNo.trim() })}
      success='已发货，已通知学员'
      onDone={onDone}
    >
      {row.address ? (
        <Typography.Paragraph>
          收货人：{row.address.name} <MaskedPhone phone={row.address.phone} kind='pointsOrder' id={row.id} />
          <br />
          地址：{row.address.address}
        </Typography.Paragraph>
      ) : null}
      <WaybillFields carrier='expressCompany' number='expressNo' numberLabel='快递单号' />
      <Typography.Paragraph type='secondary'>发货后按运单跟踪物流，学员在 APP 查看轨迹。</Typography.Paragraph>
    </SubmitModalForm>
  )
}

function CancelForm({ row, onDone }: { row: GoodOrderRow; onDone: () => void }) {
  return (
    <SubmitModalForm<{ reason: string }>
      title={`取消兑换：${row.goodName} ×${row.quantity}`}
      trigger={<Typography.Link type='danger'>取消</Typography.Link>}
      width={440}
      onSubmit={({ reason }) => pointsApi.cancel({ id: row.id, reason: reason.trim() })}
      success={`已取消，${row.totalPoints} 积分已退回学员`}
      onDone={onDone}
    >
      <Typography.Paragraph type='secondary'>取消后积分退回学员，库存恢复。</Typography.Paragraph>
      <TextField name='reason' label='取消原因' width='md' rules={requiredText('取消原因', 100, '个字')} />
    </SubmitModalForm>
  )
}

export default function OrderList() {
  const { canManagePoints, seesParcels } = useAccess()
  const { actionRef, reload } = useTableReload()
  const [open, setOpen] = useState<number | null>(null)
  // Mounted from the first opening on, so it can animate closed.
  const [opened, setOpened] = useState(false)
  if (open !== null && !opened) setOpened(true)
  const columns: ListColumn<GoodOrderRow>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '商品名称、学员姓名、学号或完整手机号' } },
    { title: '订单号', dataIndex: 'id', search: false, width: 72 },
    {
      title: '商品',
      dataIndex: 'goodName',
      search: false,
      render: (_, o) => (
        <Space direction='vertical' size={0}>
          <span>
            {o.goodName} ×{o.quantity}
          </span>
          <Typography.Text type='secondary'>{GOOD_KIND_ENUM[o.goodKind].text}</Typography.Text>
        </Space>
      ),
    },
    { title: '学员', dataIndex: 'name', search: false, width: 110 },
    { title: '积分', dataIndex: 'totalPoints', search: false, width: 80, align: 'right' },
    { title: '状态', dataIndex: 'status', valueType: 'select', width: 90, ...enumColumn(GOOD_ORDER_STATUS_ENUM) },
    {
      title: '收货信息',
      dataIndex: 'address',
      search: false,
      width: 180,
      ellipsis: true,
      render: (_, o) => (o.address ? `${o.address.name} ${o.address.phone} ${o.address.address}` : '—'),
    },
    {
      title: '快递',
      dataIndex: 'expressNo',
      search: false,
      width: 160,
      render: (_, o) =>
        o.expressNo ? (
          <>
            {o.expressCompany}
            <Typography.Text type='secondary' className='console-sub console-nowrap'>
              {o.expressNo}
            </Typography.Text>
            {o.parcel ? (
              <div className='console-gap-top-xxs'>
                <EnumTag valueEnum={PARCEL_STATE_LOOKS} value={o.parcel.state} />
                {o.parcel.exception ? <EnumTag valueEnum={PARCEL_EXCEPTION_LOOKS} value={o.parcel.exception} /> : null}
              </div>
            ) : null}
          </>
        ) : o.cancelReason ? (
          `取消：${o.cancelReason}`
        ) : (
          '—'
        ),
    },
    { title: '兑换时间', dataIndex: 'createdAt', search: false, width: 140, render: (_, o) => formatDateTime(o.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 110,
      hideInTable: !canManagePoints && !seesParcels,
      render: (_, o) => [
        ...(canManagePoints && o.status === GoodOrderStatus.toShip
          ? [<ShipForm key='ship' row={o} onDone={reload} />, <CancelForm key='cancel' row={o} onDone={reload} />]
          : []),
        ...(seesParcels && o.parcel
          ? [
              <Typography.Link key='track' onClick={() => setOpen(o.parcel!.id)}>
                物流
              </Typography.Link>,
            ]
          : []),
      ],
    },
  ]
  return (
    <PageContainer title='兑换订单' subTitle='待发货的实物和教材在这里填写快递单号'>
      <ListTable<GoodOrderRow>
        actionRef={actionRef}
        headerTitle='兑换订单'
        columns={columns}
        fetch={(state) => pointsApi.orders(toServerQuery(state))}
        emptyText={<Empty description='没有符合条件的兑换订单' />}
      />
      {opened ? (
        <Suspense fallback={null}>
          <ParcelDrawer id={open} onClose={() => setOpen(null)} onChanged={reload} />
        </Suspense>
      ) : null}
    </PageContainer>
  )
}
