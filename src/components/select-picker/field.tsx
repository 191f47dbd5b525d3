import { Text, View } from '@tarojs/components'
import './field.scss'

export interface PickerFieldProps {
  /** The chosen item's text, or null when nothing is chosen. */
  label: string | null
  placeholder: string
  disabled: boolean
}

/** What a picker shows in the form: the chosen text (or the grey placeholder) and an arrow. */
export default function PickerField({ label, placeholder, disabled }: PickerFieldProps) {
  const empty = label === null || label === ''
  return (
    <View className={`app-picker-field${disabled ? ' app-picker-field--disabled' : ''}`}>
      <Text className={`app-picker-field__text${empty ? ' app-picker-field__text--placeholder' : ''}`}>{empty ? placeholder : label}</Text>
      <View className='app-picker-field__arrow' />
    </View>
  )
}
