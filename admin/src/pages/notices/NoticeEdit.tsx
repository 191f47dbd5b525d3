/**
 * 新建通知 / 编辑通知 (who holds the right, access.ts canManageNotices; only they see 保存, 发布 /
 * 下架 and 删除): the title, the content in the rich-text editor, and whom it addresses (school,
 * major, level, batch year, batch; none: every student) with the number of students that reaches
 * now, asked of the server as the target changes. Beside the form, the notice as a student's phone
 * shows it, from what the back-office stored at the last save. A published notice is taken down
 * before it is changed.
 */
import { FormDependency, PageForm, SelectField, TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { NoticeStatus, STUDENT_LEVELS } from '@activity/wire'
import { Alert, App, Button, Card, Col, Divider, Form, Row, Skeleton, Space, Typography } from 'antd'
import { useState } from 'react'
import { useAudienceCount } from '../../hooks/useAudienceCount'
import { useNavigate, useParams } from 'react-router-dom'
import { type Notice, noticesApi } from '../../api/notices'
import { LoadFailure } from '../../components/LoadFailure'
import { RefusalAlert } from '../../components/RefusalAlert'
import { RichTextField } from '../../components/RichTextField'
import { EnumTag, NOTICE_STATUS_ENUM } from '../../components/status'
import { formatDateTime } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { useSubmission } from '../../hooks/useSubmission'
import { useAccess } from '../../session/access'
import { BATCH_OPTIONS, BATCH_YEAR_OPTIONS } from '../students/roll'
import { PublishAction, RemoveNotice } from './NoticeActions'
import { NoticePhone } from './NoticePhone'
import { TARGET_FIELDS, targetBody, targetKey, targetQuery, type TargetValues } from './target'
import { requiredText } from '../../form-rules'

/** The back-office's limit on stored content (as activities). */
const CONTENT_MAX = 100_000

type Values = { title: string; content: string } & TargetValues

/** 将发送给 N 名学员: the server's count for the target, asked a moment after the last change. */
function Audience({ target }: { target: TargetValues }) {
  const key = targetKey(target)
  const { fresh, count, error } = useAudienceCount(key, (signal) => noticesApi.audience(targetQuery(target), signal))
  return (
    <Alert
      type={fresh && error ? 'error' : 'info'}
      showIcon
      data-testid='notice-audience'
      className='console-gap-bottom'
      message={
        !fresh
          ? '正在计算发送对象…'
          : error
            ? `发送人数计算失败：${error}`
            : `将发送给 ${count} 名学员${Object.keys(targetQuery(target)).length === 0 ? '（全部学员）' : ''}`
      }
    />
  )
}

function initialOf(n: Notice | undefined): Partial<Values> {
  if (!n) return { content: '' }
  return {
    title: n.title,
    content: n.content,
    targetSchool: n.targetSchool ?? undefined,
    targetMajor: n.targetMajor ?? undefined,
    targetLevel: n.targetLevel ?? undefined,
    targetBatchYear: n.targetBatchYear ?? undefined,
    targetBatch: n.targetBatch ?? undefined,
  }
}

function NoticeForm({ notice, onSaved }: { notice?: Notice; onSaved: (saved: Notice) => void }) {
  const { message } = App.useApp()
  const navigate = useNavigate()
  const { canManageNotices } = useAccess()
  const { submit, refusal, clear } = useSubmission()
  const locked = notice?.status === NoticeStatus.published
  return (
    <PageForm<Values>
      layout='vertical'
      disabled={locked}
      initialValues={initialOf(notice)}
      onValuesChange={clear}
      submitter={{
        searchConfig: { submitText: notice ? '保存' : '保存为草稿' },
        resetButtonProps: false,
        render: (_, dom) => [
          ...(locked || !canManageNotices ? [] : dom),
          <Button key='back' disabled={false} onClick={() => navigate('/notices')}>
            返回列表
          </Button>,
        ],
      }}
      onFinish={async (values) => {
        const base = { title: values.title.trim(), content: values.content }
        return submit(async () => {
          const saved = notice
            ? await noticesApi.update({ id: notice.id, ...base, ...targetBody(values) })
            : await noticesApi.create({ ...base, ...targetQuery(values) })
          void message.success(notice ? '通知已保存' : '通知已保存为草稿（未发布）')
          onSaved(saved)
        })
      }}
    >
      <RefusalAlert message={refusal} />
      {locked ? <Alert type='warning' showIcon message='这条通知已发布：下架后才能修改。' className='console-gap-bottom' /> : null}
      <TextField name='title' label='标题' rules={requiredText('标题', 60)} />
      <Divider orientation='left' orientationMargin={0}>
        发送对象
      </Divider>
      <Typography.Paragraph type='secondary'>不填则发给全部学员；填写的每一项都需符合（如 某校 + 2026年1期）。</Typography.Paragraph>
      <Row gutter={16}>
        <Col span={8}>
          <TextField name='targetSchool' label='学校' placeholder='全部学校' rules={[{ max: 60, message: '学校不能超过60个字符' }]} />
        </Col>
        <Col span={8}>
          <TextField name='targetMajor' label='专业' placeholder='全部专业' rules={[{ max: 60, message: '专业不能超过60个字符' }]} />
        </Col>
        <Col span={8}>
          <SelectField
            name='targetLevel'
            label='层次'
            placeholder='全部层次'
            options={STUDENT_LEVELS.map((l) => ({ value: l, label: l }))}
          />
        </Col>
        <Col span={8}>
          <SelectField name='targetBatchYear' label='批次年份' placeholder='全部年份' options={BATCH_YEAR_OPTIONS} />
        </Col>
        <Col span={8}>
          <SelectField name='targetBatch' label='批次' placeholder='全部批次' options={BATCH_OPTIONS} />
        </Col>
      </Row>
      <FormDependency name={[...TARGET_FIELDS]}>{(target) => <Audience target={target as TargetValues} />}</FormDependency>
      <Form.Item
        name='content'
        label='内容'
        rules={[
          {
            validator: async (_r, v: string | undefined) => {
              const html = v ?? ''
              if (!html.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(html)) throw new Error('请填写通知内容')
              if (html.length > CONTENT_MAX) throw new Error(`通知内容不能超过${CONTENT_MAX}个字符`)
            },
          },
        ]}
        extra='保存时服务器会清理不安全的内容；右侧预览显示的是清理后的结果。'
      >
        <RichTextField placeholder='通知正文…' />
      </Form.Item>
    </PageForm>
  )
}

export default function NoticeEdit() {
  const { id } = useParams()
  const navigate = useNavigate()
  const { canManageNotices } = useAccess()
  const editing = id !== undefined
  const { data, error, loading, reload } = useRemote(() => (editing ? noticesApi.details(Number(id)) : Promise.resolve(undefined)), [id])
  const [saved, setSaved] = useState<Notice>()
  // What the back-office stored: the latest save or action here, or what was loaded.
  const stored = saved && saved.id === data?.id && saved.updatedAt >= data.updatedAt ? saved : data

  return (
    <PageContainer
      title={editing ? `编辑通知${stored ? `「${stored.title}」` : ''}` : '新建通知'}
      subTitle={stored ? <EnumTag valueEnum={NOTICE_STATUS_ENUM} value={stored.status} /> : undefined}
      onBack={() => navigate('/notices')}
      extra={
        stored && canManageNotices ? (
          <Space>
            <PublishAction notice={stored} onDone={reload} button />
            <RemoveNotice notice={stored} onRemoved={() => navigate('/notices')} />
          </Space>
        ) : null
      }
    >
      {editing && error && !data ? (
        <LoadFailure title='通知加载失败' error={error} onRetry={reload} />
      ) : editing && !data ? (
        <Skeleton active loading={loading} paragraph={{ rows: 10 }} />
      ) : (
        <div className='console-split'>
          <Card variant='borderless' className='console-grow'>
            <NoticeForm
              // A publish or take-down reloads the notice: the form follows its status.
              key={data ? `${data.id}-${data.status}` : 'new'}
              notice={data}
              onSaved={(n) => {
                setSaved(n)
                if (editing) reload()
                else navigate(`/notices/${n.id}/edit`, { replace: true })
              }}
            />
          </Card>
          <Card
            title='手机预览'
            className='console-preview'
            extra={stored ? <Typography.Text type='secondary'>保存于 {formatDateTime(stored.updatedAt)}</Typography.Text> : null}
          >
            {stored ? (
              <NoticePhone notice={stored} />
            ) : (
              <Typography.Text type='secondary'>保存后在这里显示服务器清理后的内容，与学员手机上看到的一致。</Typography.Text>
            )}
          </Card>
        </div>
      )}
    </PageContainer>
  )
}
