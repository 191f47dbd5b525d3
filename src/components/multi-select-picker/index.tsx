import { Picker } from '@tarojs/components'
import PickerField from '../select-picker/field'
import { indexOfValue, labelOf, valueOf, type PickerItem } from '../select-picker/match'
import { PICKER_PLACEHOLDER } from '../select-picker'

export interface MultiSelectPickerProps<T extends PickerItem = PickerItem> {
  /** The columns, each a list of choices. */
  range: T[][]
  /** For object choices, the field shown as the text. */
  rangeKey?: string
  /** The current value, one entry per column: the item, or its valueKey field. */
  value?: unknown[]
  /** For object choices, the field emitted and matched instead of the whole item. */
  valueKey?: string
  /** Shown while nothing is chosen. @default '请选择' */
  placeholder?: string
  /** Between the column texts in the field. @default ' ' */
  separator?: string
  /** @default false */
  disabled?: boolean
  /** A choice was made: one value per column (item or valueKey field), then the items and indexes. */
  onChange?: (values: unknown[], items: T[], indexes: number[]) => void
  /** A column was scrolled before confirming (to fill a dependent column). */
  onColumnChange?: (column: number, index: number) => void
  className?: string
}

/** The multi-column select picker: independent columns, e.g. year and batch. */
export default function MultiSelectPicker<T extends PickerItem>({
  range,
  rangeKey,
  value = [],
  valueKey,
  placeholder = PICKER_PLACEHOLDER,
  separator = ' ',
  disabled = false,
  onChange,
  onColumnChange,
  className,
}: MultiSelectPickerProps<T>) {
  const indexes = range.map((column, c) => indexOfValue(column, value[c], valueKey))
  const chosen = indexes.length > 0 && indexes.every((i) => i >= 0)
  const label = chosen ? indexes.map((i, c) => labelOf(range[c]?.[i], rangeKey) ?? '').join(separator) : null
  return (
    <Picker
      className={['app-select-picker', 'app-select-picker--multi', className ?? ''].join(' ').trim()}
      mode='multiSelector'
      range={range as Array<Record<string, unknown>[]>}
      rangeKey={rangeKey}
      value={indexes.map((i) => Math.max(i, 0))}
      disabled={disabled}
      onColumnChange={(e) => onColumnChange?.(Number(e.detail.column), Number(e.detail.value))}
      onChange={(e) => {
        const picked = (e.detail.value as Array<number | string>).map(Number)
        const items = picked.map((i, c) => range[c]?.[i])
        if (items.some((item) => item === undefined)) return
        const sure = items as T[]
        onChange?.(
          sure.map((item) => valueOf(item, valueKey)),
          sure,
          picked,
        )
      }}
    >
      <PickerField label={label} placeholder={placeholder} disabled={disabled} />
    </Picker>
  )
}
