/**
 * 直播: a course's live sessions, newest first, with their status from the clock (未开始 /
 * 直播中 / 已结束). 管理员 adds and edits one (title, teacher, start and end in the office's time,
 * the provider's room address or the default room, the playback video and its length once it
 * has ended) and deletes one. A live section of the course's content shows one of these.
 */
import { ProFormDateTimePicker, ProFormDependency, ProFormDigit, ProFormText } from '@ant-design/pro-components'
import { Empty, Form, Typography } from 'antd'
import dayjs from 'dayjs'
import { type ReactElement } from 'react'
import { type LiveSession, liveSessionsApi } from '../../api/courses'
import { RemoveAction } from '../../components/RemoveAction'
import { LIVE_STATUS_ENUM, enumColumn } from '../../components/status'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime, officeInstant, officeTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { formatDuration } from './media'
import { MediaUpload, type StoredMedia } from './MediaUpload'
import { requiredText } from '../../form-rules'
import { saveRecord } from '../../components/record-form'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'

const FORMAT = 'YYYY-MM-DD HH:mm:ss'

interface LiveValues {
  title: string
  teacher: string
  /** Office wall-clock times, as the pickers give them. */
  startsAt: string
  endsAt: string
  roomUrl?: string
  playback?: StoredMedia
  playbackDuration?: number | null
}

function initialOf(session: LiveSession | undefined, teacher: string): Partial<LiveValues> {
  if (!session) return { teacher }
  return {
    title: session.title,
    teacher: session.teacher,
    startsAt: officeTime(session.startsAt).format(FORMAT),
    endsAt: officeTime(session.endsAt).format(FORMAT),
    roomUrl: session.roomUrl ?? undefined,
    playback: session.playbackKey ? { key: session.playbackKey, fileName: '已上传的回放', size: null } : undefined,
    playbackDuration: session.playbackDuration ?? undefined,
  }
}

function LiveForm({
  courseId,
  teacher,
  session,
  trigger,
  onSaved,
}: {
  courseId: number
  teacher: string
  session?: LiveSession
  trigger: ReactElement
  onSaved: () => void
}) {
  const [form] = Form.useForm<LiveValues>()
  return (
    <SubmitModalForm<LiveValues>
      title={session ? `编辑直播「${session.title}」` : '新增直播'}
      trigger={trigger}
      width={600}
      form={form}
      initialValues={initialOf(session, teacher)}
      onSubmit={(values) => {
        const input = {
          courseId,
          title: values.title.trim(),
          teacher: values.teacher.trim(),
          startsAt: officeInstant(values.startsAt),
          endsAt: officeInstant(values.endsAt),
          roomUrl: values.roomUrl?.trim() ?? '',
          ...(values.playback
            ? { playbackKey: values.playback.key, playbackDuration: Number(values.playbackDuration) }
            : { playbackKey: '', playbackDuration: 0 }),
        }
        return saveRecord(session, input, liveSessionsApi.create, liveSessionsApi.update)
      }}
      success={session ? '直播已保存' : '直播已新增'}
      onDone={onSaved}
    >
      <ProFormText name='title' label='直播标题' rules={requiredText('直播标题', 60)} />
      <ProFormText name='teacher' label='讲师' width='md' rules={requiredText('讲师', 30)} />
      <ProFormDateTimePicker
        name='startsAt'
        label='开始时间'
        fieldProps={{ format: 'YYYY-MM-DD HH:mm', showTime: { format: 'HH:mm' } }}
        rules={[{ required: true, message: '请选择开始时间' }]}
        extra='按北京时间；开始前30分钟给学员发提醒'
      />
      <ProFormDateTimePicker
        name='endsAt'
        label='结束时间'
        fieldProps={{ format: 'YYYY-MM-DD HH:mm', showTime: { format: 'HH:mm' } }}
        dependencies={['startsAt']}
        rules={[
          { required: true, message: '请选择结束时间' },
          ({ getFieldValue }) => ({
            validator: async (_r, v: string | undefined) => {
              const start = getFieldValue('startsAt') as string | undefined
              if (v && start && !dayjs(v).isAfter(dayjs(start))) throw new Error('结束时间需晚于开始时间')
            },
          }),
        ]}
      />
      <ProFormText
        name='roomUrl'
        label='直播间地址（选填）'
        placeholder='https://…'
        extra='直播服务商给的直播间链接；不填则用系统配置的直播服务（默认为本地演示直播间）。'
        rules={[{ type: 'url', message: '请填写以 http:// 或 https:// 开头的地址' }]}
      />
      <Form.Item name='playback' label='回放视频（选填）' extra='直播结束后上传；学员在课表中观看回放。'>
        <MediaUpload
          kind='video'
          label='上传回放视频'
          onDuration={(seconds) => {
            if (seconds !== null) form.setFieldsValue({ playbackDuration: seconds })
          }}
        />
      </Form.Item>
      <ProFormDependency name={['playback', 'playbackDuration']}>
        {({ playback, playbackDuration }: Partial<LiveValues>) =>
          playback ? (
            <ProFormDigit
              name='playbackDuration'
              label='回放时长（秒）'
              width='sm'
              min={0.01}
              max={24 * 3600}
              fieldProps={{ precision: 2 }}
              extra={playbackDuration ? formatDuration(playbackDuration) : '上传后自动读取；读不出时请手动填写'}
              rules={[{ required: true, message: '请填写回放时长' }]}
            />
          ) : null
        }
      </ProFormDependency>
    </SubmitModalForm>
  )
}

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
