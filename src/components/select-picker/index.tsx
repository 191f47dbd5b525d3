import { Picker } from '@tarojs/components'
import PickerField from './field'
import { indexOfValue, labelOf, valueOf, type PickerItem } from './match'

export type { PickerItem }

/** SPEC.md section 2: a picker with nothing chosen reads 请选择. */
export const PICKER_PLACEHOLDER = '请选择'

export interface SelectPickerProps<T extends PickerItem = PickerItem> {
  /** The choices. */
  range: T[]
  /** For object choices, the field shown as the text. */
  rangeKey?: string
  /** The current value: the chosen item, or its valueKey field. Shown by matching it against range. */
  value?: unknown
  /** For object choices, the field emitted and matched instead of the whole item. */
  valueKey?: string
  /** Shown while nothing is chosen. @default '请选择' */
  placeholder?: string
  /** @default false */
  disabled?: boolean
  /** A choice was made: the item, or its valueKey field; then the item and its index. */
  onChange?: (value: unknown, item: T, index: number) => void
  className?: string
}

/** One-column select picker over a list of strings, numbers or objects. */
export default function SelectPicker<T extends PickerItem>({
  range,
  rangeKey,
  value,
  valueKey,
  placeholder = PICKER_PLACEHOLDER,
  disabled = false,
  onChange,
  className,
}: SelectPickerProps<T>) {
  const index = indexOfValue(range, value, valueKey)
  return (
    <Picker
      className={['app-select-picker', className ?? ''].join(' ').trim()}
      mode='selector'
      range={range as string[] | number[] | Record<string, unknown>[]}
      rangeKey={rangeKey}
      value={Math.max(index, 0)}
      disabled={disabled}
      onChange={(e) => {
        const i = Number(e.detail.value)
        const item = range[i]
        if (item !== undefined) onChange?.(valueOf(item, valueKey), item, i)
      }}
    >
      <PickerField label={labelOf(range[index], rangeKey)} placeholder={placeholder} disabled={disabled} />
    </Picker>
  )
}
