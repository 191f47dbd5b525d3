/**
 * The console's form fields: an antd Form.Item with its label, rules and help, around one antd
 * control. A field takes the item's props (name, label, rules, extra, tooltip, dependencies), a
 * `width` for the control, a `placeholder` (请输入 / 请选择 when left out) and the control's own
 * props as `fieldProps`:
 *
 *   <TextField name='name' label='部门名称' width='md' rules={requiredText('部门名称', 50)} />
 *   <SelectField name='leaderId' label='负责人' request={leaderOptions} showSearch allowClear />
 *
 * A screen loads only these common controls (pro-form's fields brought every value type along:
 * colour picker, slider, tree select, rate…); the cascader, which two forms draw, is imported from
 * ./cascader by them alone.
 */
import {
  DatePicker,
  type DatePickerProps,
  Form,
  type FormItemProps,
  Input,
  InputNumber,
  type InputNumberProps,
  type InputProps,
  Radio,
  type RadioGroupProps,
  Select,
  type SelectProps,
  Space,
  Switch,
  type SwitchProps,
} from 'antd'
import type { NamePath } from 'antd/es/form/interface'
import type { PasswordProps, TextAreaProps } from 'antd/es/input'
import type { RangePickerProps } from 'antd/es/date-picker'
import type { Dayjs } from 'dayjs'
import { type ComponentType, type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { fromPicker, toPicker } from './values'

/** A control's width: antd's grid of form widths (xs 104, sm 216, md 328, lg 440, xl 552 px), or pixels. */
export type FieldWidth = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number

const WIDTHS = { xs: 104, sm: 216, md: 328, lg: 440, xl: 552 } as const

/** The control's style for `width`: that wide, never wider than the form. */
export function widthStyle(width: FieldWidth | undefined, style?: CSSProperties): CSSProperties | undefined {
  if (width === undefined) return style
  return { width: typeof width === 'number' ? width : WIDTHS[width], maxWidth: '100%', ...style }
}

/** What every field takes for its Form.Item. */
export interface FieldProps<P> extends Pick<FormItemProps, 'label' | 'rules' | 'extra' | 'tooltip' | 'dependencies' | 'initialValue'> {
  name: NamePath
  placeholder?: string
  width?: FieldWidth
  disabled?: boolean
  /** The control's own props. */
  fieldProps?: P
}

export function itemProps<P>({ name, label, rules, extra, tooltip, dependencies, initialValue }: FieldProps<P>): FormItemProps {
  return { name, label, rules, extra, tooltip, dependencies, initialValue }
}

export function TextField(props: FieldProps<InputProps>) {
  const { placeholder = '请输入', width, disabled, fieldProps } = props
  return (
    <Form.Item {...itemProps(props)}>
      <Input placeholder={placeholder} disabled={disabled} {...fieldProps} style={widthStyle(width, fieldProps?.style)} />
    </Form.Item>
  )
}

export function PasswordField(props: FieldProps<PasswordProps>) {
  const { placeholder = '请输入', width, disabled, fieldProps } = props
  return (
    <Form.Item {...itemProps(props)}>
      <Input.Password placeholder={placeholder} disabled={disabled} {...fieldProps} style={widthStyle(width, fieldProps?.style)} />
    </Form.Item>
  )
}

export function TextAreaField(props: FieldProps<TextAreaProps>) {
  const { placeholder = '请输入', width, disabled, fieldProps } = props
  return (
    <Form.Item {...itemProps(props)}>
      <Input.TextArea placeholder={placeholder} disabled={disabled} {...fieldProps} style={widthStyle(width, fieldProps?.style)} />
    </Form.Item>
  )
}

export function NumberField(props: FieldProps<InputNumberProps<number>> & { min?: number; max?: number }) {
  const { placeholder = '请输入', width, disabled, fieldProps, min, max } = props
  return (
    <Form.Item {...itemProps(props)}>
      <InputNumber<number>
        placeholder={placeholder}
        disabled={disabled}
        min={min}
        max={max}
        {...fieldProps}
        style={widthStyle(width, fieldProps?.style)}
      />
    </Form.Item>
  )
}

export interface Option {
  label: ReactNode
  value: string | number
  disabled?: boolean
}

export interface SelectFieldProps extends FieldProps<SelectProps> {
  /** The choices; a text is its own label and value. */
  options?: Array<Option | string>
  /**
   * The options from the server, asked once when the field is drawn; with `debounceTime` they are
   * asked again for what is typed (`keyWords`), that long after the last key, and the server's
   * answer is shown as it is (not filtered again by the typed text).
   */
  request?: (params: { keyWords?: string }) => Promise<Option[]>
  debounceTime?: number
  showSearch?: boolean
  allowClear?: boolean
}

/**
 * Form.Item marks its control aria-required. antd's Select and Cascader put it on their frame (a
 * div without a role), where ARIA does not allow it, so such a control is given it not
 * (`framed(Select)`); the label's asterisk and the rule's message say the field is needed.
 */
export function framed<P extends object>(Control: ComponentType<P>) {
  return function Framed({ 'aria-required': _required, ...props }: P & { 'aria-required'?: unknown }) {
    return <Control {...(props as P)} />
  }
}

const FramedSelect = framed<SelectProps>(Select)

export function SelectField(props: SelectFieldProps) {
  const { placeholder = '请选择', width, disabled, fieldProps, options, request, debounceTime, showSearch, allowClear } = props
  const remote = useRemoteOptions(request, debounceTime)
  const searchRemotely = request !== undefined && debounceTime !== undefined
  return (
    <Form.Item {...itemProps(props)}>
      <FramedSelect
        placeholder={placeholder}
        disabled={disabled}
        allowClear={allowClear}
        showSearch={showSearch}
        options={options?.map((o) => (typeof o === 'string' ? { label: o, value: o } : o)) ?? remote.options}
        loading={remote.loading}
        optionFilterProp='label'
        {...(searchRemotely ? { filterOption: false, onSearch: remote.search } : {})}
        {...fieldProps}
        style={widthStyle(width, fieldProps?.style)}
      />
    </Form.Item>
  )
}

/** A select's options from `request`: once when drawn, then (given a debounce) for each search. */
function useRemoteOptions(request: SelectFieldProps['request'], debounceTime: number | undefined) {
  const [options, setOptions] = useState<Option[]>()
  const [loading, setLoading] = useState(false)
  const latest = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const requestRef = useRef(request)
  requestRef.current = request
  const ask = useMemo(
    () => (keyWords?: string) => {
      const ask = requestRef.current
      if (!ask) return
      const turn = ++latest.current
      setLoading(true)
      ask({ keyWords }).then(
        (answer) => {
          if (turn !== latest.current) return
          setOptions(answer)
          setLoading(false)
        },
        // A failed ask leaves the options as they were; the API client has said why.
        () => {
          if (turn === latest.current) setLoading(false)
        },
      )
    },
    [],
  )
  useEffect(() => {
    // Answers arriving after the field is gone are dropped, and a search waiting is not sent.
    const turns = latest
    const waiting = timer
    if (requestRef.current) ask()
    return () => {
      turns.current++
      clearTimeout(waiting.current)
    }
  }, [ask])
  const search = (keyWords: string) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => ask(keyWords || undefined), debounceTime)
  }
  return { options, loading, search }
}

/** antd passes the role on to the group's element, though its props do not name it. */
const RADIO_GROUP = { role: 'radiogroup' }

export function RadioField(props: FieldProps<RadioGroupProps> & { options: RadioGroupProps['options']; radioType?: 'button' | 'radio' }) {
  const { disabled, fieldProps, options, radioType } = props
  return (
    <Form.Item {...itemProps(props)}>
      {/* A radio group by role, so the state Form.Item passes on (aria-required, aria-invalid) is allowed on it. */}
      <Radio.Group
        {...RADIO_GROUP}
        options={options}
        disabled={disabled}
        optionType={radioType === 'button' ? 'button' : 'default'}
        {...fieldProps}
      />
    </Form.Item>
  )
}

export function SwitchField(props: Omit<FieldProps<SwitchProps>, 'placeholder' | 'width'>) {
  const { disabled, fieldProps } = props
  return (
    <Form.Item {...itemProps(props)} valuePropName='checked'>
      <Switch disabled={disabled} {...fieldProps} />
    </Form.Item>
  )
}

/**
 * A date and time, held as wall-clock text (values.ts DATE_TIME_FORMAT): what the screens send on
 * (through format.ts officeInstant) and what their validators compare.
 */
export function DateTimeField(props: FieldProps<DatePickerProps>) {
  const { placeholder = '请选择', width, disabled, fieldProps } = props
  return (
    <Form.Item {...itemProps(props)} getValueProps={(text: unknown) => ({ value: toPicker(text) })} normalize={fromPicker}>
      <DatePicker showTime placeholder={placeholder} disabled={disabled} {...fieldProps} style={widthStyle(width, fieldProps?.style)} />
    </Form.Item>
  )
}

/** A start and an end, each held as wall-clock text like DateTimeField's. */
export function DateTimeRangeField(props: Omit<FieldProps<RangePickerProps>, 'placeholder'>) {
  const { width, disabled, fieldProps } = props
  return (
    <Form.Item
      {...itemProps(props)}
      getValueProps={(texts: unknown) => ({ value: Array.isArray(texts) ? [toPicker(texts[0]), toPicker(texts[1])] : undefined })}
      normalize={(days: [Dayjs | null, Dayjs | null] | null) => (days ? [fromPicker(days[0]), fromPicker(days[1])] : undefined)}
    >
      <DatePicker.RangePicker showTime disabled={disabled} {...fieldProps} style={widthStyle(width, fieldProps?.style)} />
    </Form.Item>
  )
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the values are the form's, as each screen types them
type Values = Record<string, any>

/** Fields side by side, wrapping on a narrow window. */
export function FieldGroup({ children }: { children: ReactNode }) {
  return (
    <Space align='start' wrap size={[24, 0]}>
      {children}
    </Space>
  )
}

/**
 * Draws `children` with the current values of the fields named, again whenever one of them
 * changes (a field shown only for one choice of another).
 */
export function FormDependency({ name, children }: { name: readonly string[]; children: (values: Values) => ReactNode }) {
  return (
    // Not `dependencies`: that answers a change of the named value itself, not of a part of it (a
    // row's price in a list). The store is replaced along the changed path, so a changed part makes
    // a new value at the top.
    <Form.Item noStyle shouldUpdate={(before: Values, after: Values) => name.some((n) => before[n] !== after[n])}>
      {({ getFieldValue }) => children(Object.fromEntries(name.map((n) => [n, getFieldValue(n) as unknown])))}
    </Form.Item>
  )
}
