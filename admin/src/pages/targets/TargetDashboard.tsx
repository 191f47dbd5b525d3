/**
 * 目标看板: a month's clue figures per teacher and per department against their targets: progress,
 * conversion (deals / clues assigned), the median time from assignment to the first follow-up,
 * and the ranking (deals, then conversion). A 招生老师 sees their own row and their department's.
 */
import { PageContainer } from '../../components/PageContainer'
import { Button, Card, Col, Empty, Row, Skeleton, Space, Statistic, type TableColumnsType, Tag, Typography } from 'antd'
import { Link } from 'react-router-dom'
import { type DepartmentFigures, EXPORT_TARGETS_PATH, type TeacherFigures, targetsApi } from '../../api/targets'
import { ExportButton } from '../../components/ExportButton'
import { WholeListCard } from '../../components/list/ListCard'
import { titleOf } from '../../components/list/columns'
import { LoadFailure } from '../../components/LoadFailure'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { formatPercent, formatWait, MonthPicker, useMonth } from './month'
import { TargetProgress } from './TargetProgress'

type Figures = TeacherFigures | DepartmentFigures

function figureColumns<T extends Figures>(): TableColumnsType<T> {
  return [
    { title: '分配线索', dataIndex: 'assigned', width: 90, align: 'right' },
    {
      title: '跟进线索 / 目标',
      dataIndex: 'followed',
      width: 200,
      render: (_, r) => <TargetProgress value={r.followed} target={r.followTarget} percent={r.followProgress} />,
    },
    {
      title: '成交 / 目标',
      dataIndex: 'deals',
      width: 200,
      render: (_, r) => <TargetProgress value={r.deals} target={r.dealTarget} percent={r.dealProgress} />,
    },
    { title: '转化率', dataIndex: 'conversionRate', width: 90, align: 'right', render: (_, r) => formatPercent(r.conversionRate) },
    {
      title: titleOf({ title: '首次跟进中位时长', tooltip: '本月分配的线索，从分配到该老师第一次写跟进记录的时长中位数' }),
      dataIndex: 'medianFirstFollowUpSeconds',
      width: 150,
      render: (_, r) => (
        <Space size={4}>
          {formatWait(r.medianFirstFollowUpSeconds)}
          {r.firstFollowUpClues > 0 ? <Typography.Text type='secondary'>（{r.firstFollowUpClues}条）</Typography.Text> : null}
        </Space>
      ),
    },
  ]
}

const rankColumn = <T extends Figures>(): TableColumnsType<T>[number] => ({
  title: '排名',
  dataIndex: 'rank',
  width: 70,
  render: (_, r) => (r.rank <= 3 ? <Tag color={['gold', 'default', 'orange'][r.rank - 1]}>第{r.rank}名</Tag> : `第${r.rank}名`),
})

function MyProgress({ me }: { me: TeacherFigures }) {
  return (
    <Card title='我的本月进度' className='console-gap-bottom' data-testid='my-progress'>
      <Row className='console-parts'>
        <Col flex='30%'>
          <Typography.Text type='secondary'>跟进线索</Typography.Text>
          <TargetProgress value={me.followed} target={me.followTarget} percent={me.followProgress} testId='my-follow' />
        </Col>
        <Col flex='30%'>
          <Typography.Text type='secondary'>成交</Typography.Text>
          <TargetProgress value={me.deals} target={me.dealTarget} percent={me.dealProgress} testId='my-deals' />
        </Col>
        <Col>
          <Statistic title='排名' value={me.rank} prefix='第' suffix='名' />
        </Col>
        <Col>
          <Statistic title='转化率' value={formatPercent(me.conversionRate)} />
        </Col>
      </Row>
    </Card>
  )
}

export default function TargetDashboard() {
  const [month, setMonth] = useMonth()
  const { canEditTargets, seesAllTargets } = useAccess()
  const { data, error, loading, reload } = useRemote(() => targetsApi.statistics(month), [month])

  const extra = (
    <Space>
      <MonthPicker month={month} onChange={setMonth} />
      <Button onClick={reload}>刷新</Button>
      {/* EXPORT: the lead puts it behind the masked-export rules */}
      <ExportButton path={EXPORT_TARGETS_PATH} query={{ month }} testId='export-targets'>
        导出
      </ExportButton>
      {canEditTargets ? (
        <Link to={`/targets/settings?month=${month}`}>
          <Button type='primary'>设置目标</Button>
        </Link>
      ) : null}
    </Space>
  )
  if (error && !data) {
    return (
      <PageContainer title='目标看板' extra={extra}>
        <LoadFailure title='目标看板加载失败' error={error} onRetry={reload} />
      </PageContainer>
    )
  }
  if (!data) {
    return (
      <PageContainer title='目标看板' extra={extra}>
        <Skeleton active paragraph={{ rows: 8 }} loading={loading} />
      </PageContainer>
    )
  }
  const me = data.all ? undefined : data.teachers[0]

  const teacherColumns: TableColumnsType<TeacherFigures> = [
    rankColumn<TeacherFigures>(),
    {
      title: '老师',
      dataIndex: 'name',
      render: (_, r) => (
        <Space size={4}>
          {r.name}
          {r.enabled ? null : <Tag>已停用</Tag>}
        </Space>
      ),
    },
    { title: '部门', dataIndex: 'departmentName', render: (_, r) => r.departmentName ?? '未分配' },
    ...figureColumns<TeacherFigures>(),
  ]
  const departmentColumns: TableColumnsType<DepartmentFigures> = [
    rankColumn<DepartmentFigures>(),
    { title: '部门', dataIndex: 'name' },
    { title: '老师', dataIndex: 'members', width: 70, align: 'right' },
    ...figureColumns<DepartmentFigures>(),
  ]

  return (
    <PageContainer title='目标看板' subTitle={`${month}（北京时间）`} extra={extra}>
      {me ? <MyProgress me={me} /> : null}
      {/* No 刷新 on the lists: the page's own 刷新 (above) reloads both. */}
      <div className='console-list'>
        <WholeListCard<TeacherFigures>
          title={seesAllTargets ? '老师排行' : '我的数据'}
          rowKey='adminId'
          loading={loading}
          dataSource={data.teachers}
          columns={teacherColumns}
          data-testid='teacher-table'
          locale={{ emptyText: <Empty description='本月还没有招生老师的数据' /> }}
        />
        <WholeListCard<DepartmentFigures>
          title='部门汇总'
          rowKey='departmentId'
          loading={loading}
          dataSource={data.departments}
          columns={departmentColumns}
          locale={{ emptyText: <Empty description={seesAllTargets ? '还没有部门：在「部门」中添加' : '您还没有所属部门'} /> }}
        />
      </div>
    </PageContainer>
  )
}
