import { Text, View } from '@tarojs/components'
import { press } from '../../platform/press'
import { usePickerKeyboard } from './keyboard'
import './field.scss'

export interface PickerFieldProps {
  /** The chosen item's text, or null when nothing is chosen. */
  label: string | null
  placeholder: string
  disabled: boolean
}

/**
 * What a picker shows in the form: the chosen text (or the grey placeholder) and an arrow. A
 * button for the keyboard and screen readers, named by the placeholder (请选择请假类型) and the
 * choice; the tap itself reaches the Picker around it, which opens its sheet.
 */
export default function PickerField({ label, placeholder, disabled }: PickerFieldProps) {
  const empty = label === null || label === ''
  const keys = usePickerKeyboard<HTMLElement>(placeholder)
  return (
    <View
      ref={keys}
      className={`app-picker-field${disabled ? ' app-picker-field--disabled' : ''}`}
      {...press(() => undefined, { label: empty ? placeholder : `${placeholder}：${label}`, disabled })}
    >
      <Text className={`app-picker-field__text${empty ? ' app-picker-field__text--placeholder' : ''}`}>{empty ? placeholder : label}</Text>
      <View className='app-picker-field__arrow' />
    </View>
  )
}
