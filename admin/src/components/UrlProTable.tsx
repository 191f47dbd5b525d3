/**
 * Every console list: a ProTable whose filters, page, page size and sort live in the address
 * (hooks/list-state.ts), fetched page by page from the server, with the server's refusal shown in
 * place of the rows and a retry. A screen gives columns and a `fetch` that turns the list state
 * into its API call.
 *
 * The address is the source of truth: the table's form and pager start from it; every request
 * the table makes writes its state back (a new history entry, so Back returns to the previous
 * filters); an address changed from outside (Back, a link from the dashboard) remounts the table.
 */
import { type ActionType, ProTable, type ProColumns, type ProTableProps } from '@ant-design/pro-components'
import type { Page } from '@activity/wire'
import { Button } from 'antd'
import { type MutableRefObject, type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { LoadFailure } from './LoadFailure'
import { type ListState, cleanFilters, PAGE_SIZES, readListState, type SortOrder, sortFromTable, writeListState } from '../hooks/list-state'
import type { ScreenPreload } from '../screen-preload'

export interface UrlProTableProps<T extends Record<string, unknown>> extends Omit<
  ProTableProps<T, Record<string, unknown>>,
  'request' | 'params' | 'pagination' | 'form' | 'onSubmit' | 'onReset' | 'columns'
> {
  columns: ProColumns<T>[]
  /** One page from the server for this state (filters as the address holds them). */
  fetch: (state: ListState) => Promise<Page<T>>
  /** Filters holding two values (date ranges) or several. */
  arrayKeys?: readonly string[]
  /** Called with the state of each page shown (an export link uses the current filters). */
  onState?: (state: ListState) => void
  /** Filters that are always on (a partner's own clues on its detail page); not written to the address. */
  fixed?: Record<string, string>
  /** Keep this table's state out of the address (a second table on the same screen). */
  local?: boolean
  emptyText?: ReactNode
}

/**
 * A list screen's `preload` (routes.tsx): the page its table asks for first, read from the address
 * the way the table reads it, sent before the screen renders.
 */
export function listPreload(fetch: (state: ListState) => Promise<unknown>, arrayKeys: readonly string[] = []): ScreenPreload {
  return ({ search }) => void fetch(readListState(search, { arrayKeys }))
}

/**
 * The select-all checkbox of a table with selectable rows, drawn in the header only. A table that
 * scrolls sideways (scroll.x) draws its column titles a second time in a row that measures the
 * columns, hidden from assistive technology (aria-hidden); a checkbox there is focusable inside a
 * hidden row (WCAG 4.1.2). Its copy in that row finds itself there and draws nothing: the selection
 * column has a fixed width, so the measure does not change.
 */
function HeaderOnly({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const [measuring, setMeasuring] = useState(false)
  useLayoutEffect(() => {
    if (ref.current?.closest('[aria-hidden="true"]')) setMeasuring(true)
  }, [])
  // antd's own wrapper of the select-all checkbox (a custom column title replaces it).
  return measuring ? null : (
    <div ref={ref} className='ant-table-selection'>
      {children}
    </div>
  )
}

export function UrlProTable<T extends Record<string, unknown>>({
  columns,
  fetch,
  arrayKeys = [],
  onState,
  fixed,
  local = false,
  emptyText,
  actionRef: givenActionRef,
  search: givenSearch,
  rowSelection,
  ...rest
}: UrlProTableProps<T>) {
  const [searchParams, setSearchParams] = useSearchParams()
  const [localSearch, setLocalSearch] = useState(() => new URLSearchParams())
  const search = local ? localSearch : searchParams
  const options = useMemo(() => ({ arrayKeys }), [arrayKeys])
  const state = readListState(search, options)
  const ownActionRef = useRef<ActionType>(undefined)
  // The screen's ref when it gives one (to reload after an action), so 重试 reaches the same table.
  const actionRef = (givenActionRef as MutableRefObject<ActionType | undefined> | undefined) ?? ownActionRef
  const [failure, setFailure] = useState<string>()

  // An address this table did not write (Back/Forward, a link) remounts the table from it.
  const written = useRef(search.toString())
  const generation = useRef(0)
  if (search.toString() !== written.current) {
    written.current = search.toString()
    generation.current += 1
  }

  const write = (next: ListState) => {
    const params = writeListState(next, options)
    // The same filter in another order (a link from 工作台) is the same address: no new history
    // entry, or Back would stay on this list.
    const sorted = (p: URLSearchParams) =>
      [...p]
        .map(([k, v]) => `${k}=${v}`)
        .sort()
        .join('&')
    if (sorted(params) === sorted(search)) return
    written.current = params.toString()
    if (local) setLocalSearch(params)
    else setSearchParams(params)
  }

  const sortedColumns = columns.map((column) => {
    const key = String(column.dataIndex ?? column.key ?? '')
    if (!column.sorter) return column
    return { ...column, defaultSortOrder: state.sort?.field === key ? state.sort.order : undefined }
  })

  return (
    <>
      {failure ? (
        <LoadFailure
          title='列表加载失败'
          error={failure}
          small
          onRetry={() => void actionRef.current?.reload()}
          className='console-gap-bottom'
        />
      ) : null}
      <ProTable<T, Record<string, unknown>>
        key={generation.current}
        actionRef={actionRef}
        rowKey='id'
        dateFormatter='string'
        columns={sortedColumns}
        form={{ initialValues: state.filters }}
        pagination={{
          defaultCurrent: state.page,
          defaultPageSize: state.size,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
        }}
        search={
          givenSearch === false
            ? false
            : {
                labelWidth: 'auto',
                defaultCollapsed: false,
                ...givenSearch,
                // 重置 empties every filter. (The form's own reset would go back to its initial
                // values, which are the address's filters, and change nothing.)
                optionRender: (_config, { form }, dom) => [
                  <Button
                    key='clear'
                    onClick={() => {
                      const fields = Object.keys(form?.getFieldsValue() ?? {})
                      form?.setFieldsValue(Object.fromEntries(fields.map((name) => [name, undefined])))
                      form?.submit()
                    }}
                  >
                    重置
                  </Button>,
                  ...dom.slice(1),
                ],
              }
        }
        options={{ density: false, setting: false, reload: true }}
        locale={failure ? { emptyText: '加载失败，请重试' } : emptyText ? { emptyText } : undefined}
        request={async (params, sort) => {
          const { current, pageSize, ...values } = params
          const next: ListState = {
            filters: cleanFilters(values),
            page: Number(current) || 1,
            size: Number(pageSize) || state.size,
            sort: sortFromTable(sort as Record<string, SortOrder | null>),
          }
          write(next)
          onState?.(next)
          try {
            const page = await fetch({ ...next, filters: { ...next.filters, ...fixed } })
            setFailure(undefined)
            return { data: page.list, total: page.total, success: true }
          } catch (error) {
            setFailure(error instanceof Error ? error.message : String(error))
            return { data: [], total: 0, success: false }
          }
        }}
        rowSelection={
          rowSelection && !rowSelection.columnTitle
            ? { ...rowSelection, columnTitle: (checkbox: ReactNode) => <HeaderOnly>{checkbox}</HeaderOnly> }
            : rowSelection
        }
        {...rest}
      />
    </>
  )
}
