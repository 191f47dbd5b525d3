/**
 * 开具缴费单 (财务/管理员): for a student, from a fee standard or typed items. Its own module, loaded
 * when the list's button is first clicked (lazyDialog), so the list does not wait for pro-form.
 */
import { FormDependency, SelectField, TextAreaField } from '../../components/form'
import { Form } from 'antd'
import { formatYuan } from '@activity/money'
import { type FeeOrder, type FeeOrderDetail, feesApi } from '../../api/fees'
import { ItemsField, type ItemValues, toItems } from '../../components/ItemsField'
import type { DialogControl } from '../../components/LazyDialog'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { FeeKindYearFields } from './FeeFields'
import { academicYears } from './fee-logic'
import { StudentSelect } from './StudentSelect'

interface RaiseValues {
  studentId: number
  feeStandardId?: number
  feeKind?: string
  academicYear?: string
  items?: ItemValues[]
  remark?: string
}

export function RaiseOrder({ onRaised, ...control }: DialogControl & { onRaised: (order: FeeOrderDetail) => void }) {
  return (
    <SubmitModalForm<RaiseValues, FeeOrderDetail>
      {...control}
      title='开具缴费单'
      width={720}
      initialValues={{ items: [{ quantity: 1 }], academicYear: academicYears()[1] }}
      onSubmit={(v) => {
        const input = v.feeStandardId
          ? { studentId: v.studentId, feeStandardId: v.feeStandardId, remark: v.remark?.trim() || undefined }
          : {
              studentId: v.studentId,
              feeKind: v.feeKind as FeeOrder['feeKind'],
              academicYear: v.academicYear,
              items: toItems(v.items),
              remark: v.remark?.trim() || undefined,
            }
        return feesApi.raise(input)
      }}
      success={(raised) => `缴费单 ${raised.orderNo} 已开具，学员可在「我的缴费」中支付`}
      onDone={onRaised}
    >
      <Form.Item name='studentId' label='学员' rules={[{ required: true, message: '请选择学员' }]}>
        <StudentSelect className='console-field-lg' />
      </Form.Item>
      <SelectField
        name='feeStandardId'
        label='收费标准'
        width='lg'
        placeholder='按收费标准开单（不选则填写明细）'
        allowClear
        request={async () =>
          (await feesApi.standards({ page: 1, size: 100 })).list.map((s) => ({
            value: s.id,
            label: `${s.name} ${s.school} ${s.major} ${s.level} ${formatYuan(s.amount)}`,
          }))
        }
      />
      <FormDependency name={['feeStandardId']}>
        {({ feeStandardId }: { feeStandardId?: number }) =>
          feeStandardId ? null : (
            <>
              <FeeKindYearFields />
              <ItemsField
                label='缴费明细'
                example='教材费'
                nameRules={[{ required: true, whitespace: true, message: '请填写项目名称' }, { max: 60 }]}
              />
            </>
          )
        }
      </FormDependency>
      <TextAreaField name='remark' label='备注' fieldProps={{ rows: 2, maxLength: 200, showCount: true }} />
    </SubmitModalForm>
  )
}
