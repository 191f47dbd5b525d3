/**
 * A console list's columns: one description per column gives its cell in the table and, unless
 * told otherwise, its field in the filter bar (the same shape as pro-table's columns, the part the
 * console uses).
 *
 *   { title: '状态', dataIndex: 'status', valueType: 'select', ...enumColumn(CLUE_STATUS_ENUM) }
 *   { title: '登记时间', dataIndex: 'created', valueType: 'dateRange', hideInTable: true }
 *   { title: '操作', valueType: 'option', fixed: 'right', render: (_, row) => <Link ... /> }
 */
import { QuestionCircleOutlined } from '@ant-design/icons'
import { Space, type TableColumnType, Tooltip, Typography } from 'antd'
import type { Rule } from 'antd/es/form'
import type { ReactNode } from 'react'
import type { EnumItem } from '../status'
import type { SortOrder } from '../../hooks/list-state'

/** What a list screen may ask of its table: ask for the same page again (after an action). */
export interface ListAction {
  reload: () => void
}

export interface FilterOption {
  value: string | number
  label: ReactNode
}

export interface ListColumn<T> {
  title: ReactNode
  /** The row's field shown in the cell, and the filter's name in the address. */
  dataIndex?: string
  key?: string
  /** How the filter asks (text by default) and how a bare cell shows its value; `option` is the actions' column, never a filter. */
  valueType?: 'text' | 'select' | 'date' | 'dateRange' | 'digit' | 'option'
  /** A select's options and a cell's text by value (components/status.tsx). */
  valueEnum?: Partial<Record<string, EnumItem>>
  /** The cell (`dom` is what the column shows without it). */
  render?: (dom: ReactNode, row: T, index: number, action: ListAction | undefined, column: ListColumn<T>) => ReactNode
  width?: number | string
  align?: 'left' | 'right' | 'center'
  fixed?: 'left' | 'right'
  ellipsis?: boolean
  /** A 复制 button after a bare cell's text. */
  copyable?: boolean
  /** Sorted by the server: the column's header sorts. */
  sorter?: boolean
  /** A hint after the column's title. */
  tooltip?: string
  /** Not a filter. */
  search?: false
  hideInSearch?: boolean
  /** A filter only. */
  hideInTable?: boolean
  /** Given to the filter's field (placeholder, options, showSearch, min...). */
  fieldProps?: Record<string, unknown>
  formItemProps?: { rules?: Rule[] }
  /** The filter's field, when none of the value types fits (a partner picker). */
  renderFormItem?: () => ReactNode
  /**
   * A select filter's options, asked for once when the list opens, or, with `dependencies`, again
   * whenever those filters change in the bar (a course's chapters once a course is chosen).
   */
  request?: (values: Record<string, unknown>) => Promise<FilterOption[]>
  dependencies?: string[]
  /** Filters with a higher order come first. */
  order?: number
}

const EMPTY = '-'

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
}

/** The column's filter options: given, from its enum, or asked for (`asked`). */
export function optionsOf<T>(column: ListColumn<T>, asked?: FilterOption[]): FilterOption[] | undefined {
  // Options given as they are, or as plain texts (学年 2025-2026).
  const given = column.fieldProps?.options as Array<FilterOption | string> | undefined
  if (given) return given.map((o) => (typeof o === 'string' ? { value: o, label: o } : o))
  if (column.valueEnum) {
    return Object.entries(column.valueEnum).map(([value, item]) => ({ value, label: item?.text ?? value }))
  }
  return asked
}

/** A bare cell: the value, its enum's or option's text, or '-' when there is none. */
export function cellOf<T>(column: ListColumn<T>, row: T, asked?: FilterOption[]): ReactNode {
  const value = column.dataIndex === undefined ? undefined : (row as Record<string, unknown>)[column.dataIndex]
  if (isEmpty(value)) return EMPTY
  if (column.valueType === 'select') {
    const option = optionsOf(column, asked)?.find((o) => String(o.value) === String(value))
    if (option) return option.label
  }
  const text = String(value)
  return column.copyable ? <Typography.Text copyable={{ text }}>{text}</Typography.Text> : text
}

export function titleOf<T>(column: ListColumn<T>): ReactNode {
  if (!column.tooltip) return column.title
  return (
    <span className='console-nowrap'>
      {column.title}{' '}
      <Tooltip title={column.tooltip}>
        <QuestionCircleOutlined aria-label={column.tooltip} className='console-list__hint' />
      </Tooltip>
    </span>
  )
}

/**
 * A column as antd's Table draws it: its title (with its hint), the bare cell (cellOf, with the
 * options asked for its filter) unless the column renders its own, a list of links spaced as one
 * row of actions; a sorted column shows `sort`'s order.
 */
export function tableColumnOf<T>(
  column: ListColumn<T>,
  i: number,
  { asked, action, sort }: { asked?: Record<string, FilterOption[]>; action?: ListAction; sort?: { field: string; order: SortOrder } } = {},
): TableColumnType<T> {
  const key = column.key ?? column.dataIndex ?? String(i)
  return {
    key,
    title: titleOf(column),
    dataIndex: column.dataIndex,
    width: column.width,
    align: column.align,
    fixed: column.fixed,
    ellipsis: column.ellipsis,
    sorter: column.sorter ? true : undefined,
    sortOrder: column.sorter ? (sort?.field === key ? sort.order : null) : undefined,
    render: (_: unknown, row: T, index: number) => {
      const dom = cellOf(column, row, column.dataIndex ? asked?.[column.dataIndex] : undefined)
      const cell = column.render ? column.render(dom, row, index, action, column) : dom
      return Array.isArray(cell) ? <Space size='middle'>{cell}</Space> : cell
    },
  }
}

/** The columns that are filters, in their order. */
export function filterColumns<T>(columns: ListColumn<T>[]): ListColumn<T>[] {
  return columns
    .filter((c) => c.dataIndex && c.search !== false && !c.hideInSearch && c.valueType !== 'option')
    .map((c, i) => ({ c, i }))
    .sort((a, b) => (b.c.order ?? 0) - (a.c.order ?? 0) || a.i - b.i)
    .map(({ c }) => c)
}
