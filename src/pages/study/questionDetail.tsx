import { useEffect, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { SubscribeTemplate } from '@activity/wire'
import { study } from '../../api/sms/study'
import type { QuestionDetail } from '../../api/sms/study-types'
import EmptyNotice from '../../components/empty-notice'
import LoadingIndicator from '../../components/loading-indicator'
import NotStudent from '../../components/not-student'
import { useMounted } from '../../hooks/mounted'
import { useStudentLoad } from '../../hooks/student-load'
import { press } from '../../platform'
import Page from '../../components/page'
import QuestionThread, { QuestionReply, type ThreadPost } from '../../components/question-thread'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import { RequestError } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { askSubscribe, CAN_SUBSCRIBE, prefetchSubscribeTemplates } from '../../wechat/subscribe'
import { idOf } from '../../links/study'
import QuestionImages from './components/question-images'
import { QUESTION_CONTENT_MAX, questionTag, type DraftImage } from './components/question-logic'
import './questionDetail.scss'

const TITLE = routeOf('pages/study/questionDetail')?.title ?? '答疑详情'
const MISSING = '提问不存在'

const toast = (text: string) => useStore.getState().showToast(text)

/** Who wrote a post, as the thread heads it for its student. */
const postAuthor = (post: ThreadPost, first: boolean) =>
  post.author === 'teacher' ? `${post.teacherName ?? '老师'} · 老师` : first ? '我的提问' : '我的追问'

/**
 * 答疑详情 (`?id=`): the question and its thread (teachers' answers with their names, pictures
 * opening full screen), read as it opens (home's badge goes down); a follow-up box while it is open
 * (待回复 again), 关闭提问, and on the weapp 订阅回复提醒.
 */
export default function StudyQuestionDetailPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const id = idOf(route.query.id)
  const [data, setData] = useState<QuestionDetail | undefined>()
  const [state, setState] = useState<'loading' | 'failed' | 'missing' | 'ready'>('loading')
  const student = useStudentLoad('answered')
  const [content, setContent] = useState('')
  const [images, setImages] = useState<DraftImage[]>([])
  const [busy, setBusy] = useState(false)
  const mounted = useMounted()

  const load = async () => {
    if (id === null) return setState('missing')
    try {
      const { data: detail } = await student.remember(study.studentQuestion.detailsForClient({ id }))
      if (!mounted.current) return
      setData(detail)
      setState('ready')
      // Opened: the replies are read (home's badge and the list's dot go).
      study.studentQuestion.readForClient({ id }, { lock: true, quiet: true }).catch(() => {})
    } catch {
      // Not a student, or gone (student.refused): said in place of the page; else a retry.
      if (mounted.current) setState('failed')
    }
  }
  useEffect(() => {
    if (signedIn) void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per question opened
  }, [signedIn, id])
  useDidShow(() => {
    if (CAN_SUBSCRIBE && signedIn) prefetchSubscribeTemplates('student')
  })

  const send = async () => {
    if (!data || busy) return
    if (CAN_SUBSCRIBE) void askSubscribe([SubscribeTemplate.reply], 'student')
    const text = content.trim()
    if (!text) return toast('请填写内容')
    setBusy(true)
    try {
      const { data: detail } = await study.studentQuestion.answerForClient(
        { id: data.id, content: text, ...(images.length ? { images: images.map((i) => i.key) } : {}) },
        { loadingTitle: '正在发送' },
      )
      if (!mounted.current) return
      setData(detail)
      setContent('')
      setImages([])
      toast('已发送，等待老师回复')
    } catch (err) {
      // 409 该提问已关闭: show it closed.
      if (err instanceof RequestError && err.kind !== 'network') void load()
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  const close = async () => {
    if (!data) return
    try {
      const { data: detail } = await study.studentQuestion.closeForClient({ id: data.id })
      if (mounted.current) setData(detail)
      toast('已关闭')
    } catch {
      // The wrapper has shown why.
    }
  }

  const body = () => {
    if (student.notStudent) return <NotStudent />
    if (state === 'missing' || student.refused !== null) return <EmptyNotice type='page' text={MISSING} />
    if (!data)
      return state === 'failed' ? (
        <RetryLine className='question-detail-state' onRetry={() => void load()} />
      ) : (
        <View className='question-detail-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )
    const tag = questionTag(data)
    return (
      <>
        <View className='question-detail'>
          <View className='question-detail__top'>
            <Text className='question-detail__title'>{data.title}</Text>
            <Text className={`question-tag question-tag--${tag.tone}`}>{tag.label}</Text>
          </View>
          <Text className='question-detail__course'>
            {data.sectionTitle ? `${data.courseTitle} · ${data.sectionTitle}` : data.courseTitle}
          </Text>
          {CAN_SUBSCRIBE && !data.closed ? (
            <View
              className='question-detail__subscribe'
              {...press(() => void askSubscribe([SubscribeTemplate.reply], 'student').then(() => toast('已订阅')))}
            >
              <Text>订阅回复提醒</Text>
            </View>
          ) : null}
        </View>
        <QuestionThread posts={data.posts} block='question' authorOf={postAuthor} replyLabel='老师回复' />
        {data.closed ? (
          <Text className='question-closed'>{data.closedBy === 'teacher' ? '老师已关闭该提问' : '你已关闭该提问'}</Text>
        ) : (
          <QuestionReply
            block='question'
            content={content}
            onInput={setContent}
            maxlength={QUESTION_CONTENT_MAX}
            placeholder='还有疑问？继续追问老师'
            sendTitle='发送追问'
            busy={busy}
            onSend={() => void send()}
            closeWarning='关闭后不能再追问，确定关闭吗？'
            onClose={() => void close()}
          >
            <QuestionImages images={images} onChange={setImages} disabled={busy} />
          </QuestionReply>
        )}
      </>
    )
  }

  return (
    <Page title={TITLE} insetBottom>
      {body()}
    </Page>
  )
}
