/**
 * 预警名单: the students whose absence rate reached the threshold (设置 › 考勤设置) once enough of
 * their sessions have ended, the worst first, with when they were warned. A head teacher gets
 * their classes' only.
 */
import { Table, type TableColumnsType, Typography } from 'antd'
import { attendanceApi, type AtRiskRow } from '../../api/attendance'
import { ListCard } from '../../components/list/ListCard'
import { LoadFailure } from '../../components/LoadFailure'
import { formatDateTime } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { atRiskText, rateText } from './figures'
import { RuleNote } from './RuleNote'

const COLUMNS: TableColumnsType<AtRiskRow> = [
  {
    title: '学员',
    dataIndex: 'name',
    render: (_, r) => (
      <>
        {r.name}
        {r.studentNo ? (
          <Typography.Text type='secondary' className='console-sub'>
            {r.studentNo}
          </Typography.Text>
        ) : null}
      </>
    ),
  },
  { title: '班级', dataIndex: 'className', ellipsis: true },
  { title: '已上课次', dataIndex: 'held', width: 90, align: 'right' },
  { title: '应出勤', dataIndex: 'denominator', width: 80, align: 'right' },
  { title: '缺勤', dataIndex: 'absent', width: 70, align: 'right' },
  {
    title: '缺勤率',
    dataIndex: 'absenceRate',
    width: 90,
    align: 'right',
    render: (_, r) => <Typography.Text type='danger'>{rateText(r.absenceRate)}</Typography.Text>,
  },
  { title: '出勤率', dataIndex: 'attendanceRate', width: 90, align: 'right', render: (_, r) => rateText(r.attendanceRate) },
  {
    title: '预警通知',
    dataIndex: 'warnedAt',
    width: 150,
    render: (_, r) => (r.warnedAt ? formatDateTime(r.warnedAt) : <Typography.Text type='secondary'>未通知</Typography.Text>),
  },
]

export function AtRiskList() {
  const { data, error, loading, reload } = useRemote(() => attendanceApi.atRisk(), [])
  return (
    <ListCard title='预警名单' onReload={reload}>
      {error && !data ? <LoadFailure title='预警名单加载失败' error={error} onRetry={reload} /> : null}
      {data ? <RuleNote rule={data.rule} prefix={atRiskText(data.thresholdPercent, data.minSessions)} /> : null}
      <Table<AtRiskRow>
        rowKey='studentId'
        size='middle'
        loading={loading}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showTotal: (all) => `共 ${all} 人` }}
        dataSource={data?.rows ?? []}
        columns={COLUMNS}
        locale={{ emptyText: '没有达到预警线的学员' }}
        data-testid='attendance-at-risk'
      />
    </ListCard>
  )
}
