import { useState } from 'react'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { study } from '../../api/sms/study'
import type { WrongItem, WrongQuestion, WrongRedoAnswer } from '../../api/sms/exam-types'
import ConfirmButton from '../../components/confirm-button'
import Dialog from '../../components/dialog'
import EmptyNotice from '../../components/empty-notice'
import ListFooter from '../../components/list-footer'
import LoadingIndicator from '../../components/loading-indicator'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import { usePagedList } from '../../hooks/paged-list'
import { useRemote } from '../../hooks/remote'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { QuestionType, WRONG_MASTER_STREAK, type QuestionType as QuestionTypeLabel } from '@activity/wire'
import { answerOnWire, isAnswered, normalizeAnswer } from './components/exam'
import { idOf } from '../../links/study'
import { wrongRedoUrl } from './components/exam-links'
import QuestionView from './components/question-view'
import VerdictView from './components/verdict-view'
import './wrong.scss'

const TITLE = routeOf('pages/study/wrong')?.title ?? '错题本'
const toast = (text: string) => useStore.getState().showToast(text)

/** Under a redo: mastered, how many more right answers it takes, or back to zero. */
export function streakText(answer: Pick<WrongRedoAnswer, 'correct' | 'streak' | 'mastered'>): string {
  if (answer.mastered) return '已掌握，已移出错题本'
  if (answer.correct === false) return '答错了，连续答对次数重新计算'
  return `再答对${Math.max(1, WRONG_MASTER_STREAK - answer.streak)}次即可移出`
}

type Row = WrongItem & { id: number }

/** A stem cut short, to tell one row's 重做 from the next for a screen reader. */
const briefStem = (stem: string) => {
  const chars = Array.from(stem)
  return chars.length > 20 ? `${chars.slice(0, 20).join('')}…` : stem
}

/** The book: what is in it, filters by course and type, the list. */
function Book() {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const [courseId, setCourseId] = useState<number | null>(null)
  const [type, setType] = useState<QuestionTypeLabel | null>(null)
  const [removing, setRemoving] = useState<Row | null>(null)
  const summary = useRemote((options) => remember(study.studentWrongSubject.summaryForClient({}, options)), signedIn, {
    reloadOnShow: true,
  })
  const list = usePagedList<Row>(
    async (page, size, options) => {
      const res = await remember(
        study.studentWrongSubject.list({ page, size, ...(courseId !== null ? { courseId } : {}), ...(type ? { type } : {}) }, options),
      )
      return { ...res, data: { ...res.data, list: res.data.list.map((w) => ({ ...w, id: w.questionId })) } }
    },
    `${courseId ?? ''}|${type ?? ''}`,
    signedIn,
  )
  useReachBottom(() => list.loadMore())
  usePullDownRefresh(() => {
    void Promise.all([list.refresh(), summary.reload({ lock: true })]).finally(() => void Taro.stopPullDownRefresh())
  })
  const remove = async () => {
    const row = removing
    setRemoving(null)
    if (!row) return
    try {
      await study.studentWrongSubject.removal({ questionId: row.questionId }, { lock: true })
      toast('已移出错题本')
      await Promise.all([list.refresh(), summary.reload({ lock: true })])
    } catch {
      // The wrapper has shown why.
    }
  }
  if (notStudent) return <NotStudent />
  const s = summary.data
  return (
    <>
      <View className='wrong-summary'>
        <View className='wrong-summary__cell'>
          <Text className='wrong-summary__value wrong-summary__total'>{s ? s.total : '--'}</Text>
          <Text className='wrong-summary__label'>待复习错题</Text>
        </View>
        <View className='wrong-summary__cell'>
          <Text className='wrong-summary__value wrong-summary__mastered'>{s ? s.mastered : '--'}</Text>
          <Text className='wrong-summary__label'>已掌握</Text>
        </View>
      </View>
      {s && s.courses.length > 0 ? (
        <View className='wrong-filter' role='radiogroup' aria-label='课程'>
          {[{ courseId: null, courseTitle: '全部课程', count: s.total }, ...s.courses].map((c) => (
            <View
              key={c.courseId ?? 0}
              className={`wrong-filter__chip${c.courseId === courseId ? ' wrong-filter__chip--on' : ''}`}
              {...press(() => setCourseId(c.courseId), { role: 'radio', checked: c.courseId === courseId })}
            >
              <Text>{`${c.courseTitle} ${c.count}`}</Text>
            </View>
          ))}
        </View>
      ) : null}
      {s && s.types.length > 0 ? (
        <View className='wrong-filter' role='radiogroup' aria-label='题型'>
          {[{ type: null, count: s.total }, ...s.types].map((t) => (
            <View
              key={t.type ?? 'all'}
              className={`wrong-filter__chip${t.type === type ? ' wrong-filter__chip--on' : ''}`}
              {...press(() => setType(t.type), { role: 'radio', checked: t.type === type })}
            >
              <Text>{t.type ?? '全部题型'}</Text>
            </View>
          ))}
        </View>
      ) : null}
      <View className='wrong-list'>
        {list.rows.map((w) => (
          <View key={w.questionId} className='wrong-item'>
            <View className='wrong-item__top'>
              <Text className='wrong-item__type'>{w.type}</Text>
              <Text className='wrong-item__count'>{`错${w.wrongCount}次`}</Text>
            </View>
            <Text className='wrong-item__stem'>{w.stem}</Text>
            <Text className='wrong-item__meta'>{`${w.courseTitle} · ${w.source}`}</Text>
            <View className='wrong-item__actions'>
              <View className='wrong-item__remove' {...press(() => setRemoving(w), { label: `移出错题本，${briefStem(w.stem)}` })}>
                <Text>移出错题本</Text>
              </View>
              <View
                className='wrong-item__redo'
                {...press(() => void Taro.navigateTo({ url: wrongRedoUrl(w.questionId) }), {
                  role: 'link',
                  label: `重做，${briefStem(w.stem)}`,
                })}
              >
                <Text>重做</Text>
              </View>
            </View>
          </View>
        ))}
        {list.total === 0 && !list.failed ? <EmptyNotice type='page' text='错题本是空的，继续保持' /> : <ListFooter list={list} />}
      </View>
      <Dialog
        isOpened={removing !== null}
        title='移出错题本'
        content='移出后可在练习或考试结果中重新加入。'
        confirmText='移出'
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  )
}

/** Redo one question of the book; 简答题: I judge my own answer against the reference. */
function Redo({ questionId }: { questionId: number }) {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const [draft, setDraft] = useState<string[]>([])
  const [answer, setAnswer] = useState<(WrongRedoAnswer & { answer: string[] }) | null>(null)
  const [removed, setRemoved] = useState(false)
  const question = useRemote((options) => remember(study.studentWrongSubject.detailsForClient({ questionId }, options)), signedIn)
  const send = async (q: WrongQuestion, selfCorrect?: boolean) => {
    const normal = normalizeAnswer(q.type, draft)
    if (!isAnswered(normal)) return toast('请先作答')
    try {
      const { data } = await study.studentWrongSubject.redo({
        questionId,
        answer: answerOnWire(normal),
        ...(selfCorrect === undefined ? {} : { selfCorrect }),
      })
      setAnswer({ ...data, answer: normal })
    } catch {
      // The wrapper has shown why.
    }
  }
  const remove = async () => {
    try {
      await study.studentWrongSubject.removal({ questionId }, { lock: true })
      setRemoved(true)
      toast('已移出错题本')
    } catch {
      // The wrapper has shown why.
    }
  }
  if (notStudent) return <NotStudent />
  const q = question.data
  if (!q) return question.failed ? <RetryLine onRetry={() => void question.reload()} /> : <LoadingIndicator content='加载中' />
  return (
    <View className='wrong-redo'>
      <Text className='wrong-redo__meta'>{`错${q.wrongCount}次 · 已连续答对${answer ? answer.streak : q.streak}次`}</Text>
      <QuestionView
        type={q.type}
        stem={q.stem}
        options={q.options}
        answer={answer ? answer.answer : draft}
        onChange={answer ? undefined : setDraft}
        rightAnswer={answer?.rightAnswer}
        heading={q.difficulty}
      />
      {answer ? (
        <VerdictView type={q.type} verdict={answer} mine={answer.answer} note={streakText(answer)}>
          <View className='wrong-redo__actions'>
            {!answer.mastered && !removed ? (
              <View className='wrong-item__remove' {...press(() => void remove())}>
                <Text>移出错题本</Text>
              </View>
            ) : null}
            <View className='wrong-item__redo' {...press(() => void Taro.navigateBack().catch(() => {}), { role: 'link' })}>
              <Text>返回错题本</Text>
            </View>
          </View>
        </VerdictView>
      ) : q.type === QuestionType.short ? (
        <View className='wrong-redo__judge'>
          <Text className='wrong-redo__hint'>简答题请对照参考答案自行判断</Text>
          <View className='wrong-redo__buttons'>
            <ConfirmButton className='wrong-redo__right' title='我答对了' onClick={() => void send(q, true)} />
            <ConfirmButton className='wrong-redo__wrong' title='我答错了' onClick={() => void send(q, false)} />
          </View>
        </View>
      ) : (
        <View className='wrong-redo__submit'>
          <ConfirmButton title='提交答案' onClick={() => void send(q)} />
        </View>
      )}
    </View>
  )
}

/**
 * 错题本: what I got wrong (exercises, exams, added by hand), by course and type, 错N次; `?questionId=`
 * redoes one: right twice in a row masters it (it leaves the book), wrong starts again.
 */
export default function StudyWrongPage() {
  const route = useRoute()
  const questionId = idOf(route.query.questionId)
  return (
    <Page title={TITLE} insetBottom>
      {questionId !== null ? <Redo questionId={questionId} /> : <Book />}
    </Page>
  )
}
