/**
 * The console's wording for a required text field: not blank, and at most `max` characters.
 * `requiredText('档位名称', 20)` is `请填写档位名称` and `档位名称不能超过20个字符`; the points
 * screens count in 个字 (`unit`).
 */
import type { FormRule } from 'antd'

export function requiredText(label: string, max: number, unit: '个字符' | '个字' = '个字符'): FormRule[] {
  return [
    { required: true, whitespace: true, message: `请填写${label}` },
    { max, message: `${label}不能超过${max}${unit}` },
  ]
}
