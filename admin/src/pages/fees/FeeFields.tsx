/** The fee kind and the academic year a fee is for: asked the same way by 收费标准 and 开具缴费单. */
import { ProFormSelect } from '@ant-design/pro-components'
import { FEE_KINDS } from '@activity/wire'
import { academicYears } from './fee-logic'

export function FeeKindYearFields() {
  return (
    <>
      <ProFormSelect
        name='feeKind'
        label='费用类型'
        width='sm'
        options={[...FEE_KINDS]}
        rules={[{ required: true, message: '请选择费用类型' }]}
      />
      <ProFormSelect
        name='academicYear'
        label='学年'
        width='sm'
        options={academicYears()}
        rules={[{ required: true, message: '请选择学年' }]}
      />
    </>
  )
}
