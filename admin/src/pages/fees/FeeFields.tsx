/** The fee kind and the academic year a fee is for: asked the same way by 收费标准 and 开具缴费单. */
import { SelectField } from '../../components/form'
import { FEE_KINDS } from '@activity/wire'
import { academicYears } from './fee-logic'

export function FeeKindYearFields() {
  return (
    <>
      <SelectField
        name='feeKind'
        label='费用类型'
        width='sm'
        options={[...FEE_KINDS]}
        rules={[{ required: true, message: '请选择费用类型' }]}
      />
      <SelectField
        name='academicYear'
        label='学年'
        width='sm'
        options={academicYears()}
        rules={[{ required: true, message: '请选择学年' }]}
      />
    </>
  )
}
