/**
 * The reason an operator gives for a decision (驳回, 拒绝, 标记无效, 变更): required, at most 200
 * characters, counted as typed. `rule` names it in the messages when the label says more
 * (`label='拒绝原因（合伙人可见）' rule='拒绝原因'`).
 */
import { TextAreaField } from './form'
import { requiredText } from '../form-rules'

export interface ReasonFieldProps {
  label: string
  placeholder?: string
  /** The field's name. @default 'reason' */
  name?: string
  /** The reason's name in the messages (请填写…, …不能超过200个字符). @default label */
  rule?: string
  /** The box's height in lines; antd's own when left out. */
  rows?: number
}

export function ReasonField({ label, placeholder, name = 'reason', rule = label, rows }: ReasonFieldProps) {
  return (
    <TextAreaField
      name={name}
      label={label}
      placeholder={placeholder}
      fieldProps={rows === undefined ? { maxLength: 200, showCount: true } : { maxLength: 200, showCount: true, rows }}
      rules={requiredText(rule, 200)}
    />
  )
}
