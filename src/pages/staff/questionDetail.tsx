import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { study } from '../../api/sms/study'
import type { TeacherQuestionDetail } from '../../api/sms/study-types'
import EmptyNotice from '../../components/empty-notice'
import { FormError } from '../../components/form'
import ImagePicker, { type DraftImage } from '../../components/image-picker'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import QuestionThread, { QuestionReply } from '../../components/question-thread'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import { useMounted } from '../../hooks/mounted'
import { staffIdOf } from '../../links/staff'
import { RequestError } from '../../request'
import { routeOf } from '../../routes'
import { asStaff, staffHolds, useRequireStaff } from '../../staff/session'
import { useStore } from '../../store'
import { ANSWER_MAX, QUESTION_IMAGES_MAX, answerPayload, postAuthor, staffQuestionTag } from './components/staff-questions'
import './questionDetail.scss'

const TITLE = routeOf('pages/staff/questionDetail')?.title ?? '答疑详情'
const MISSING = '提问不存在'
/** The right to answer and close (管理员, 招生老师); every operator position may read. */
const ANSWER_RIGHT = 'studentQuestions.answer'

const toast = (text: string) => useStore.getState().showToast(text, { icon: 'success' })

const uploadPicture = async (filePath: string) =>
  (await study.studentQuestion.uploadForTeacher({ filePath, fileName: filePath.split('/').pop() }, asStaff({ loadingTitle: '正在上传' })))
    .data.key

/**
 * 答疑详情 (教职工, `?id=`): the question, its student and the thread (pictures open full screen);
 * for a position that answers (管理员, 招生老师), while it is open, a reply with up to 6 pictures
 * (回复: 已回复, the student gets an unread reply) and 关闭. The server's refusals stay under the box.
 */
export default function StaffQuestionDetailPage() {
  const { staff } = useRequireStaff()
  const route = useRoute()
  const id = staffIdOf(route.query.id)
  const [data, setData] = useState<TeacherQuestionDetail | undefined>()
  const [state, setState] = useState<'loading' | 'failed' | 'missing' | 'ready'>('loading')
  const [content, setContent] = useState('')
  const [images, setImages] = useState<DraftImage[]>([])
  const [refusal, setRefusal] = useState('')
  const [busy, setBusy] = useState(false)
  const mounted = useMounted()

  const load = async () => {
    if (id === null) return setState('missing')
    try {
      const { data: detail } = await study.studentQuestion.detail({ id }, asStaff())
      if (!mounted.current) return
      setData(detail)
      setState('ready')
    } catch (err) {
      if (mounted.current) setState(err instanceof RequestError && err.status === 404 ? 'missing' : 'failed')
    }
  }
  useEffect(() => {
    if (staff) void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per question opened
  }, [staff !== null, id])

  /** One action: its answer shown; refused, the server's words stay here and the thread is asked again. */
  const act = async (run: () => Promise<{ data: TeacherQuestionDetail }>, done: string) => {
    if (busy) return false
    setBusy(true)
    setRefusal('')
    try {
      const { data: detail } = await run()
      toast(done)
      if (mounted.current) setData(detail)
      return true
    } catch (err) {
      if (mounted.current && err instanceof RequestError && err.kind !== 'network') {
        setRefusal(err.message)
        void load()
      }
      return false
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  const reply = async () => {
    if (!data) return
    const payload = answerPayload(
      data.id,
      content,
      images.map((i) => i.key),
    )
    if (!payload) return setRefusal('请填写回复内容')
    const sent = await act(() => study.studentQuestion.answerForTeacher(payload, asStaff({ loadingTitle: '正在发送' })), '已回复')
    if (sent && mounted.current) {
      setContent('')
      setImages([])
    }
  }

  const close = () => {
    if (data) void act(() => study.studentQuestion.closeForTeacher({ id: data.id }, asStaff({ loadingTitle: '正在关闭' })), '已关闭')
  }

  const body = () => {
    if (id === null || state === 'missing') return <EmptyNotice type='page' text={MISSING} />
    if (!data)
      return state === 'failed' ? (
        <RetryLine className='staff-question-state' onRetry={() => void load()} />
      ) : (
        <View className='staff-question-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )
    const tag = staffQuestionTag(data)
    const answers = staffHolds(staff, ANSWER_RIGHT)
    return (
      <>
        <View className='staff-question-head'>
          <View className='staff-question-head__top'>
            <Text className='staff-question-head__title'>{data.title}</Text>
            <Text className={`staff-question-tag staff-question-tag--${tag.tone}`}>{tag.label}</Text>
          </View>
          <Text className='staff-question-head__line'>
            {data.sectionTitle ? `${data.courseTitle} · ${data.sectionTitle}` : data.courseTitle}
          </Text>
          <Text className='staff-question-head__line'>
            {`学员：${data.student.name}${data.student.studentNo ? `（${data.student.studentNo}）` : ''} ${data.student.phone}`}
          </Text>
        </View>
        <QuestionThread
          posts={data.posts}
          block='staff'
          authorOf={(post, first) => postAuthor(post, data.student.name, staff?.name, first)}
          replyLabel='回复'
        />
        {data.closed ? (
          <Text className='staff-question-closed'>{data.closedBy === 'teacher' ? '老师已关闭该提问' : '学员已关闭该提问'}</Text>
        ) : answers ? (
          <QuestionReply
            block='staff'
            content={content}
            onInput={(text) => {
              setContent(text)
              setRefusal('')
            }}
            maxlength={ANSWER_MAX}
            placeholder='回复学员的问题'
            sendTitle='回复'
            busy={busy}
            onSend={() => void reply()}
            closeWarning='关闭后学员不能再追问，确定关闭吗？'
            onClose={close}
          >
            <ImagePicker images={images} onChange={setImages} upload={uploadPicture} max={QUESTION_IMAGES_MAX} disabled={busy} />
            <FormError name='refusal' error={refusal} />
          </QuestionReply>
        ) : null}
      </>
    )
  }

  return (
    <Page title={TITLE} insetBottom>
      {body()}
    </Page>
  )
}
