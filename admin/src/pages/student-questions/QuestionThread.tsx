/**
 * One question in a drawer: its student and course, the thread (the question, follow-ups, the
 * teachers' answers with their names; pictures open large), and for 管理员 and 招生老师 the answer
 * box (text and up to 6 pictures) and 关闭提问. An answer makes the question 已回复 and reaches the
 * student as an unread reply and a message.
 */
import { PictureOutlined } from '@ant-design/icons'
import { QUESTION_IMAGES_MAX, type ReplyStatus } from '@activity/wire'
import { App, Button, Descriptions, Drawer, Empty, Image, Input, Popconfirm, Space, Spin, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'
import {
  imageRefusal,
  IMAGE_TYPES,
  questionsApi,
  type QuestionThread as Thread,
  type StoredImage,
  type ThreadPost,
} from '../../api/student-questions'
import { LoadFailure } from '../../components/LoadFailure'
import { EnumTag, REPLY_STATUS_ENUM } from '../../components/status'
import { formatDateTime } from '../../format'
import { useFileChooser } from '../../hooks/useFileChooser'
import { useSubmission } from '../../hooks/useSubmission'
import { useAccess } from '../../session/access'

const CONTENT_MAX = 2000

function Post({ post, index }: { post: ThreadPost; index: number }) {
  const teacher = post.author === 'teacher'
  return (
    <div className={`question-post question-post--${post.author}`} data-testid='question-post'>
      <Space className='console-gap-bottom-sm' wrap>
        {teacher ? <Tag color='orange'>老师</Tag> : <Tag color='blue'>学员</Tag>}
        <Typography.Text strong>{teacher ? post.teacherName : index === 0 ? '提问' : '追问'}</Typography.Text>
        <Typography.Text type='secondary'>{formatDateTime(post.createdAt)}</Typography.Text>
      </Space>
      <Typography.Paragraph className='question-post__content'>{post.content}</Typography.Paragraph>
      {post.images.length ? (
        <Image.PreviewGroup>
          <Space wrap>
            {post.images.map((image, i) => (
              <Image key={image.key} src={image.url} width={96} height={96} className='console-thumb' alt={`图片${i + 1}`} />
            ))}
          </Space>
        </Image.PreviewGroup>
      ) : null}
    </div>
  )
}

function AnswerBox({ thread, onAnswered }: { thread: Thread; onAnswered: (t: Thread) => void }) {
  const { message } = App.useApp()
  const [content, setContent] = useState('')
  const [images, setImages] = useState<StoredImage[]>([])
  const answer = useSubmission()
  const uploading = useSubmission()
  const close = useSubmission()

  const send = () =>
    answer.submit(async () => {
      if (!content.trim()) throw new Error('请填写回复内容')
      const next = await questionsApi.answer({ id: thread.id, content: content.trim(), images: images.map((i) => i.key) })
      setContent('')
      setImages([])
      onAnswered(next)
      message.success('已回复，学员会收到提醒')
    })

  // The pictures chosen at once are checked together, then stored one after another.
  const add = (files: File[]) => {
    const refused = files.map(imageRefusal).find(Boolean)
    if (refused) return uploading.refuse(refused)
    if (images.length + files.length > QUESTION_IMAGES_MAX) return uploading.refuse(`最多上传${QUESTION_IMAGES_MAX}张图片`)
    void uploading.submit(async () => {
      for (const file of files) {
        const stored = await questionsApi.upload(file)
        setImages((list) => [...list, stored])
      }
    })
  }
  const chooser = useFileChooser({
    accept: IMAGE_TYPES.join(','),
    multiple: true,
    label: '选择回复图片',
    onFiles: add,
  })

  return (
    <div className='console-gap-top'>
      {answer.shown}
      {uploading.shown}
      <Input.TextArea
        aria-label='回复内容'
        value={content}
        onChange={(e) => setContent(e.target.value)}
        rows={4}
        maxLength={CONTENT_MAX}
        showCount
        placeholder='回复学员的问题'
      />
      <Space className='console-gap-top-sm console-full-width' wrap>
        {images.map((image, i) => (
          <Space key={image.key} direction='vertical' size={0}>
            <Image src={image.url} width={72} height={72} className='console-thumb' alt={`回复图片${i + 1}`} />
            <Button type='link' size='small' onClick={() => setImages((list) => list.filter((x) => x.key !== image.key))}>
              移除
            </Button>
          </Space>
        ))}
        {images.length < QUESTION_IMAGES_MAX ? (
          <Button icon={<PictureOutlined />} loading={uploading.pending} onClick={chooser.choose}>
            添加图片（{images.length}/{QUESTION_IMAGES_MAX}）
          </Button>
        ) : null}
      </Space>
      <Space className='console-gap-top'>
        <Button type='primary' loading={answer.pending} onClick={() => void send()}>
          回复
        </Button>
        <Popconfirm
          title='关闭这个提问？'
          description='关闭后学员不能再追问'
          okText='关闭'
          cancelText='取消'
          onConfirm={() =>
            close.submit(async () => {
              onAnswered(await questionsApi.close(thread.id))
              message.success('已关闭')
            })
          }
        >
          <Button loading={close.pending}>关闭提问</Button>
        </Popconfirm>
      </Space>
      {close.shown}
      {chooser.input}
    </div>
  )
}

export function QuestionDrawer({ id, onClose, onChanged }: { id: number | null; onClose: () => void; onChanged: () => void }) {
  const { canAnswerQuestions } = useAccess()
  const [thread, setThread] = useState<Thread>()
  const [failed, setFailed] = useState('')
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (id === null) return
    let live = true
    setThread(undefined)
    setFailed('')
    questionsApi.detail(id).then(
      (t) => live && setThread(t),
      (error: unknown) => live && setFailed(error instanceof Error ? error.message : '加载失败'),
    )
    return () => {
      live = false
    }
  }, [id, attempt])

  const changed = (t: Thread) => {
    setThread(t)
    onChanged()
  }

  return (
    <Drawer open={id !== null} onClose={onClose} width={640} title={thread?.title ?? '答疑详情'} destroyOnClose>
      {failed ? (
        <LoadFailure title='提问加载失败' error={failed} onRetry={() => setAttempt((n) => n + 1)} />
      ) : !thread ? (
        <Spin className='console-loading' />
      ) : (
        <>
          <Descriptions size='small' column={2} className='console-gap-bottom'>
            <Descriptions.Item label='学员'>{`${thread.student.name}${thread.student.studentNo ? `（${thread.student.studentNo}）` : ''}`}</Descriptions.Item>
            <Descriptions.Item label='手机'>{thread.student.phone}</Descriptions.Item>
            <Descriptions.Item label='课程'>{thread.courseTitle}</Descriptions.Item>
            <Descriptions.Item label='课节'>{thread.sectionTitle ?? '未指定'}</Descriptions.Item>
            <Descriptions.Item label='状态'>
              <Space size={4}>
                <EnumTag valueEnum={REPLY_STATUS_ENUM} value={thread.status as ReplyStatus} />
                {thread.closed ? <Tag>{thread.closedBy === 'teacher' ? '老师已关闭' : '学员已关闭'}</Tag> : null}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label='提问时间'>{formatDateTime(thread.createdAt)}</Descriptions.Item>
          </Descriptions>
          {thread.posts.length ? thread.posts.map((p, i) => <Post key={p.id} post={p} index={i} />) : <Empty />}
          {thread.closed ? (
            <Typography.Text type='secondary'>该提问已关闭，不能再回复</Typography.Text>
          ) : canAnswerQuestions ? (
            <AnswerBox thread={thread} onAnswered={changed} />
          ) : (
            <Typography.Text type='secondary'>只有管理员和招生老师可以回复</Typography.Text>
          )}
        </>
      )}
    </Drawer>
  )
}
