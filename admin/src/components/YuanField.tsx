/**
 * A money field typed in yuan (two decimals at most) whose value stays the typed text; the form's
 * submit turns it into fen with parseYuan (@activity/money), the only conversion.
 */
import { TextField } from './form'
import type { Rule } from 'antd/es/form'
import { formatYuan, parseYuan } from '@activity/money'

export interface YuanFieldProps {
  name: string | Array<string | number>
  label?: string
  /** fen */
  min?: number
  /** fen */
  max?: number
  required?: boolean
  placeholder?: string
  width?: 'xs' | 'sm' | 'md' | 'lg' | 'xl'
  extra?: string
}

/** The validation rules of a yuan amount between `min` and `max` fen. */
export function yuanRules({ label = '金额', min = 0, max = 100_000_000, required = true }: Omit<YuanFieldProps, 'name'>): Rule[] {
  return [
    ...(required ? [{ required: true, message: `请填写${label}` }] : []),
    {
      validator: async (_rule, value: unknown) => {
        if (value === undefined || value === null || value === '') return
        const fen = parseYuan(String(value), { negative: true })
        if (fen === null) throw new Error(`${label}须为数字，最多两位小数`)
        if (fen < min) throw new Error(`${label}不能小于 ${formatYuan(min, { symbol: false })} 元`)
        if (fen > max) throw new Error(`${label}不能大于 ${formatYuan(max, { symbol: false })} 元`)
      },
    },
  ]
}

export function YuanField({ name, label = '金额', min, max, required, placeholder, width = 'sm', extra }: YuanFieldProps) {
  return (
    <TextField
      name={name}
      label={label}
      width={width}
      extra={extra}
      placeholder={placeholder ?? '单位：元'}
      fieldProps={{ prefix: '¥', suffix: '元', inputMode: 'decimal', autoComplete: 'off' }}
      rules={yuanRules({ label, min, max, required })}
    />
  )
}
