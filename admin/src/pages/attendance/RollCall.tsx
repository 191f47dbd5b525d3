/**
 * 点名: a session's students with their status, in a drawer. Who may mark them (the session's
 * teacher, its class's head teacher, 排课与点名; from the opening of check-in on: the server's
 * `canMark`) sets each one's status, the selected ones' at once, or the rest present (其余记为出勤); each change is audited
 * and answers the new roster. Otherwise the roster is read only, with why.
 */
import { AttendanceStatus, ATTENDANCE_STATUSES, AttendanceWay, SessionPhase } from '@activity/wire'
import { Alert, Button, Drawer, Popconfirm, Select, Skeleton, Space, Table, type TableColumnsType, Tag, Typography } from 'antd'
import { useState } from 'react'
import { attendanceApi, type Roster, type RosterRow, type SessionRow } from '../../api/attendance'
import { LoadFailure } from '../../components/LoadFailure'
import { EnumTag, SESSION_PHASE_ENUM } from '../../components/status'
import { formatDateTime } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { STATUS_COLOURS } from './figures'

const STATUS_OPTIONS = ATTENDANCE_STATUSES.map((s) => ({ value: s, label: <Tag color={STATUS_COLOURS[s]}>{s}</Tag> }))

/** Why the roster cannot be marked now. */
function readOnlyReason(roster: Roster): string {
  if (roster.session.phase === SessionPhase.cancelled) return '课次已取消，不能点名'
  if (roster.session.phase === SessionPhase.upcoming) return `签到开始（${formatDateTime(roster.session.checkInOpensAt)}）后才能点名`
  return '只能为自己任课或所带班级的课次点名'
}

function Counts({ counts: c }: { counts: Roster['counts'] }) {
  return (
    <Typography.Paragraph data-testid='roll-call-counts'>
      应到 {c.total} 人 · 出勤 {c.present} · 迟到 {c.late} · 请假 {c.leave} · 缺勤 {c.absent}
      {c.unmarked ? ` · 未签到 ${c.unmarked}` : ''}
    </Typography.Paragraph>
  )
}

function recordOf(r: RosterRow) {
  if (!r.status) return <Typography.Text type='secondary'>{r.onLeave ? '已请假' : '未签到'}</Typography.Text>
  const by = r.way === AttendanceWay.office && r.markedByName ? `${r.markedByName} 点名` : r.way
  return (
    <span className='console-small'>
      {by}
      {r.checkedInAt ? ` · ${formatDateTime(r.checkedInAt)}` : ''}
      {r.located ? ' · 带定位' : ''}
      {r.onLeave && r.status !== AttendanceStatus.leave ? ' · 有请假' : ''}
    </span>
  )
}

export function RollCall({ session, open, onClose }: { session: SessionRow; open: boolean; onClose: (changed: boolean) => void }) {
  const { data, error, reload } = useRemote(() => attendanceApi.roster(session.id), [session.id])
  // The answer of the latest change (the roster as the server has it now), over the first read.
  const [updated, setUpdated] = useState<Roster>()
  const [selected, setSelected] = useState<number[]>([])
  const [busy, setBusy] = useState(false)
  const roster = updated ?? data
  // 其余记为出勤: the students with no status yet (scans, late ones and leave stay as they are).
  const unmarked = (roster?.rows ?? []).filter((r) => r.status === null).map((r) => r.studentId)

  const mark = async (input: { studentIds?: number[]; all?: boolean; status: AttendanceStatus }) => {
    if (busy) return
    setBusy(true)
    try {
      setUpdated(await attendanceApi.rollCall({ sessionId: session.id, ...input }))
      setSelected([])
    } catch {
      // The client has shown the server's refusal.
    } finally {
      setBusy(false)
    }
  }

  const columns: TableColumnsType<RosterRow> = [
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
    { title: '手机', dataIndex: 'phone', width: 120 },
    {
      title: '考勤',
      dataIndex: 'status',
      width: 130,
      render: (_, r) =>
        roster?.canMark ? (
          <Select<AttendanceStatus>
            aria-label={`${r.name}的考勤`}
            className='console-full-width'
            placeholder='未签到'
            value={r.status ?? undefined}
            options={STATUS_OPTIONS}
            disabled={busy}
            onChange={(status) => void mark({ studentIds: [r.studentId], status })}
            data-testid={`roll-call-${r.studentId}`}
          />
        ) : r.status ? (
          <Tag color={STATUS_COLOURS[r.status]}>{r.status}</Tag>
        ) : (
          <Typography.Text type='secondary'>-</Typography.Text>
        ),
    },
    { title: '记录', key: 'record', render: (_, r) => recordOf(r) },
  ]

  const body = () => {
    if (!roster) return error ? <LoadFailure title='名单加载失败' error={error} onRetry={reload} /> : <Skeleton active />
    return (
      <>
        <Space wrap className='console-gap-bottom-sm'>
          <EnumTag valueEnum={SESSION_PHASE_ENUM} value={roster.session.phase} />
          <Typography.Text>
            {roster.session.date} {roster.session.startTime}-{roster.session.endTime} · {roster.session.place || '线上'} ·{' '}
            {roster.session.teacherName}
          </Typography.Text>
        </Space>
        <Counts counts={roster.counts} />
        {roster.canMark ? (
          <Space wrap className='console-gap-bottom'>
            <Popconfirm
              title={`将未签到的 ${unmarked.length} 名学员记为出勤？`}
              description='已签到、迟到和请假的学员不变'
              okText='其余出勤'
              cancelText='取消'
              onConfirm={() => mark({ studentIds: unmarked, status: AttendanceStatus.present })}
            >
              <Button type='primary' disabled={busy || unmarked.length === 0} data-testid='roll-call-all'>
                其余记为出勤
              </Button>
            </Popconfirm>
            {selected.length > 0 ? (
              <Space>
                <Typography.Text>将选中的 {selected.length} 人记为</Typography.Text>
                <Select<AttendanceStatus>
                  aria-label='选中学员的考勤'
                  className='console-field-xs'
                  placeholder='请选择'
                  value={null}
                  options={STATUS_OPTIONS}
                  disabled={busy}
                  onChange={(status) => void mark({ studentIds: selected, status })}
                />
              </Space>
            ) : null}
          </Space>
        ) : (
          <Alert type='info' showIcon className='console-gap-bottom' message={readOnlyReason(roster)} />
        )}
        <Table<RosterRow>
          rowKey='studentId'
          size='small'
          pagination={false}
          loading={busy}
          dataSource={roster.rows}
          columns={columns}
          rowSelection={
            roster.canMark
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getCheckboxProps: (r) => ({ name: `select-${r.studentId}`, 'aria-label': `选择学员 ${r.name}` }),
                  columnWidth: 40,
                }
              : undefined
          }
        />
      </>
    )
  }

  return (
    <Drawer
      open={open}
      onClose={() => onClose(updated !== undefined)}
      width={760}
      destroyOnHidden
      title={`点名 · ${session.className} · ${session.course}`}
    >
      {body()}
    </Drawer>
  )
}
