/**
 * Every console list: a filter bar and a table whose filters, page, page size and sort live in
 * the address (hooks/list-state.ts), fetched page by page from the server, with the server's
 * refusal shown in place of the rows and a retry. A screen gives columns (list/columns.tsx) and a
 * `fetch` that turns the list state into its API call.
 *
 * The address is the source of truth: the filter bar, the pager and the sort start from it; 查询,
 * a page, a page size or a sort write the new state to it (a new history entry, so Back returns to
 * the previous filters); the page shown is fetched for the address, whoever changed it (Back, a
 * link from 工作台).
 *
 * Built on antd's Table and Form: pro-table's own (with pro-form and every pro-field) was a third of
 * a list screen's script and rendered each cell through its own layers.
 */
import type { Page } from '@activity/wire'
import { Alert, Button, Table, type TableProps } from 'antd'
import type { SorterResult, TableRowSelection } from 'antd/es/table/interface'
import { type CSSProperties, type MutableRefObject, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useSearchParams } from 'react-router-dom'
import { LoadFailure } from './LoadFailure'
import { ListCard } from './list/ListCard'
import { filterColumns, type FilterOption, type ListAction, type ListColumn, tableColumnOf } from './list/columns'
import { ListFilters } from './list/ListFilters'
import { type FilterValue, type ListState, PAGE_SIZES, readListState, type SortOrder, writeListState } from '../hooks/list-state'
import type { ScreenPreload } from '../screen-preload'

export type { FilterOption, ListAction, ListColumn } from './list/columns'

export interface ListTableProps<T extends Record<string, unknown>> {
  columns: ListColumn<T>[]
  /** One page from the server for this state (filters as the address holds them). */
  fetch: (state: ListState) => Promise<Page<T>>
  /** Filters holding two values (date ranges) or several. */
  arrayKeys?: readonly string[]
  /**
   * Called with the state of each page asked for (a summary beside the list that follows its
   * filters). The list's own tools get the state without it (`toolBarRender`), sparing the screen a
   * render of its own.
   */
  onState?: (state: ListState) => void
  /** Called with the rows of each page shown. */
  onLoad?: (rows: T[]) => void
  /** Filters that are always on (a partner's own clues on its detail page); not written to the address. */
  fixed?: Record<string, string>
  /** Keep this table's state out of the address (a second table on the same screen). */
  local?: boolean
  emptyText?: ReactNode
  /** The list's title, left of its tools. */
  headerTitle?: ReactNode
  /** The list's tools (新增, 导入, 导出 with the state shown), left of 刷新. */
  toolBarRender?: (state: ListState) => ReactNode[]
  /** The filter bar (`span`: a field's share of a row, of 24), or none. */
  search?: false | { span?: number; labelWidth?: unknown; defaultCollapsed?: boolean }
  /** `false`: no 刷新 button. */
  options?: false | { reload?: boolean; density?: boolean; setting?: boolean }
  actionRef?: MutableRefObject<ListAction | undefined>
  rowKey?: TableProps<T>['rowKey']
  rowSelection?: TableRowSelection<T>
  /** The bar over the rows while some are selected: what is selected, and what can be done with them. */
  tableAlertRender?: false | ((info: SelectionInfo<T>) => ReactNode)
  tableAlertOptionRender?: (info: SelectionInfo<T>) => ReactNode
  /**
   * `x`: the table's width when the window is narrower, scrolled sideways (a right-`fixed` actions
   * column stays in view). Done by the stylesheet, not by antd's scroll.x, which draws the titles
   * again in a row that measures every column and then renders the whole table a second time (about
   * 70 ms of a 20-row list's load). `y` (a table in a dialog): antd's own, with its measuring.
   */
  scroll?: TableProps<T>['scroll']
  size?: TableProps<T>['size']
  expandable?: TableProps<T>['expandable']
  rowClassName?: TableProps<T>['rowClassName']
}

export interface SelectionInfo<T> {
  selectedRowKeys: React.Key[]
  selectedRows: T[]
  onCleanSelected: () => void
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

/** Stable empties: a memoized part is not drawn again for a new but equal `[]` or `{}`. */
const NO_ROWS: never[] = []
const NO_OPTIONS: Record<string, FilterOption[]> = {}

interface Shown<T> {
  /** The address the rows were asked for. */
  key: string
  rows: T[]
  total: number
}

export function ListTable<T extends Record<string, unknown>>({
  columns,
  fetch,
  arrayKeys = [],
  onState,
  onLoad,
  fixed,
  local = false,
  emptyText,
  headerTitle,
  toolBarRender,
  search: searchBar,
  options,
  actionRef,
  rowKey = 'id',
  rowSelection,
  tableAlertRender,
  tableAlertOptionRender,
  scroll,
  size,
  expandable,
  rowClassName,
}: ListTableProps<T>) {
  const [searchParams, setSearchParams] = useSearchParams()
  const [localSearch, setLocalSearch] = useState(() => new URLSearchParams())
  const search = local ? localSearch : searchParams
  const stateOptions = useMemo(() => ({ arrayKeys }), [arrayKeys])
  const state = readListState(search, stateOptions)
  const [reloads, setReloads] = useState(0)
  const [shown, setShown] = useState<Shown<T>>()
  const [failure, setFailure] = useState<string>()
  const [asked, setAsked] = useState<Record<string, FilterOption[]>>({})

  // What the page depends on: the state in the address, the fixed filters, 刷新.
  const stateKey = writeListState(state, stateOptions).toString()
  const fixedKey = JSON.stringify(fixed ?? {})
  const loadKey = `${stateKey}|${fixedKey}|${reloads}`
  // Set (and drawn, flushSync) before a new state goes to the address, so the rows shown are never
  // taken for the new state's between the address changing and the list rendering it.
  const [writing, setWriting] = useState(false)
  const loading = writing || (shown?.key !== loadKey && failure === undefined)

  // The latest callbacks without making them dependencies (screens pass new functions each render).
  const latest = useRef({ fetch, onState, onLoad, fixed, state })
  latest.current = { fetch, onState, onLoad, fixed, state }

  useEffect(() => {
    let current = true
    setWriting(false)
    const { fetch: ask, onState: tell, onLoad: loaded, fixed: always, state: asked } = latest.current
    setFailure(undefined)
    tell?.(asked)
    ask({ ...asked, filters: { ...asked.filters, ...always } }).then(
      (page) => {
        if (!current) return
        setShown({ key: loadKey, rows: page.list, total: page.total })
        loaded?.(page.list)
      },
      (error: unknown) => {
        if (current) setFailure(error instanceof Error ? error.message : String(error))
      },
    )
    return () => {
      current = false
    }
  }, [loadKey])

  // The select filters' options that are asked for, once, and taken together (one render of the
  // list for all of them, not one per filter).
  const requests = columns.filter((c) => c.request && c.dataIndex && !c.dependencies)
  const requestKey = requests.map((c) => c.dataIndex).join(',')
  useEffect(() => {
    if (requests.length === 0) return
    let current = true
    void Promise.allSettled(requests.map((column) => column.request!({}))).then((answers) => {
      if (!current) return
      const lists = answers.flatMap((answer, i) =>
        // Without its options the filter still takes what the address holds; the list itself is not refused.
        answer.status === 'fulfilled' ? [[requests[i]!.dataIndex!, answer.value] as const] : [],
      )
      if (lists.length > 0) setAsked((all) => ({ ...all, ...Object.fromEntries(lists) }))
    })
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked once per set of filters
  }, [requestKey])

  const action = useMemo<ListAction>(() => ({ reload: () => setReloads((n) => n + 1) }), [])
  if (actionRef) actionRef.current = action

  const write = (next: ListState) => {
    const params = writeListState(next, stateOptions)
    // The same state again (查询 without a change, or the same filters in another order, as a link
    // from 工作台 writes them): ask again, as a person expects, without a new history entry. Compared
    // as the list writes it, so an address that only reads the same (an explicit page=1) cannot
    // leave the spinner waiting for a load that never starts.
    if (params.toString() === stateKey) {
      action.reload()
      return
    }
    flushSync(() => setWriting(true))
    if (local) setLocalSearch(params)
    else setSearchParams(params)
  }

  // Wide by the stylesheet (see `scroll`); a fixed header keeps antd's scroll.
  const wide = scroll?.x !== undefined && scroll.y === undefined ? scroll.x : undefined
  const isWide = wide !== undefined
  const wideStyle = isWide
    ? ({ '--console-list-width': typeof wide === 'number' ? `${wide}px` : 'max-content' } as CSSProperties)
    : undefined

  // A wide list's edge shadow: set on the element as the rows scroll or resize, not by a render.
  const frame = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const rows = isWide ? frame.current?.querySelector<HTMLElement>('.ant-table-content') : undefined
    if (!rows) return
    const update = () => frame.current?.classList.toggle('console-list--more', rows.scrollLeft < rows.scrollWidth - rows.clientWidth - 1)
    const observer = new ResizeObserver(update)
    observer.observe(rows)
    if (rows.firstElementChild) observer.observe(rows.firstElementChild)
    rows.addEventListener('scroll', update, { passive: true })
    return () => {
      observer.disconnect()
      rows.removeEventListener('scroll', update)
    }
  }, [isWide])

  const onTableChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined
    const field = one?.column ? String(one.columnKey ?? one.field) : undefined
    const sort = field && one?.order ? { field, order: one.order as SortOrder } : undefined
    const size = pagination.pageSize ?? state.size
    const page = extra.action === 'paginate' && size === state.size ? (pagination.current ?? 1) : 1
    write({ ...state, page, size, sort })
  }
  const submitFilters = (next: Record<string, FilterValue>) => write({ ...state, filters: next, page: 1 })

  // Selection held by the screen (selectedRowKeys) or, when it does not hold it, here.
  const [ownSelected, setOwnSelected] = useState<React.Key[]>([])
  const selected = (rowSelection?.selectedRowKeys ?? ownSelected) as React.Key[]
  const select: TableRowSelection<T>['onChange'] = (keys, rows, info) => {
    setOwnSelected(keys)
    rowSelection?.onChange?.(keys, rows, info)
  }
  const keyOf = (row: T) => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey as string] as React.Key))
  const selection: SelectionInfo<T> = {
    selectedRowKeys: selected,
    selectedRows: (shown?.rows ?? []).filter((row) => selected.includes(keyOf(row))),
    onCleanSelected: () => select([], [], { type: 'none' }),
  }

  // The filter bar and the table below are drawn again only when what they show changes, not on
  // every render of the list; their handlers are this render's, reached through a ref.
  const handlers = useRef({ onTableChange, submitFilters, select })
  handlers.current = { onTableChange, submitFilters, select }

  const span = searchBar ? (searchBar.span ?? 8) : 8
  const filtersKey = JSON.stringify(state.filters)
  const filterBar = useMemo(() => {
    const fields = searchBar === false ? [] : filterColumns(columns)
    if (fields.length === 0) return null
    return (
      <ListFilters
        key={filtersKey}
        columns={fields}
        filters={state.filters}
        asked={asked}
        span={span}
        onSubmit={(next) => handlers.current.submitFilters(next)}
      />
    )
    // The filters as the address holds them (filtersKey) stand for state.filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [columns, searchBar === false, filtersKey, asked, span])

  // A cell shows an asked-for option's text only in a column that is both shown and asked for; the
  // rows are not drawn again when only the filter bar's options arrive.
  const cellsAsk = columns.some((c) => !c.hideInTable && c.request)
  const cellOptions = cellsAsk ? asked : NO_OPTIONS
  const sortKey = state.sort ? `${state.sort.field}|${state.sort.order}` : ''
  const tableColumns = useMemo<TableProps<T>['columns']>(
    () =>
      columns.filter((c) => !c.hideInTable).map((column, i) => tableColumnOf(column, i, { asked: cellOptions, action, sort: state.sort })),
    // sortKey stands for state.sort.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns, cellOptions, sortKey, action],
  )

  const fixedLayout = isWide && columns.some((c) => c.fixed)
  const rows = failure ? NO_ROWS : (shown?.rows ?? NO_ROWS)
  const total = shown?.total ?? 0
  const table = useMemo(
    () => (
      <Table<T>
        rowKey={rowKey}
        columns={tableColumns}
        dataSource={rows}
        loading={loading}
        size={size ?? 'middle'}
        scroll={isWide ? undefined : scroll}
        tableLayout={fixedLayout ? 'fixed' : undefined}
        expandable={expandable}
        rowClassName={rowClassName}
        locale={failure ? { emptyText: '加载失败，请重试' } : emptyText ? { emptyText } : undefined}
        onChange={(...args) => handlers.current.onTableChange?.(...args)}
        pagination={{
          current: state.page,
          pageSize: state.size,
          total,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (all) => `共 ${all} 条`,
        }}
        rowSelection={
          rowSelection
            ? {
                ...rowSelection,
                selectedRowKeys: selected,
                onChange: (...args) => handlers.current.select?.(...args),
                columnTitle: rowSelection.columnTitle ?? ((checkbox: ReactNode) => <HeaderOnly>{checkbox}</HeaderOnly>),
              }
            : undefined
        }
      />
    ),
    [
      rowKey,
      tableColumns,
      rows,
      loading,
      size,
      isWide,
      scroll,
      fixedLayout,
      expandable,
      rowClassName,
      failure,
      emptyText,
      state.page,
      state.size,
      total,
      rowSelection,
      selected,
    ],
  )

  return (
    // aria-busy in the same render as `writing` (antd's Spin draws its spinner an effect and a timer later):
    // a stale page is never taken for the new state's, by assistive technology or by a test.
    <div ref={frame} className={isWide ? 'console-list console-list--wide' : 'console-list'} style={wideStyle} aria-busy={loading}>
      {filterBar}
      <ListCard
        title={headerTitle}
        tools={toolBarRender?.(state) ?? []}
        onReload={options === false || options?.reload === false ? undefined : action.reload}
      >
        {failure ? <LoadFailure title='列表加载失败' error={failure} small onRetry={action.reload} className='console-gap-bottom' /> : null}
        {rowSelection && selected.length > 0 && tableAlertRender !== false ? (
          <Alert
            className='console-gap-bottom'
            type='info'
            message={
              <div className='console-list__alert'>
                <span>{tableAlertRender ? tableAlertRender(selection) : `已选 ${selected.length} 项`}</span>
                {tableAlertOptionRender ? (
                  tableAlertOptionRender(selection)
                ) : (
                  <Button type='link' size='small' onClick={selection.onCleanSelected}>
                    取消选择
                  </Button>
                )}
              </div>
            }
          />
        ) : null}
        {table}
      </ListCard>
    </div>
  )
}
