/**
 * 考勤表: a class's students by its sessions in the days chosen (not cancelled), each cell the
 * student's status in its colour, each row's totals at its end; the legend and how the rates are
 * counted above it; 导出 (.xlsx) for 课表与考勤 · 导出.
 */
import { Empty, Space, Table, type TableColumnsType, Tag, Typography } from 'antd'
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '@activity/wire'
import { ATTENDANCE_EXPORT_PATH, attendanceApi, type Board as BoardData, type BoardQuery } from '../../api/attendance'
import { ExportButton } from '../../components/ExportButton'
import { ListCard } from '../../components/list/ListCard'
import { LoadFailure } from '../../components/LoadFailure'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { cellLook, LEGEND, rowTotals, sessionTitle } from './figures'
import { RuleNote } from './RuleNote'

type Row = BoardData['rows'][number]

function Cell({ status, phase }: { status: AttendanceStatus | null | undefined; phase: BoardData['sessions'][number]['phase'] }) {
  const look = cellLook(status, phase)
  return look.color ? (
    <Tag color={look.color} className='console-flush'>
      {look.text}
    </Tag>
  ) : (
    <Typography.Text type='secondary' className='console-small'>
      {look.text}
    </Typography.Text>
  )
}

function columnsOf(board: BoardData): TableColumnsType<Row> {
  return [
    {
      title: '学员',
      key: 'student',
      fixed: 'left',
      width: 130,
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
    ...board.sessions.map((s, i) => {
      const { when, course } = sessionTitle(s)
      return {
        title: (
          <span className='console-small'>
            {when}
            <Typography.Text type='secondary' className='console-sub'>
              {course}
            </Typography.Text>
          </span>
        ),
        key: `s${s.id}`,
        width: 104,
        align: 'center' as const,
        render: (_: unknown, r: Row) => <Cell status={r.cells[i]} phase={s.phase} />,
      }
    }),
    ...ATTENDANCE_STATUSES.map((status) => ({
      title: status,
      key: `total-${status}`,
      width: 56,
      align: 'right' as const,
      render: (_: unknown, r: Row) => rowTotals(r.cells)[status],
    })),
  ]
}

export function Board({ query }: { query: BoardQuery | undefined }) {
  const { canExportAttendance } = useAccess()
  const key = JSON.stringify(query ?? null)
  const { data, error, loading, reload } = useRemote(() => (query ? attendanceApi.board(query) : Promise.resolve(undefined)), [key])
  const tools =
    canExportAttendance && query
      ? [
          <ExportButton key='export' path={ATTENDANCE_EXPORT_PATH} query={query} testId='attendance-export'>
            导出
          </ExportButton>,
        ]
      : []
  const body = () => {
    if (!query) return <Empty description='请选择班级后查询' />
    if (error && !data) return <LoadFailure title='考勤表加载失败' error={error} onRetry={reload} />
    if (!data) return <Table<Row> loading columns={[]} dataSource={[]} pagination={false} />
    if (data.sessions.length === 0) return <Empty description='所选范围内没有课次' />
    return (
      <>
        <Space wrap size={[4, 8]} className='console-gap-bottom-sm'>
          {LEGEND.map((l) => (
            <Tag key={l.text} color={l.color}>
              {l.text}
            </Tag>
          ))}
          <Typography.Text type='secondary' className='console-small'>
            未签到：课次进行中尚无记录；未开始：课次还没开始
          </Typography.Text>
        </Space>
        <RuleNote rule={data.rule} />
        <Table<Row>
          rowKey='studentId'
          size='small'
          bordered
          loading={loading}
          pagination={false}
          dataSource={data.rows}
          columns={columnsOf(data)}
          scroll={{ x: 130 + data.sessions.length * 104 + ATTENDANCE_STATUSES.length * 56 }}
          locale={{ emptyText: '班级里还没有学员' }}
          data-testid='attendance-board'
        />
      </>
    )
  }
  return (
    <ListCard title='考勤表' tools={tools} onReload={query ? reload : undefined}>
      {body()}
    </ListCard>
  )
}
