/**
 * 统计: the held sessions' figures by 学员, 班级, 课程 or 老师 (the class and the days from the
 * filters), each with its 应出勤 and rates, and the rule that counts them stated above.
 */
import { Table, type TableColumnsType } from 'antd'
import { attendanceApi, type StatisticsQuery, type StatisticsRow } from '../../api/attendance'
import { titleOf } from '../../components/list/columns'
import { ListCard } from '../../components/list/ListCard'
import { LoadFailure } from '../../components/LoadFailure'
import { useRemote } from '../../hooks/useRemote'
import { rateText, STATISTICS_BY, type StatisticsBy } from './figures'
import { RuleNote } from './RuleNote'

const byRate = (pick: (r: StatisticsRow) => number | null) => (a: StatisticsRow, b: StatisticsRow) => (pick(a) ?? -1) - (pick(b) ?? -1)

function columnsOf(by: StatisticsBy): TableColumnsType<StatisticsRow> {
  const label = STATISTICS_BY.find((b) => b.value === by)?.label ?? '学员'
  const count = (title: string, dataIndex: keyof StatisticsRow, tooltip?: string) => ({
    title: tooltip ? titleOf({ title, tooltip }) : title,
    dataIndex,
    width: 80,
    align: 'right' as const,
  })
  return [
    { title: label, dataIndex: 'label', ellipsis: true },
    by === 'student'
      ? count('已上课次', 'held', '已结束且未取消的课次')
      : count('已上人次', 'held', '已结束且未取消的课次，按学员累计（每名学员每节课算一次）'),
    count('应出勤', 'denominator', '计算出勤率和缺勤率的分母，见上方规则'),
    count('出勤', 'present'),
    count('迟到', 'late'),
    count('请假', 'leave'),
    count('缺勤', 'absent'),
    {
      title: '出勤率',
      dataIndex: 'attendanceRate',
      width: 90,
      align: 'right',
      sorter: byRate((r) => r.attendanceRate),
      render: (_, r) => rateText(r.attendanceRate),
    },
    {
      title: '缺勤率',
      dataIndex: 'absenceRate',
      width: 90,
      align: 'right',
      sorter: byRate((r) => r.absenceRate),
      render: (_, r) => rateText(r.absenceRate),
    },
  ]
}

export function StatisticsTable({ query }: { query: StatisticsQuery }) {
  const by = query.by as StatisticsBy
  const { data, error, loading, reload } = useRemote(() => attendanceApi.statistics(query), [JSON.stringify(query)])
  return (
    <ListCard title={`考勤统计（按${STATISTICS_BY.find((b) => b.value === by)?.label ?? '学员'}）`} onReload={reload}>
      {error && !data ? <LoadFailure title='考勤统计加载失败' error={error} onRetry={reload} /> : null}
      {data ? <RuleNote rule={data.rule} /> : null}
      <Table<StatisticsRow>
        rowKey={(r) => String(r.key)}
        size='middle'
        loading={loading}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showTotal: (all) => `共 ${all} 条` }}
        dataSource={data?.rows ?? []}
        columns={columnsOf(by)}
        locale={{ emptyText: '所选范围内还没有已结束的课次' }}
        data-testid='attendance-statistics'
      />
    </ListCard>
  )
}
