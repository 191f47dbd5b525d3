/** 新增直播 / 编辑直播 (a course's 直播 tab): title, teacher, start and end in the office's time, the room's address, and the playback once it is over. */
import { Form } from 'antd'
import dayjs from 'dayjs'
import { type LiveSession, liveSessionsApi } from '../../api/courses'
import { DateTimeField, FormDependency, NumberField, TextField } from '../../components/form'
import type { DialogControl } from '../../components/LazyDialog'
import { saveRecord } from '../../components/record-form'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { requiredText } from '../../form-rules'
import { officeInstant, officeTime } from '../../format'
import { formatDuration } from './media'
import { MediaUpload, type StoredMedia } from './MediaUpload'

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

export function LiveForm({
  courseId,
  teacher,
  session,
  onSaved,
  ...control
}: {
  courseId: number
  teacher: string
  session?: LiveSession
  onSaved: () => void
} & DialogControl) {
  const [form] = Form.useForm<LiveValues>()
  return (
    <SubmitModalForm<LiveValues>
      title={session ? `编辑直播「${session.title}」` : '新增直播'}
      {...control}
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
      <TextField name='title' label='直播标题' rules={requiredText('直播标题', 60)} />
      <TextField name='teacher' label='讲师' width='md' rules={requiredText('讲师', 30)} />
      <DateTimeField
        name='startsAt'
        label='开始时间'
        fieldProps={{ format: 'YYYY-MM-DD HH:mm', showTime: { format: 'HH:mm' } }}
        rules={[{ required: true, message: '请选择开始时间' }]}
        extra='按北京时间；开始前30分钟给学员发提醒'
      />
      <DateTimeField
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
      <TextField
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
      <FormDependency name={['playback', 'playbackDuration']}>
        {({ playback, playbackDuration }: Partial<LiveValues>) =>
          playback ? (
            <NumberField
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
      </FormDependency>
    </SubmitModalForm>
  )
}
