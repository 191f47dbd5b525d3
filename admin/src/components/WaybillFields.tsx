/**
 * A parcel's carrier and waybill in a form (填写运单 of a mailing, 发货 of an exchange): the
 * carrier from the list the tracking service knows (its code is sent), the waybill 6 to 30
 * letters or digits, as the server checks them.
 */
import { CARRIERS } from '@activity/wire'
import { SelectField, TextField } from './form'

const CARRIER_OPTIONS = CARRIERS.map((c) => ({ value: c.code, label: c.name }))
const WAYBILL = /^[A-Za-z0-9]{6,30}$/

export function WaybillFields({
  carrier = 'carrier',
  number = 'waybillNo',
  numberLabel = '运单号',
}: {
  /** The fields' names in the form's values. */
  carrier?: string
  number?: string
  /** What the waybill is called on this screen (运单号, 快递单号). */
  numberLabel?: string
}) {
  return (
    <>
      <SelectField
        name={carrier}
        label='快递公司'
        width='md'
        showSearch
        options={CARRIER_OPTIONS}
        rules={[{ required: true, message: '请选择快递公司' }]}
      />
      <TextField
        name={number}
        label={numberLabel}
        width='md'
        placeholder='如 SF1234567890'
        fieldProps={{ autoComplete: 'off' }}
        rules={[
          { required: true, whitespace: true, message: `请填写${numberLabel}` },
          { pattern: WAYBILL, message: `${numberLabel}应为6到30位字母或数字` },
        ]}
      />
    </>
  )
}
