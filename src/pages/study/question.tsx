import { useEffect, useRef, useState } from 'react'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, Textarea, View } from '@tarojs/components'
import { SubscribeTemplate } from '@activity/wire'
import { cont } from '../../api/bms/cont'
import { study } from '../../api/sms/study'
import type { QuestionItem } from '../../api/sms/study-types'
import ConfirmButton from '../../components/confirm-button'
import ListFooter from '../../components/list-footer'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import { useRoute } from '../../components/router-helper'
import SelectPicker from '../../components/select-picker'
import TextInput from '../../components/text-input'
import { usePagedList } from '../../hooks/paged-list'
import { useRemote } from '../../hooks/remote'
import { press } from '../../platform'
import { RequestError } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { formatDate } from '../../utils/date'
import { askSubscribe, CAN_SUBSCRIBE, prefetchSubscribeTemplates } from '../../wechat/subscribe'
import { FormCard, FormError, FormRow } from '../../components/form'
import { idOf, questionDetailUrl } from '../../links/study'
import QuestionImages from './components/question-images'
import {
  askPayload,
  checkAsk,
  EMPTY_ASK,
  QUESTION_CONTENT_MAX,
  QUESTION_TABS,
  QUESTION_TITLE_MAX,
  questionTag,
  type AskField,
  type AskForm,
  type QuestionTab,
} from './components/question-logic'
import './question.scss'

const TITLE = routeOf('pages/study/question')?.title ?? '答疑'
const NO_SECTION = 0

function QuestionRow({ question, onOpen }: { question: QuestionItem; onOpen: () => void }) {
  const tag = questionTag(question)
  return (
    <View
      className={`question-item${question.unread > 0 ? ' question-item--unread' : ''}`}
      {...press(onOpen, { role: 'link', label: `${question.unread > 0 ? '有新回复，' : ''}${question.title}，${tag.label}` })}
    >
      <View className='question-item__row'>
        {question.unread > 0 ? <View className='question-item__dot' aria-hidden='true' /> : null}
        <Text className='question-item__title'>{question.title}</Text>
        <Text className={`question-tag question-tag--${tag.tone}`}>{tag.label}</Text>
      </View>
      <Text className='question-item__course'>
        {question.sectionTitle ? `${question.courseTitle} · ${question.sectionTitle}` : question.courseTitle}
      </Text>
      <View className='question-item__foot'>
        <Text className='question-item__time'>{formatDate(question.lastPostAt, 'yyyy-MM-dd hh:mm')}</Text>
        {question.unread > 0 ? <Text className='question-item__unread'>{`${question.unread} 条新回复`}</Text> : null}
      </View>
    </View>
  )
}

/** 提问: a course of mine (preset from a course's page), optionally a section, title, content, pictures. */
function AskPanel({
  presetCourse,
  onAsked,
  onCancel,
}: {
  presetCourse: number | null
  onAsked: (id: number) => void
  onCancel: () => void
}) {
  const [form, setForm] = useState<AskForm>({ ...EMPTY_ASK, courseId: presetCourse })
  const [errors, setErrors] = useState<Partial<Record<AskField, string>>>({})
  const [refusal, setRefusal] = useState('')
  const [busy, setBusy] = useState(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )
  const courses = useRemote((options) => study.join.listStudentOnlineCourseForClient({ page: 1, size: 100 }, options), true)
  // The sections of the course chosen, for the optional 课节.
  const [outline, setOutline] = useState<{ courseId: number; choices: Array<{ label: string; value: number }> } | null>(null)
  useEffect(() => {
    const courseId = form.courseId
    if (courseId === null) return
    let live = true
    cont.continueCourse
      .detailsForClient({ id: courseId }, { quiet: true })
      .then(({ data }) => {
        if (live)
          setOutline({
            courseId,
            choices: data.chapters.flatMap((ch) => ch.sections.map((s) => ({ label: `${ch.title} · ${s.title}`, value: s.id }))),
          })
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [form.courseId])

  const courseChoices = (courses.data?.list ?? []).map((c) => ({ label: c.title, value: c.courseId }))
  const sectionChoices = [
    { label: '不指定课节', value: NO_SECTION },
    ...(outline && outline.courseId === form.courseId ? outline.choices : []),
  ]

  const set = <K extends keyof AskForm>(field: K, value: AskForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }))
    if (field === 'courseId' || field === 'title' || field === 'content')
      setErrors((e) => ({ ...e, [field === 'courseId' ? 'course' : field]: '' }))
    setRefusal('')
  }

  const submit = async () => {
    // WeChat asks within the tap only: 订阅回复提醒 with the question.
    if (CAN_SUBSCRIBE) void askSubscribe([SubscribeTemplate.reply], 'student')
    const found = checkAsk(form)
    setErrors(found)
    if (Object.values(found).some(Boolean) || form.courseId === null || busy) return
    setBusy(true)
    try {
      const { data } = await study.studentQuestion.saveForClient(askPayload({ ...form, courseId: form.courseId }), {
        loadingTitle: '正在提交',
      })
      useStore.getState().showToast('已提交，老师会尽快回复', { icon: 'success' })
      if (mounted.current) onAsked(data.id)
    } catch (err) {
      if (mounted.current && err instanceof RequestError && err.kind !== 'network') setRefusal(err.message)
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  return (
    <View className='question-ask'>
      <FormCard title='向老师提问'>
        <FormRow name='course' label='课程' required error={errors.course}>
          <SelectPicker
            range={courseChoices}
            rangeKey='label'
            valueKey='value'
            value={form.courseId ?? undefined}
            placeholder={courses.data && courseChoices.length === 0 ? '还没有加入课程' : '请选择课程'}
            disabled={courseChoices.length === 0}
            onChange={(v) => setForm((f) => ({ ...f, courseId: v as number, sectionId: null }))}
          />
        </FormRow>
        <FormRow name='section' label='课节'>
          <SelectPicker
            range={sectionChoices}
            rangeKey='label'
            valueKey='value'
            value={form.sectionId ?? NO_SECTION}
            placeholder='选填'
            disabled={form.courseId === null}
            onChange={(v) => set('sectionId', v === NO_SECTION ? null : (v as number))}
          />
        </FormRow>
        <FormRow name='title' label='标题' required error={errors.title}>
          <TextInput value={form.title} maxlength={QUESTION_TITLE_MAX} placeholder='一句话说明问题' onInput={(v) => set('title', v)} />
        </FormRow>
        <FormRow name='content' required error={errors.content}>
          <Textarea
            className='question-ask__content'
            value={form.content}
            maxlength={QUESTION_CONTENT_MAX}
            placeholder='详细描述你的问题，老师会尽快回复'
            onInput={(e) => set('content', e.detail.value)}
          />
        </FormRow>
        <FormRow name='images' hint='可上传题目截图等，最多6张'>
          <QuestionImages images={form.images} onChange={(images) => set('images', images)} disabled={busy} />
        </FormRow>
      </FormCard>
      <FormError name='refusal' error={refusal} />
      <View className='question-ask__actions'>
        <View className='question-ask__cancel' {...press(onCancel)}>
          <Text>取消</Text>
        </View>
        <ConfirmButton className='question-ask__submit' title='提交问题' loading={busy} onClick={() => void submit()} />
      </View>
    </View>
  )
}

/**
 * 答疑: my questions to the teachers, the latest post first, each with its tag (待回复, 已回复,
 * 已关闭) and a red dot while a reply is unread; filters by status; 提问 opens the form (at once
 * on a course, `?courseId=`, from its page). A question opens its thread.
 */
export default function StudyQuestionPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const presetCourse = idOf(route.query.courseId)
  const { notStudent, remember } = useStudentLoad()
  const [tab, setTab] = useState<QuestionTab>('')
  const [asking, setAsking] = useState(presetCourse !== null)
  const list = usePagedList<QuestionItem>(
    (page, size, options) => remember(study.studentQuestion.listForClient({ page, size, ...(tab ? { status: tab } : {}) }, options)),
    tab,
    signedIn,
  )
  // Back from a thread: what was read or answered there shows here.
  const shown = useRef(false)
  useDidShow(() => {
    if (CAN_SUBSCRIBE && signedIn) prefetchSubscribeTemplates('student')
    if (shown.current) void list.refresh()
    shown.current = true
  })
  useReachBottom(() => list.loadMore())
  usePullDownRefresh(() => {
    void list.refresh().finally(() => void Taro.stopPullDownRefresh())
  })

  const asked = (id: number) => {
    setAsking(false)
    void list.refresh()
    void Taro.navigateTo({ url: questionDetailUrl(id) })
  }

  if (notStudent)
    return (
      <Page title={TITLE}>
        <NotStudent />
      </Page>
    )
  return (
    <Page title={TITLE}>
      {asking ? (
        <AskPanel presetCourse={presetCourse} onAsked={asked} onCancel={() => setAsking(false)} />
      ) : (
        <View className='question-head'>
          <View className='question-tabs' role='tablist'>
            {QUESTION_TABS.map((t) => (
              <View
                key={t.label}
                className={`question-tabs__item${tab === t.status ? ' question-tabs__item--on' : ''}`}
                {...press(() => setTab(t.status), { role: 'tab', selected: tab === t.status })}
              >
                <Text>{t.label}</Text>
              </View>
            ))}
          </View>
          <View className='question-head__ask' {...press(() => setAsking(true))}>
            <Text>提问</Text>
          </View>
        </View>
      )}
      {asking ? null : (
        <View className='question-list'>
          {list.rows.map((q) => (
            <QuestionRow key={q.id} question={q} onOpen={() => void Taro.navigateTo({ url: questionDetailUrl(q.id) })} />
          ))}
          <ListFooter list={list} />
        </View>
      )}
    </Page>
  )
}
