/**
 * 考勤: a class's grid of students by sessions (考勤表, with its export), the figures by student,
 * class, course or teacher (统计), and the students past the absence threshold (预警名单). The tab is
 * part of the address (/attendance, /attendance/statistics, /attendance/at-risk), and so are the
 * filters (class, course, days, dimension), kept when the tab changes.
 */
import { useMemo } from 'react'
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { attendanceApi } from '../../api/attendance'
import type { ListColumn } from '../../components/list/columns'
import { ListFilters } from '../../components/list/ListFilters'
import { PageContainer } from '../../components/PageContainer'
import { type FilterValue, writeListState } from '../../hooks/list-state'
import { useRemote } from '../../hooks/useRemote'
import type { ScreenPreload } from '../../screen-preload'
import { ARRAY_KEYS, boardQuery, filtersOf, statisticsQuery } from './address'
import { AtRiskList } from './AtRiskList'
import { Board } from './Board'
import { STATISTICS_BY } from './figures'
import { StatisticsTable } from './StatisticsTable'

const TABS = [
  { key: 'board', label: '考勤表', path: '/attendance' },
  { key: 'statistics', label: '统计', path: '/attendance/statistics' },
  { key: 'at-risk', label: '预警名单', path: '/attendance/at-risk' },
] as const
type Tab = (typeof TABS)[number]

const tabOf = (key: string | undefined): Tab => TABS.find((t) => t.key === key) ?? TABS[0]

export const preload: ScreenPreload = ({ params, search }) => {
  const tab = tabOf(params.tab)
  if (tab.key === 'at-risk') return void attendanceApi.atRisk()
  void attendanceApi.options()
  const filters = filtersOf(search)
  if (tab.key === 'statistics') return void attendanceApi.statistics(statisticsQuery(filters))
  const query = boardQuery(filters)
  if (query) void attendanceApi.board(query)
}

/** The filter bar's fields on a tab: the statistics' dimension, the class (the grid needs one), the grid's course, the days. */
function barColumns(tab: Tab): ListColumn<never>[] {
  const board = tab.key === 'board'
  return [
    ...(board
      ? []
      : [
          {
            title: '统计维度',
            dataIndex: 'by',
            valueType: 'select' as const,
            fieldProps: { options: STATISTICS_BY.map((b) => ({ value: b.value, label: `按${b.label}` })), placeholder: '按学员' },
          },
        ]),
    {
      title: '班级',
      dataIndex: 'classId',
      valueType: 'select',
      // The grid needs a class: it says so in place of the rows until one is chosen.
      fieldProps: { showSearch: true, optionFilterProp: 'label', placeholder: board ? '请选择班级' : '全部班级' },
    },
    ...(board
      ? [{ title: '课程', dataIndex: 'course', valueType: 'select' as const, fieldProps: { showSearch: true, placeholder: '全部课程' } }]
      : []),
    { title: '日期', dataIndex: 'date', valueType: 'dateRange' },
  ]
}

function Filters({
  tab,
  filters,
  onSubmit,
}: {
  tab: Tab
  filters: Record<string, FilterValue>
  onSubmit: (f: Record<string, FilterValue>) => void
}) {
  const { data: options } = useRemote(() => attendanceApi.options(), [])
  const asked = useMemo(
    () => ({
      classId: (options?.classes ?? []).map((c) => ({ value: String(c.id), label: c.name })),
      course: (options?.courses ?? []).map((c) => ({ value: c, label: c })),
    }),
    [options],
  )
  return (
    <div className='console-list'>
      <ListFilters
        key={`${tab.key}|${JSON.stringify(filters)}`}
        columns={barColumns(tab)}
        filters={filters}
        asked={asked}
        span={8}
        onSubmit={onSubmit}
      />
    </div>
  )
}

export default function Attendance() {
  const navigate = useNavigate()
  const { search } = useLocation()
  const [searchParams, setSearchParams] = useSearchParams()
  const tab = tabOf(useParams().tab)
  const filters = filtersOf(searchParams)
  // The filters this tab's bar does not show (the grid's course, the dimension) are kept for the other tab.
  const submit = (next: Record<string, FilterValue>) => {
    const shown = barColumns(tab).map((c) => c.dataIndex)
    const kept = Object.fromEntries(Object.entries(filters).filter(([k]) => !shown.includes(k)))
    setSearchParams(writeListState({ filters: { ...kept, ...next }, page: 1, size: 20 }, { arrayKeys: ARRAY_KEYS }))
  }

  return (
    <PageContainer
      title='考勤'
      subTitle='面授课的出勤、统计与预警'
      tabActiveKey={tab.key}
      tabList={TABS.map((t) => ({ key: t.key, tab: t.label }))}
      onTabChange={(key) => navigate({ pathname: tabOf(key).path, search })}
    >
      {tab.key === 'at-risk' ? null : <Filters tab={tab} filters={filters} onSubmit={submit} />}
      {tab.key === 'board' ? (
        <Board query={boardQuery(filters)} />
      ) : tab.key === 'statistics' ? (
        <StatisticsTable query={statisticsQuery(filters)} />
      ) : (
        <AtRiskList />
      )}
    </PageContainer>
  )
}
