/**
 * 直播: a course's live sessions, newest first, with their status from the clock (未开始 /
 * 直播中 / 已结束). 管理员 adds and edits one (title, teacher, start and end in the office's time,
 * the provider's room address or the default room, the playback video and its length once it
 * has ended) and deletes one. A live section of the course's content shows one of these.
 */
import { Empty, Typography } from 'antd'
import { type LiveSession, liveSessionsApi } from '../../api/courses'
import { RemoveAction } from '../../components/RemoveAction'
import { LIVE_STATUS_ENUM, enumColumn } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { formatDuration } from './media'
import { AddButton } from '../../components/AddButton'
import { lazyDialog } from '../../components/LazyDialog'
import { useTableReload } from '../../hooks/useTableReload'

/** 新增直播 / 编辑: in a module of its own, loaded when first opened (it brings the video upload). */
const LiveForm = lazyDialog(() => import('./LiveForm').then((m) => m.LiveForm))

export function LiveSessions({ courseId, teacher, canManage }: { courseId: number; teacher: string; canManage: boolean }) {
  const { actionRef, reload } = useTableReload()
  const columns: ListColumn<LiveSession>[] = [
    { title: '直播标题', dataIndex: 'title', ellipsis: true },
    { title: '讲师', dataIndex: 'teacher', width: 100 },
    { title: '开始时间', dataIndex: 'startsAt', width: 140, render: (_, s) => formatDateTime(s.startsAt) },
    { title: '结束时间', dataIndex: 'endsAt', width: 140, render: (_, s) => formatDateTime(s.endsAt) },
    { title: '状态', dataIndex: 'status', width: 90, ...enumColumn(LIVE_STATUS_ENUM) },
    {
      title: '直播间',
      dataIndex: 'roomUrl',
      ellipsis: true,
      render: (_, s) =>
        s.roomUrl ? (
          <Typography.Link href={s.roomUrl} target='_blank' rel='noreferrer'>
            {s.roomUrl}
          </Typography.Link>
        ) : (
          <Typography.Text type='secondary'>系统直播服务</Typography.Text>
        ),
    },
    {
      title: '回放',
      dataIndex: 'playbackKey',
      width: 90,
      render: (_, s) =>
        s.playbackUrl ? (
          <Typography.Link href={s.playbackUrl} target='_blank' rel='noreferrer' aria-label={`观看「${s.title}」的回放`}>
            {formatDuration(s.playbackDuration)}
          </Typography.Link>
        ) : s.playbackKey ? (
          formatDuration(s.playbackDuration)
        ) : (
          <Typography.Text type='secondary'>未上传</Typography.Text>
        ),
    },
    ...(canManage
      ? [
          {
            title: '操作',
            valueType: 'option',
            width: 110,
            render: (_: unknown, s: LiveSession) => [
              <LiveForm
                key='edit'
                courseId={courseId}
                teacher={teacher}
                session={s}
                trigger={<Typography.Link>编辑</Typography.Link>}
                onSaved={reload}
              />,
              <RemoveAction
                key='remove'
                title={`删除直播「${s.title}」？`}
                description='学员的课表中不再显示这场直播；放在课程内容里的直播节需另选场次。'
                remove={() => liveSessionsApi.remove(s.id)}
                onRemoved={reload}
                done='直播已删除'
              />,
            ],
          } satisfies ListColumn<LiveSession>,
        ]
      : []),
  ]
  return (
    <ListTable<LiveSession>
      local
      actionRef={actionRef}
      headerTitle='直播场次'
      columns={columns}
      search={false}
      fetch={(state) => liveSessionsApi.list({ ...toServerQuery(state), courseId })}
      emptyText={<Empty description='还没有直播场次' />}
      toolBarRender={() =>
        canManage
          ? [<LiveForm key='add' courseId={courseId} teacher={teacher} onSaved={reload} trigger={<AddButton>新增直播</AddButton>} />]
          : []
      }
    />
  )
}
