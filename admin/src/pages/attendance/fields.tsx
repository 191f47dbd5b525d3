/**
 * The timetable forms' own fields, held as the text the server takes: a day (YYYY-MM-DD), a range
 * of days, a start and an end time (HH:mm), the weekdays. Here rather than in components/form: only
 * 排课 and 修改 draw a time picker, and the shared fields would carry it to every form.
 */
import { Checkbox, DatePicker, Form, type FormItemProps, TimePicker } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { framed } from '../../components/form/fields'
import { WEEKDAYS } from './timetable'

/** Without the aria-required Form.Item gives (not allowed on a group of checkboxes); the asterisk and the rule say it. */
const CheckboxGroup = framed(Checkbox.Group)

const DAY = 'YYYY-MM-DD'
const TIME = 'HH:mm'

// ISO texts, which dayjs reads as local time without its custom-format plugin.
const day = (text: unknown) => (typeof text === 'string' && text ? dayjs(text) : undefined)
const time = (text: unknown) => (typeof text === 'string' && text ? dayjs(`2000-01-01T${text}`) : undefined)
const texts = (days: [Dayjs | null, Dayjs | null] | null | undefined, format: string) =>
  days?.[0] && days[1] ? [days[0].format(format), days[1].format(format)] : undefined

type ItemProps = Pick<FormItemProps, 'name' | 'label' | 'rules' | 'extra'>

export function DayField(props: ItemProps) {
  return (
    <Form.Item {...props} getValueProps={(text: unknown) => ({ value: day(text) })} normalize={(d: Dayjs | null) => d?.format(DAY)}>
      <DatePicker className='console-field-sm' />
    </Form.Item>
  )
}

export function DayRangeField(props: ItemProps) {
  return (
    <Form.Item
      {...props}
      getValueProps={(value: unknown) => ({ value: Array.isArray(value) ? [day(value[0]), day(value[1])] : undefined })}
      normalize={(days: [Dayjs | null, Dayjs | null] | null) => texts(days, DAY)}
    >
      <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
    </Form.Item>
  )
}

export function TimeRangeField(props: ItemProps) {
  return (
    <Form.Item
      {...props}
      getValueProps={(value: unknown) => ({ value: Array.isArray(value) ? [time(value[0]), time(value[1])] : undefined })}
      normalize={(times: [Dayjs | null, Dayjs | null] | null) => texts(times, TIME)}
    >
      <TimePicker.RangePicker format={TIME} minuteStep={5} needConfirm={false} placeholder={['上课时间', '下课时间']} />
    </Form.Item>
  )
}

export function WeekdaysField(props: ItemProps) {
  return (
    <Form.Item {...props}>
      <CheckboxGroup options={WEEKDAYS.map((w) => ({ value: w.value, label: w.label }))} />
    </Form.Item>
  )
}
