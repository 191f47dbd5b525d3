/**
 * 新建活动 / 编辑活动 (who holds the right, access.ts canManageActivities; only they see 保存):
 * title, type, cover, summary, time window and the body in the rich-text editor (pictures through
 * the upload call). Checked before sending; the server's refusal stays on the form. Saved
 * activities open on their page, whose phone preview shows what the back-office stored
 * (sanitised), never the editor's own HTML.
 */
import { DateTimeRangeField, FormDependency, PageForm, RadioField, TextAreaField, TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { ACTIVITY_TYPES, ActivityStatus, ActivityType } from '@activity/wire'
import { Alert, App, Button, Card, Form, Skeleton, Typography } from 'antd'
import dayjs from 'dayjs'
import { useNavigate, useParams } from 'react-router-dom'
import { type Activity, activitiesApi } from '../../api/activities'
import { RefusalAlert } from '../../components/RefusalAlert'
import { ImageUpload } from '../../components/ImageUpload'
import { LoadFailure } from '../../components/LoadFailure'
import { RichTextField } from '../../components/RichTextField'
import { formatDateTime, officeTime } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { useSubmission } from '../../hooks/useSubmission'
import { useAccess } from '../../session/access'
import { ActivityPhone } from './ActivityPhone'
import { requiredText } from '../../form-rules'
import { saveRecord } from '../../components/record-form'

/** The back-office's limit on a stored body (activities.schemas.ts BODY_MAX). */
const BODY_MAX = 100_000
const FORMAT = 'YYYY-MM-DD HH:mm:ss'

interface Values {
  title: string
  type: ActivityType
  /** 是 | 否: a 招生活动 shows its clue form while 进行中. */
  clueForm: '是' | '否'
  cover?: string
  summary?: string
  /** Office wall-clock times (Asia/Shanghai), as the server reads them. */
  window: [string, string]
  body: string
}

function initialOf(a: Activity | undefined): Partial<Values> {
  if (!a) return { type: ActivityType.campaign, clueForm: '是', body: '' }
  return {
    title: a.title,
    type: a.type,
    clueForm: a.clueForm === false ? '否' : '是',
    cover: a.cover ?? undefined,
    summary: a.summary,
    window: [officeTime(a.startAt).format(FORMAT), officeTime(a.endAt).format(FORMAT)],
    body: a.body,
  }
}

function ActivityForm({ activity }: { activity?: Activity }) {
  const { message } = App.useApp()
  const navigate = useNavigate()
  const { canManageActivities } = useAccess()
  const { submit, refusal, clear } = useSubmission()

  return (
    <PageForm<Values>
      layout='vertical'
      initialValues={initialOf(activity)}
      onValuesChange={clear}
      submitter={{
        searchConfig: { submitText: activity ? '保存' : '保存为草稿' },
        resetButtonProps: false,
        render: (_, dom) => [
          ...(canManageActivities ? dom : []),
          <Button key='cancel' onClick={() => navigate(activity ? `/activities/${activity.id}` : '/activities')}>
            取消
          </Button>,
        ],
      }}
      onFinish={async (values) => {
        const [start, end] = values.window
        const input = {
          title: values.title.trim(),
          type: values.type,
          clueForm: values.clueForm,
          cover: values.cover ?? '',
          summary: values.summary?.trim() ?? '',
          body: values.body,
          startAt: dayjs(start).format(FORMAT),
          endAt: dayjs(end).format(FORMAT),
        }
        return submit(async () => {
          const saved = await saveRecord(activity, input, activitiesApi.create, activitiesApi.update)
          message.success(activity ? '活动已保存' : '活动已保存为草稿（未发布）')
          navigate(`/activities/${saved.id}`)
        })
      }}
    >
      <RefusalAlert message={refusal} />
      {activity?.status === ActivityStatus.published ? (
        <Alert type='warning' showIcon message='这个活动已发布：保存后合伙人和访客立即看到修改。' className='console-gap-bottom' />
      ) : null}
      <TextField name='title' label='活动标题' width='xl' rules={requiredText('活动标题', 60)} />
      <RadioField
        name='type'
        label='类型'
        radioType='button'
        options={ACTIVITY_TYPES.map((t) => ({ value: t, label: t }))}
        extra='招生活动在活动时间内开放报名表单（访客通过合伙人分享的链接报名，线索记在该合伙人名下）；资讯没有报名表单。'
        rules={[{ required: true, message: '请选择类型' }]}
      />
      <FormDependency name={['type']}>
        {({ type }) =>
          type === ActivityType.campaign ? (
            <RadioField
              name='clueForm'
              label='报名表单'
              radioType='button'
              options={[
                { value: '是', label: '开启' },
                { value: '否', label: '关闭' },
              ]}
              extra='关闭后活动页只展示内容，访客不能报名。'
            />
          ) : null
        }
      </FormDependency>
      <DateTimeRangeField
        name='window'
        label='活动时间'
        fieldProps={{ format: 'YYYY-MM-DD HH:mm', showTime: { format: 'HH:mm' } }}
        rules={[
          { required: true, message: '请选择活动时间' },
          {
            validator: async (_r, v: [unknown, unknown] | undefined) => {
              if (!v?.[0] || !v[1]) return
              if (!dayjs(v[1] as string).isAfter(dayjs(v[0] as string))) throw new Error('结束时间需晚于开始时间')
            },
          },
        ]}
        extra='按北京时间'
      />
      <Form.Item name='cover' label='封面图片' extra='手机上以 750×400 的比例居中裁切显示；不填则不显示封面'>
        <ImageUpload previewWidth={240} previewHeight={128} />
      </Form.Item>
      <TextAreaField
        name='summary'
        label='摘要'
        fieldProps={{ rows: 2, maxLength: 200, showCount: true }}
        placeholder='列表卡片上的一句话；不填则取正文开头'
      />
      <Form.Item
        name='body'
        label='活动内容'
        rules={[
          {
            validator: async (_r, v: string | undefined) => {
              const html = v ?? ''
              if (!html.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(html)) throw new Error('请填写活动内容')
              if (html.length > BODY_MAX) throw new Error(`活动内容不能超过${BODY_MAX}个字符`)
            },
          },
        ]}
        extra='保存时服务器会清理不安全的内容（脚本、事件、危险链接）；预览显示的是清理后的结果。'
      >
        <RichTextField placeholder='活动介绍、时间地点、报名须知…' />
      </Form.Item>
    </PageForm>
  )
}

export default function ActivityEdit() {
  const { id } = useParams()
  const editing = id !== undefined
  const { data, error, loading, reload } = useRemote(() => (editing ? activitiesApi.details(Number(id)) : Promise.resolve(undefined)), [id])
  const navigate = useNavigate()

  return (
    <PageContainer
      title={editing ? `编辑活动${data ? `「${data.title}」` : ''}` : '新建活动'}
      onBack={() => navigate(editing ? `/activities/${id}` : '/activities')}
    >
      <div className='console-split'>
        <Card variant='borderless' className='console-grow'>
          {editing && error ? (
            <LoadFailure title='活动加载失败' error={error} onRetry={reload} />
          ) : editing && (loading || !data) ? (
            <Skeleton active paragraph={{ rows: 10 }} />
          ) : (
            <ActivityForm key={data?.id ?? 'new'} activity={data} />
          )}
        </Card>
        {data ? (
          <Card
            title='手机预览'
            className='console-preview'
            extra={<Typography.Text type='secondary'>保存于 {formatDateTime(data.updatedAt)}</Typography.Text>}
          >
            <ActivityPhone activity={data} />
          </Card>
        ) : null}
      </div>
    </PageContainer>
  )
}
