/**
 * 课表: the face-to-face sessions, the latest first, filtered in the address by class, teacher,
 * course and days; each with its phase and its students' counts. Per session: 签到码 (the room
 * screen, until it ends), 点名 (from the opening of check-in on), and for 排课与点名 修改 (until it
 * ends) and 取消 with a reason (until it starts). 排课 (one day, or weekly over a range) and 导入
 * (template, upload, each refused row reported) for 排课与点名. An operator without 查看全部 sees
 * the sessions they teach and their classes'.
 */
import { UploadOutlined } from '@ant-design/icons'
import { Button, Empty, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { attendanceApi, type SessionRow } from '../../api/attendance'
import { AddButton } from '../../components/AddButton'
import { lazyDialog } from '../../components/LazyDialog'
import { listPreload, ListTable, type ListColumn } from '../../components/ListTable'
import { loadOnce } from '../../components/load-once'
import { PageContainer } from '../../components/PageContainer'
import { enumColumn, SESSION_PHASE_ENUM } from '../../components/status'
import { type ListState, toServerQuery } from '../../hooks/list-state'
import { useTableReload } from '../../hooks/useTableReload'
import { useAccess } from '../../session/access'
import { sessionActions } from './timetable'

// The dialogs, the room screen and the roster load when first opened, not with the list.
const PlanForm = lazyDialog(() => import('./PlanForm').then((m) => m.PlanForm))
const SessionForm = lazyDialog(() => import('./SessionForm').then((m) => m.SessionForm))
const CancelSession = lazyDialog(() => import('./SessionForm').then((m) => m.CancelSession))
const ImportSessions = lazyDialog(() => import('./ImportSessions').then((m) => m.ImportSessions))
const SessionScreen = lazy(() => import('./SessionScreen').then((m) => ({ default: m.SessionScreen })))
const RollCall = lazy(() => import('./RollCall').then((m) => ({ default: m.RollCall })))

const ARRAY_KEYS = ['date'] as const
const RANGES = { ranges: { date: ['dateFrom', 'dateTo'] as const } }

function fetchPage(state: ListState) {
  return attendanceApi.sessions(toServerQuery(state, RANGES))
}

export const preload = listPreload(fetchPage, ARRAY_KEYS)

/** A session's students: how many came of all, then 迟到, 请假, 缺勤 and those not checked in yet. */
function Counts({ s }: { s: SessionRow }) {
  if (s.cancelReason !== null) {
    return (
      <Typography.Text type='secondary' className='console-small'>
        取消原因：{s.cancelReason}
      </Typography.Text>
    )
  }
  const c = s.counts
  return (
    <span className='console-nowrap'>
      已到 {c.present + c.late} / {c.total}
      {c.unmarked ? `，未签到 ${c.unmarked}` : ''}
      <Typography.Text type='secondary' className='console-sub'>
        迟到 {c.late} · 请假 {c.leave} · 缺勤 {c.absent}
      </Typography.Text>
    </span>
  )
}

/** Mounted from the first opening on (so it animates closed); a new opening starts afresh. */
function useOpening() {
  const [state, setState] = useState<{ session: SessionRow; open: boolean; n: number }>()
  return {
    shown: state,
    open: (session: SessionRow) => setState((s) => ({ session, open: true, n: (s?.n ?? 0) + 1 })),
    close: () => setState((s) => (s ? { ...s, open: false } : s)),
  }
}

export default function Timetable() {
  const { canPlanSessions } = useAccess()
  const { actionRef, reload } = useTableReload()
  // The pickers' lists, asked once for the filters and the dialogs of this visit.
  const [options] = useState(() => loadOnce(() => attendanceApi.options()))
  const screen = useOpening()
  const rollCall = useOpening()
  const now = Date.now()

  const columns: ListColumn<SessionRow>[] = [
    {
      title: '上课时间',
      dataIndex: 'startsAt',
      search: false,
      width: 110,
      render: (_, s) => (
        <span className='console-nowrap'>
          {s.date}
          <Typography.Text type='secondary' className='console-sub'>
            {s.startTime}-{s.endTime}
          </Typography.Text>
        </span>
      ),
    },
    { title: '日期', dataIndex: 'date', valueType: 'dateRange', hideInTable: true, order: 1 },
    {
      title: '班级',
      dataIndex: 'classId',
      valueType: 'select',
      width: 170,
      ellipsis: true,
      order: 4,
      fieldProps: { showSearch: true, optionFilterProp: 'label', placeholder: '全部班级' },
      request: async () => (await options.get()).classes.map((c) => ({ value: String(c.id), label: c.name })),
      render: (_, s) => s.className,
    },
    {
      title: '课程',
      dataIndex: 'course',
      valueType: 'select',
      width: 120,
      order: 2,
      ellipsis: true,
      fieldProps: { showSearch: true, placeholder: '全部课程' },
      request: async () => (await options.get()).courses.map((c) => ({ value: c, label: c })),
      render: (_, s) => s.course,
    },
    {
      title: '任课老师',
      dataIndex: 'teacherId',
      valueType: 'select',
      width: 90,
      order: 3,
      fieldProps: { showSearch: true, optionFilterProp: 'label', placeholder: '全部老师' },
      request: async () => (await options.get()).teachers.map((t) => ({ value: String(t.id), label: t.name })),
      render: (_, s) => s.teacherName,
    },
    {
      title: '地点',
      dataIndex: 'place',
      search: false,
      width: 110,
      ellipsis: true,
      render: (_, s) =>
        s.place ||
        (s.onlineUrl ? (
          <Typography.Link href={s.onlineUrl} target='_blank' rel='noreferrer'>
            线上
          </Typography.Link>
        ) : (
          '-'
        )),
    },
    { title: '进度', dataIndex: 'phase', search: false, width: 84, ...enumColumn(SESSION_PHASE_ENUM) },
    { title: '考勤', key: 'counts', search: false, width: 170, render: (_, s) => <Counts s={s} /> },
    {
      title: '操作',
      valueType: 'option',
      width: canPlanSessions ? 170 : 110,
      fixed: 'right',
      render: (_, s) => {
        const may = sessionActions(s, now)
        return [
          ...(may.screen
            ? [
                <Typography.Link key='screen' onClick={() => screen.open(s)} data-testid={`session-screen-${s.id}`}>
                  签到码
                </Typography.Link>,
              ]
            : []),
          ...(may.rollCall
            ? [
                <Typography.Link key='roll' onClick={() => rollCall.open(s)} data-testid={`session-roll-call-${s.id}`}>
                  点名
                </Typography.Link>,
              ]
            : []),
          ...(canPlanSessions && may.change
            ? [
                <SessionForm
                  key='edit'
                  session={s}
                  options={options.get}
                  onSaved={reload}
                  trigger={<Typography.Link>修改</Typography.Link>}
                />,
              ]
            : []),
          ...(canPlanSessions && may.cancel
            ? [
                <CancelSession
                  key='cancel'
                  session={s}
                  onCancelled={reload}
                  trigger={<Typography.Link type='danger'>取消</Typography.Link>}
                />,
              ]
            : []),
        ]
      },
    },
  ]

  return (
    <PageContainer title='课表' subTitle='面授课次、投屏签到与点名'>
      <ListTable<SessionRow>
        actionRef={actionRef}
        headerTitle='课次列表'
        columns={columns}
        arrayKeys={ARRAY_KEYS}
        fetch={fetchPage}
        scroll={{ x: 1024 }}
        search={{ span: 6 }}
        emptyText={<Empty description='没有符合条件的课次' />}
        toolBarRender={() =>
          canPlanSessions
            ? [
                <ImportSessions
                  key='import'
                  onImported={reload}
                  trigger={
                    <Button icon={<UploadOutlined />} data-testid='timetable-import'>
                      导入
                    </Button>
                  }
                />,
                <PlanForm
                  key='plan'
                  options={options.get}
                  onPlanned={reload}
                  trigger={<AddButton data-testid='timetable-plan'>排课</AddButton>}
                />,
              ]
            : []
        }
      />
      <Suspense fallback={null}>
        {screen.shown ? (
          <SessionScreen key={screen.shown.n} session={screen.shown.session} open={screen.shown.open} onClose={screen.close} />
        ) : null}
        {rollCall.shown ? (
          <RollCall
            key={rollCall.shown.n}
            session={rollCall.shown.session}
            open={rollCall.shown.open}
            onClose={(changed) => {
              rollCall.close()
              if (changed) reload()
            }}
          />
        ) : null}
      </Suspense>
    </PageContainer>
  )
}
