/**
 * 缴费单 (every role reads; 财务/管理员 raise): fee orders of students by status, kind, year or a
 * keyword (name, phone, order number); 开具缴费单 from a standard or typed items; export.
 */
import { PageContainer } from '../../components/PageContainer'
import { FEE_KINDS, REFUND_STATUSES } from '@activity/wire'
import { useRef } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { formatYuan } from '@activity/money'
import { FEE_ORDERS_EXPORT, type FeeOrder, feesApi } from '../../api/fees'
import { ExportButton } from '../../components/ExportButton'
import { lazyDialog } from '../../components/LazyDialog'
import { enumColumn, ORDER_PAY_STATUS_ENUM, valueEnum } from '../../components/status'
import { listPreload, ListTable, type ListColumn, type ListAction } from '../../components/ListTable'
import { formatDateTime as at } from '../../format'
import { exportQuery, type ListState, toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { academicYears } from './fee-logic'
import { MaskedPhone } from '../../components/MaskedPhone'
import { TwoLineCell } from '../../components/TwoLineCell'
import { AddButton } from '../../components/AddButton'

const FEE_KIND_ENUM = valueEnum(FEE_KINDS)
/** Orders with a refund in this status (工作台's 退款中 opens `?refundStatus=退款中`). */
const REFUND_STATUS_ENUM = valueEnum(REFUND_STATUSES)

const RaiseOrder = lazyDialog(() => import('./RaiseOrder').then((m) => m.RaiseOrder))

function fetchPage(state: ListState) {
  return feesApi.orders(toServerQuery(state))
}

export const preload = listPreload(fetchPage)

export default function FeeOrderList() {
  const navigate = useNavigate()
  const { canManageFees, canExportFees } = useAccess()
  const actionRef = useRef<ListAction>(undefined)

  const columns: ListColumn<FeeOrder>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '姓名、完整手机号或订单号' } },
    {
      title: '订单号',
      dataIndex: 'orderNo',
      search: false,
      copyable: true,
      render: (_, o) => <Link to={`/fee-orders/${o.id}`}>{o.orderNo}</Link>,
    },
    {
      title: '学员',
      dataIndex: 'studentName',
      search: false,
      render: (_, o) => <TwoLineCell main={o.studentName} sub={<MaskedPhone phone={o.studentPhone} kind='student' id={o.studentId} />} />,
    },
    { title: '名称', dataIndex: 'title', search: false, ellipsis: true },
    { title: '费用类型', dataIndex: 'feeKind', valueType: 'select', ...enumColumn(FEE_KIND_ENUM) },
    { title: '学年', dataIndex: 'academicYear', valueType: 'select', fieldProps: { options: academicYears() } },
    { title: '应付', dataIndex: 'payAmount', search: false, align: 'right', render: (_, o) => formatYuan(o.payAmount) },
    { title: '优惠', dataIndex: 'discount', search: false, align: 'right', render: (_, o) => (o.discount ? formatYuan(o.discount) : '-') },
    {
      title: '已退款',
      dataIndex: 'refunded',
      search: false,
      align: 'right',
      render: (_, o) => (o.refunded ? formatYuan(o.refunded) : '-'),
    },
    { title: '支付状态', dataIndex: 'payStatus', valueType: 'select', ...enumColumn(ORDER_PAY_STATUS_ENUM) },
    { title: '退款状态', dataIndex: 'refundStatus', valueType: 'select', hideInTable: true, valueEnum: REFUND_STATUS_ENUM },
    { title: '支付时间', dataIndex: 'paidAt', search: false, render: (_, o) => at(o.paidAt) },
    { title: '开具时间', dataIndex: 'createdAt', search: false, render: (_, o) => at(o.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      render: (_, o) => [
        <Link key='detail' to={`/fee-orders/${o.id}`}>
          详情
        </Link>,
      ],
    },
  ]

  return (
    <PageContainer title='缴费单'>
      <ListTable<FeeOrder>
        actionRef={actionRef}
        headerTitle='缴费单'
        columns={columns}
        fetch={fetchPage}
        emptyText='没有符合条件的缴费单'
        toolBarRender={(state) => [
          canExportFees ? (
            <ExportButton key='export' path={FEE_ORDERS_EXPORT} query={exportQuery(state)} testId='fee-export'>
              导出
            </ExportButton>
          ) : null,
          ...(canManageFees
            ? [<RaiseOrder key='raise' onRaised={(o) => navigate(`/fee-orders/${o.id}`)} trigger={<AddButton>开具缴费单</AddButton>} />]
            : []),
        ]}
      />
    </PageContainer>
  )
}
