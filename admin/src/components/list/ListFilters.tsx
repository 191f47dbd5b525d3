/**
 * A list's filter bar: one field per filter column (text, select, date, date range, number or the
 * column's own), 重置 and 查询 at the end of the last row. It starts from the address's filters
 * and gives back the filters asked for; the list writes them to the address.
 */
import { Button, DatePicker, Form, Input, InputNumber, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react'
import { cleanFilters, type FilterValue } from '../../hooks/list-state'
import { type FilterOption, type ListColumn, optionsOf } from './columns'

export interface ListFiltersProps<T> {
  columns: ListColumn<T>[]
  filters: Record<string, FilterValue>
  /** Options asked for by the columns' `request`, by dataIndex. */
  asked: Record<string, FilterOption[]>
  /** A field's share of a row, of 24 (6: four to a row). */
  span: number
  onSubmit: (filters: Record<string, FilterValue>) => void
}

const isDate = (column: ListColumn<unknown>) => column.valueType === 'date' || column.valueType === 'dateRange'

/** The address's text as the field's value (dates as dayjs). */
function fieldValue(column: ListColumn<unknown>, value: FilterValue | undefined): unknown {
  if (value === undefined || !isDate(column)) return value
  const day = (text: string) => (dayjs(text).isValid() ? dayjs(text) : undefined)
  return Array.isArray(value) ? value.map(day) : day(value)
}

/** A select whose options depend on other filters in the bar (a course's chapters): asked again as they change. */
function DependentSelect<T>({ column, ...control }: { column: ListColumn<T>; value?: unknown; onChange?: (value: unknown) => void }) {
  const form = Form.useFormInstance()
  const watched = Form.useWatch((values: Record<string, unknown>) => {
    return Object.fromEntries((column.dependencies ?? []).map((name) => [name, values[name]]))
  }, form)
  const [options, setOptions] = useState<FilterOption[]>([])
  const key = JSON.stringify(watched ?? {})
  useEffect(() => {
    let current = true
    column.request!(JSON.parse(key) as Record<string, unknown>).then(
      (list) => current && setOptions(list),
      () => current && setOptions([]),
    )
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again when the filters it depends on change
  }, [key])
  return <Select allowClear placeholder='请选择' {...column.fieldProps} {...control} options={options} />
}

function field<T>(column: ListColumn<T>, asked: FilterOption[] | undefined): ReactNode {
  if (column.renderFormItem) return column.renderFormItem()
  if (column.request && column.dependencies) return <DependentSelect column={column} />
  const props = column.fieldProps ?? {}
  switch (column.valueType) {
    case 'select':
      return <Select allowClear placeholder='请选择' {...props} options={optionsOf(column, asked)} />
    case 'date':
      return <DatePicker className='console-full-width' placeholder='请选择' {...props} />
    case 'dateRange':
      return <DatePicker.RangePicker className='console-full-width' placeholder={['开始日期', '结束日期']} {...props} />
    case 'digit':
      return <InputNumber className='console-full-width' placeholder='请输入' {...props} />
    default:
      return <Input allowClear placeholder='请输入' {...props} />
  }
}

export function ListFilters<T>({ columns, filters, asked, span, onSubmit }: ListFiltersProps<T>) {
  const [form] = Form.useForm()
  const initialValues = Object.fromEntries(columns.map((c) => [c.dataIndex, fieldValue(c as ListColumn<unknown>, filters[c.dataIndex!])]))
  const submit = (values: Record<string, unknown>) => {
    const texts = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [
        k,
        Array.isArray(v) ? v.map((d) => (dayjs.isDayjs(d) ? (d as Dayjs).format('YYYY-MM-DD') : d)) : v,
      ]),
    )
    onSubmit(cleanFilters(texts))
  }
  return (
    <Form
      form={form}
      className='console-list__filters'
      style={{ '--console-list-cols': Math.max(1, Math.floor(24 / span)) } as CSSProperties}
      initialValues={initialValues}
      onFinish={submit}
      aria-label='筛选'
    >
      {columns.map((column) => (
        <Form.Item key={column.dataIndex} name={column.dataIndex} label={column.title} rules={column.formItemProps?.rules}>
          {field(column, asked[column.dataIndex!])}
        </Form.Item>
      ))}
      <div className='console-list__filter-actions'>
        <Button
          onClick={() => {
            form.setFieldsValue(Object.fromEntries(columns.map((c) => [c.dataIndex, undefined])))
            form.submit()
          }}
        >
          重置
        </Button>
        <Button type='primary' htmlType='submit'>
          查询
        </Button>
      </div>
    </Form>
  )
}
