/**
 * 优惠券 (every role reads; 财务/管理员 create and void): codes that take an amount or a rate off
 * one unpaid fee order, once. Create one code (typed) or a batch of random codes; void an unused one.
 */
import { DateTimeField, FormDependency, NumberField, RadioField, TextAreaField, TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { COUPON_KINDS, COUPON_STATUSES, CouponKind, CouponStatus } from '@activity/wire'
import { Form, Typography } from 'antd'
import { formatYuan } from '@activity/money'
import { type Coupon, feesApi } from '../../api/fees'
import { enumColumn, valueEnum } from '../../components/status'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime as at, officeInstant } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { couponValue, couponWorth } from './fee-logic'
import { StudentSelect } from './StudentSelect'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'

const COUPON_STATUS_ENUM = valueEnum(COUPON_STATUSES, {
  [CouponStatus.unused]: { status: 'Processing' },
  [CouponStatus.used]: { status: 'Success' },
  [CouponStatus.voided]: { status: 'Default' },
  [CouponStatus.expired]: { status: 'Warning' },
})
const COUPON_KIND_ENUM = valueEnum(COUPON_KINDS)

interface CouponValues {
  code?: string
  count?: number
  kind: CouponKind
  value: string
  expiresAt: string
  studentId?: number
  remark?: string
}

function CreateCoupons({ onCreated }: { onCreated: () => void }) {
  return (
    <SubmitModalForm<CouponValues, number>
      title='创建优惠券'
      trigger={<AddButton>创建优惠券</AddButton>}
      width={560}
      initialValues={{ kind: CouponKind.amount, count: 1 }}
      onSubmit={async (v) => {
        const checked = couponValue(v.kind, v.value ?? '')
        if ('refusal' in checked) throw new Error(checked.refusal)
        const code = v.code?.trim()
        const made = await feesApi.createCoupons({
          code: code || undefined,
          count: code ? undefined : v.count,
          kind: v.kind,
          value: checked.value,
          expiresAt: officeInstant(v.expiresAt),
          studentId: v.studentId,
          remark: v.remark?.trim() || undefined,
        })
        return made.length
      }}
      success={(made) => `已创建 ${made} 张优惠券`}
      onDone={onCreated}
    >
      <RadioField name='kind' label='类型' options={[...COUPON_KINDS]} />
      <FormDependency name={['kind']}>
        {({ kind }: { kind?: CouponKind }) => (
          <TextField
            name='value'
            label={kind === CouponKind.rate ? '折扣' : '面额'}
            width='sm'
            placeholder={kind === CouponKind.rate ? '如 9.5' : '如 100'}
            fieldProps={{ suffix: kind === CouponKind.rate ? '折' : '元', inputMode: 'decimal', autoComplete: 'off' }}
            rules={[{ required: true, message: kind === CouponKind.rate ? '请填写折扣' : '请填写面额' }]}
          />
        )}
      </FormDependency>
      <TextField
        name='code'
        label='券码'
        width='md'
        placeholder='不填则随机生成'
        extra='4-32位字母、数字或-，不区分大小写'
        rules={[{ pattern: /^[A-Za-z0-9-]{4,32}$/, message: '券码为4-32位字母、数字或-' }]}
      />
      <FormDependency name={['code']}>
        {({ code }: { code?: string }) =>
          code ? null : (
            <NumberField name='count' label='数量' width='sm' min={1} max={500} fieldProps={{ precision: 0, addonAfter: '张' }} />
          )
        }
      </FormDependency>
      <DateTimeField name='expiresAt' label='有效期至' width='md' rules={[{ required: true, message: '请填写有效期' }]} />
      <Form.Item name='studentId' label='指定学员' extra='不选则任何学员可用'>
        <StudentSelect allowClear className='console-field-lg' />
      </Form.Item>
      <TextAreaField name='remark' label='备注' fieldProps={{ rows: 2, maxLength: 200, showCount: true }} />
    </SubmitModalForm>
  )
}

function VoidCoupon({ coupon, onVoided }: { coupon: Coupon; onVoided: () => void }) {
  return (
    <SubmitModalForm<{ reason: string }>
      title={`作废优惠券 ${coupon.code}`}
      trigger={<Typography.Link data-testid={`void-coupon-${coupon.id}`}>作废</Typography.Link>}
      width={480}
      onSubmit={({ reason }) => feesApi.voidCoupon(coupon.id, reason.trim())}
      onDone={onVoided}
    >
      <TextAreaField
        name='reason'
        label='作废原因'
        fieldProps={{ rows: 3, maxLength: 200 }}
        rules={[{ required: true, whitespace: true, message: '请填写作废原因' }]}
      />
    </SubmitModalForm>
  )
}

export default function CouponList() {
  const { canManageFees } = useAccess()
  const { actionRef, reload } = useTableReload()
  const columns: ListColumn<Coupon>[] = [
    { title: '券码', dataIndex: 'code', copyable: true },
    { title: '类型', dataIndex: 'kind', search: false, ...enumColumn(COUPON_KIND_ENUM) },
    { title: '优惠', dataIndex: 'value', search: false, render: (_, c) => couponWorth(c) },
    { title: '指定学员', dataIndex: 'studentName', search: false, render: (_, c) => c.studentName ?? '不限' },
    { title: '有效期至', dataIndex: 'expiresAt', search: false, render: (_, c) => at(c.expiresAt) },
    { title: '状态', dataIndex: 'status', valueType: 'select', ...enumColumn(COUPON_STATUS_ENUM) },
    { title: '批次', dataIndex: 'batchNo', render: (_, c) => c.batchNo ?? '-' },
    {
      title: '使用',
      dataIndex: 'orderId',
      search: false,
      render: (_, c) => (c.orderId ? `订单${c.orderId}，优惠${formatYuan(c.discount ?? 0)}` : '-'),
    },
    { title: '创建时间', dataIndex: 'createdAt', search: false, render: (_, c) => at(c.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !canManageFees,
      render: (_, c) => (c.status === CouponStatus.unused ? [<VoidCoupon key='void' coupon={c} onVoided={reload} />] : []),
    },
  ]
  return (
    <PageContainer title='优惠券'>
      <ListTable<Coupon>
        actionRef={actionRef}
        headerTitle='优惠券'
        columns={columns}
        fetch={(state) => feesApi.coupons(toServerQuery(state))}
        emptyText='还没有优惠券'
        toolBarRender={() => (canManageFees ? [<CreateCoupons key='add' onCreated={reload} />] : [])}
      />
    </PageContainer>
  )
}
