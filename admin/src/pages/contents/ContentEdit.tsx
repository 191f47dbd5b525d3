/**
 * 新建内容 / 编辑内容 (who holds the right, access.ts canManageContents; only they see 保存):
 * title, an optional key, and the body in the rich-text editor. The agreement and the privacy
 * policy keep their keys (the field is locked). Beside the form, the page as a phone shows it,
 * from what the back-office stored (sanitised) at the last save.
 */
import { PageForm, TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { App, Button, Card, Form, Skeleton, Space, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { PROTECTED_KEYS, type SiteContent, siteContentsApi } from '../../api/site-contents'
import { LoadFailure } from '../../components/LoadFailure'
import { RefusalAlert } from '../../components/RefusalAlert'
import { PhoneFrame, StoredHtml } from '../../components/PhonePreview'
import { RichTextField } from '../../components/RichTextField'
import { formatDateTime } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { useSubmission } from '../../hooks/useSubmission'
import { useAccess } from '../../session/access'
import { requiredText } from '../../form-rules'
import { saveRecord } from '../../components/record-form'

const BODY_MAX = 100_000
const KEY = /^[a-z][A-Za-z0-9_-]{1,39}$/
const PAGE_TITLE: Record<string, string> = { agreement: '用户协议', privacy: '隐私政策' }

interface Values {
  title: string
  key?: string
  body: string
}

/** The content as the partner app shows it: /pages/user/agreement, /pages/user/privacy, or /pages/main/content?id=. */
function ContentPhone({ content }: { content: SiteContent }) {
  return (
    <PhoneFrame title={(content.key && PAGE_TITLE[content.key]) || '内容'} testId='content-phone'>
      <div className='phone-card phone-card--content'>
        <div className='phone-title'>{content.title}</div>
        <StoredHtml html={content.body} />
        {content.images.map((src) => (
          <img key={src} src={src} alt='' className='phone-image' />
        ))}
      </div>
    </PhoneFrame>
  )
}

function ContentForm({ content, onSaved }: { content?: SiteContent; onSaved: (saved: SiteContent) => void }) {
  const { message } = App.useApp()
  const navigate = useNavigate()
  const { canManageContents } = useAccess()
  const { submit, refusal, clear } = useSubmission()
  const locked = Boolean(content?.key && PROTECTED_KEYS[content.key])
  return (
    <PageForm<Values>
      layout='vertical'
      initialValues={content ? { title: content.title, key: content.key ?? undefined, body: content.body } : { body: '' }}
      onValuesChange={clear}
      submitter={{
        searchConfig: { submitText: '保存' },
        resetButtonProps: false,
        render: (_, dom) => [
          ...(canManageContents ? dom : []),
          <Button key='back' onClick={() => navigate('/contents')}>
            返回列表
          </Button>,
        ],
      }}
      onFinish={async (values) => {
        const input = { title: values.title.trim(), key: values.key?.trim() || undefined, body: values.body, images: content?.images ?? [] }
        return submit(async () => {
          const saved = await saveRecord(content, input, siteContentsApi.create, siteContentsApi.update)
          message.success('内容已保存')
          onSaved(saved)
        })
      }}
    >
      <RefusalAlert message={refusal} />
      <TextField name='title' label='标题' rules={requiredText('标题', 100)} />
      <TextField
        name='key'
        label='内容标识'
        width='md'
        disabled={locked}
        placeholder='选填，如 guide'
        extra={
          locked
            ? `合伙人端 ${PROTECTED_KEYS[content!.key!]} 按这个标识打开，不能修改`
            : '选填：2-40位字母、数字、下划线或短横线，以小写字母开头；合伙人端可按标识打开'
        }
        rules={[{ pattern: KEY, message: '内容标识为2-40位字母、数字、下划线或短横线，以小写字母开头' }]}
      />
      <Form.Item
        name='body'
        label='正文'
        rules={[
          {
            validator: async (_r, v: string | undefined) => {
              const html = v ?? ''
              if (!html.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(html) && !(content?.images.length ?? 0))
                throw new Error('请填写内容')
              if (html.length > BODY_MAX) throw new Error(`内容不能超过${BODY_MAX}个字符`)
            },
          },
        ]}
        extra='保存时服务器会清理不安全的内容；右侧预览显示的是清理后的结果。'
      >
        <RichTextField height={440} />
      </Form.Item>
    </PageForm>
  )
}

export default function ContentEdit() {
  const { id } = useParams()
  const navigate = useNavigate()
  const editing = id !== undefined
  const { data, error, loading, reload } = useRemote(
    () => (editing ? siteContentsApi.details(Number(id)) : Promise.resolve(undefined)),
    [id],
  )
  const [saved, setSaved] = useState<SiteContent>()
  // What the back-office stored: the latest save here, or what was loaded.
  const stored = saved && saved.id === data?.id ? saved : data

  return (
    <PageContainer title={editing ? `编辑内容${data ? `「${data.title}」` : ''}` : '新建内容'} onBack={() => navigate('/contents')}>
      {editing && error ? (
        <LoadFailure title='内容加载失败' error={error} onRetry={reload} />
      ) : editing && (loading || !data) ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <div className='console-split'>
          <Card variant='borderless' className='console-grow'>
            <ContentForm
              key={data?.id ?? 'new'}
              content={data}
              onSaved={(c) => {
                setSaved(c)
                if (!editing) navigate(`/contents/${c.id}/edit`, { replace: true })
              }}
            />
          </Card>
          <Card
            title='手机预览'
            className='console-preview'
            extra={stored ? <Typography.Text type='secondary'>保存于 {formatDateTime(stored.updatedAt)}</Typography.Text> : null}
          >
            {stored ? (
              <ContentPhone content={stored} />
            ) : (
              <Space direction='vertical'>
                <Typography.Text type='secondary'>保存后在这里显示服务器清理后的内容，与合伙人手机上看到的一致。</Typography.Text>
              </Space>
            )}
          </Card>
        </div>
      )}
    </PageContainer>
  )
}
