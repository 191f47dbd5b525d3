import { useEffect, useMemo, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { study } from '../../api/sms/study'
import type { AttemptResult, AttemptSheet, AttemptView } from '../../api/sms/exam-types'
import ConfirmButton from '../../components/confirm-button'
import Dialog from '../../components/dialog'
import EmptyNotice from '../../components/empty-notice'
import LoadingIndicator from '../../components/loading-indicator'
import NotStudent from '../../components/not-student'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import { useRemote } from '../../hooks/remote'
import { useStudentLoad } from '../../hooks/student-load'
import { RequestError } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { press } from '../../platform'
import { AttemptStatus } from '@activity/wire'
import {
  COUNTDOWN_WARN_MS,
  answerOnWire,
  SAVE_FAILED_TEXT,
  cellLabel,
  clockOffset,
  closeAttempt,
  createSaveQueue,
  formatCountdown,
  normalizeAnswer,
  remainingMs,
  resultCell,
  sheetCell,
  unansweredCount,
  type SaveQueue,
  type SaveQueueStatus,
} from './components/exam'
import { idOf } from '../../links/study'
import { paperIntroUrl } from './components/exam-links'
import QuestionView from './components/question-view'
import VerdictView from './components/verdict-view'
import './paper.scss'

const TITLE = routeOf('pages/study/paper')?.title ?? '答题'
const toast = (text: string) => useStore.getState().showToast(text)

const isOpen = (view: AttemptView): view is AttemptSheet => view.status === AttemptStatus.open

/** The server refused a save for good: the attempt has ended (409 考试已结束，答案未保存). */
const ended = (err: unknown) => err instanceof RequestError && err.status === 409

function StepBar({ index, count, onMove }: { index: number; count: number; onMove: (to: number) => void }) {
  return (
    <View className='paper-steps'>
      <View
        className={`paper-steps__item${index === 0 ? ' paper-steps__item--off' : ''}`}
        {...press(() => onMove(index - 1), { disabled: index === 0 })}
      >
        <Text>上一题</Text>
      </View>
      <View
        className={`paper-steps__item${index >= count - 1 ? ' paper-steps__item--off' : ''}`}
        {...press(() => onMove(index + 1), { disabled: index >= count - 1 })}
      >
        <Text>下一题</Text>
      </View>
    </View>
  )
}

/**
 * An open attempt: the countdown to the server's end, one question per screen, every change
 * saved at once, 交卷 with a confirm; at 0 it submits itself.
 */
function Sheet({ sheet, onClosed }: { sheet: AttemptSheet; onClosed: (result: AttemptResult) => void }) {
  const [offset] = useState(() => clockOffset(sheet.serverNow, Date.now()))
  const [now, setNow] = useState(() => Date.now())
  const [answers, setAnswers] = useState<Record<number, string[]>>(() =>
    Object.fromEntries(sheet.questions.map((q) => [q.position, q.response ?? []])),
  )
  const [index, setIndex] = useState(0)
  const [status, setStatus] = useState<SaveQueueStatus>({ saving: [], failed: [] })
  const [confirming, setConfirming] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const closing = useRef(false)
  const queue = useRef<SaveQueue | null>(null)

  const submit = async (auto: boolean) => {
    if (closing.current) return
    closing.current = true
    setConfirming(false)
    setSubmitting(true)
    const saved = await (queue.current?.flush() ?? Promise.resolve(true))
    if (!saved && !auto) {
      closing.current = false
      setSubmitting(false)
      return toast('有答案尚未保存，请检查网络后再交卷')
    }
    try {
      const over = () => study.studentExam.overPaper({ attemptId: sheet.id }, { lock: true, quiet: auto }).then((r) => r.data)
      const read = async () => {
        const { data } = await study.studentExam.attemptForClient({ id: sheet.id }, { quiet: true })
        if (isOpen(data)) throw new Error('still open')
        return data
      }
      const result = await closeAttempt({ over, read })
      queue.current?.dispose()
      onClosed(result)
    } catch {
      closing.current = false
      setSubmitting(false)
      if (auto) toast('交卷失败，正在重试')
    }
  }
  const submitRef = useRef(submit)
  submitRef.current = submit

  if (queue.current === null) {
    queue.current = createSaveQueue({
      send: (position, answer) =>
        study.studentExam.saveAnswer({ attemptId: sheet.id, position, answer: answerOnWire(answer) }, { lock: true, quiet: true }),
      isFinal: ended,
      onChange: setStatus,
      // The server says time is up: it closes the attempt; read the result.
      onClosed: () => void submitRef.current(true),
    })
  }
  useEffect(() => () => queue.current?.dispose(), [])

  const left = remainingMs(sheet.endsAt, offset, now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  // At 0 the page submits itself (and again each second while that fails).
  useEffect(() => {
    if (left <= 0 && !closing.current) void submitRef.current(true)
  }, [left, now])

  const questions = sheet.questions
  const q = questions[index]
  const change = (raw: string[]) => {
    if (!q || closing.current) return
    setAnswers((all) => ({ ...all, [q.position]: raw }))
    queue.current?.change(q.position, normalizeAnswer(q.type, raw))
  }
  const unanswered = unansweredCount(questions.map((x) => answers[x.position] ?? null))
  const saveLine = status.failed.length > 0 ? SAVE_FAILED_TEXT : status.saving.length > 0 ? '正在保存…' : '答案已自动保存'

  return (
    <View className='paper'>
      <View className='paper-head'>
        <View className='paper-head__main'>
          <Text className='paper-head__title'>{sheet.paperTitle}</Text>
          <View className={`paper-head__save${status.failed.length > 0 ? ' paper-head__save--failed' : ''}`} role='status'>
            <Text>{saveLine}</Text>
          </View>
        </View>
        <View className={`paper-clock${left <= COUNTDOWN_WARN_MS ? ' paper-clock--warn' : ''}`} role='timer' aria-label='剩余时间'>
          <Text className='paper-clock__label'>剩余</Text>
          <Text className='paper-clock__time'>{formatCountdown(left)}</Text>
        </View>
      </View>
      {q ? (
        <QuestionView
          key={q.position}
          type={q.type}
          stem={q.stem}
          options={q.options}
          answer={answers[q.position] ?? []}
          onChange={submitting ? undefined : change}
          heading={`第 ${index + 1}/${questions.length} 题 · ${q.score} 分`}
          label={`第${index + 1}题`}
        />
      ) : (
        <EmptyNotice type='page' text='试卷没有题目' />
      )}
      <StepBar index={index} count={questions.length} onMove={(to) => to >= 0 && to < questions.length && setIndex(to)} />
      <View className='paper-card-title'>
        <Text>答题卡</Text>
        <Text className='paper-card-title__hint'>{`已答 ${questions.length - unanswered}/${questions.length}`}</Text>
      </View>
      <View className='answer-card'>
        {questions.map((x, i) => {
          const cell = sheetCell(answers[x.position] ?? null, status.failed.includes(x.position))
          return (
            <View
              key={x.position}
              className={`answer-card__cell answer-card__cell--${cell}${i === index ? ' answer-card__cell--current' : ''}`}
              {...press(() => setIndex(i), { label: cellLabel(i + 1, cell) })}
              aria-current={i === index ? 'step' : undefined}
            >
              <Text>{i + 1}</Text>
            </View>
          )
        })}
      </View>
      <View className='paper-submit'>
        <ConfirmButton className='paper-submit__button' title='交卷' loading={submitting} onClick={() => setConfirming(true)} />
      </View>
      <Dialog
        isOpened={confirming}
        title='确认交卷'
        content={unanswered > 0 ? `还有 ${unanswered} 题未作答，交卷后不能修改，确定交卷吗？` : '交卷后不能修改，确定交卷吗？'}
        confirmText='交卷'
        onConfirm={() => void submit(false)}
        onCancel={() => setConfirming(false)}
      />
      {submitting ? (
        <View className='paper-closing' role='status'>
          <LoadingIndicator content={left <= 0 ? '时间到，正在自动交卷' : '正在交卷'} />
        </View>
      ) : null}
    </View>
  )
}

function scoreLine(result: AttemptResult): { score: string; verdict: string | null } {
  if (result.status === AttemptStatus.abandoned) return { score: '0', verdict: '已放弃' }
  if (result.score === null) return { score: '待阅卷', verdict: null }
  return { score: String(result.score), verdict: result.score >= result.passScore ? '及格' : '不及格' }
}

/** A closed attempt: the score (or 待阅卷), pass or fail, rank, and every question with its answer. */
function Result({ result }: { result: AttemptResult }) {
  const [added, setAdded] = useState<Record<number, boolean>>({})
  const [index, setIndex] = useState<number | null>(null)
  const line = scoreLine(result)
  const addToBook = async (questionId: number) => {
    try {
      await study.studentWrongSubject.addForSelf({ questionId }, { lock: true })
      setAdded((all) => ({ ...all, [questionId]: true }))
      toast('已加入错题本')
    } catch {
      // The wrapper has shown why.
    }
  }
  const shown = index === null ? result.questions : result.questions.slice(index, index + 1)
  return (
    <View className='paper-result'>
      <View className='paper-score'>
        <Text className='paper-score__title'>{result.paperTitle}</Text>
        <View className='paper-score__main'>
          <Text className='paper-score__value'>{line.score}</Text>
          {result.score !== null || result.status === AttemptStatus.abandoned ? (
            <Text className='paper-score__total'>{`/ ${result.totalScore} 分`}</Text>
          ) : null}
        </View>
        {line.verdict ? (
          <Text className={`paper-score__verdict paper-score__verdict--${line.verdict === '及格' ? 'pass' : 'fail'}`}>{line.verdict}</Text>
        ) : null}
        {result.score === null && result.status === AttemptStatus.marking ? (
          <Text className='paper-score__note'>{`客观题得分 ${result.objectiveScore ?? 0} 分，简答题待老师阅卷（${result.pendingMarks} 题）`}</Text>
        ) : null}
        <Text className='paper-score__note'>{`及格分 ${result.passScore} · ${result.closeReason ?? result.status}`}</Text>
        {result.rank ? <Text className='paper-score__rank'>{`排名 第 ${result.rank.rank} 名 / 共 ${result.rank.of} 人`}</Text> : null}
      </View>
      <View className='paper-card-title'>
        <Text>答题情况</Text>
        {index !== null ? (
          <View className='paper-card-title__all' {...press(() => setIndex(null))}>
            <Text>查看全部</Text>
          </View>
        ) : null}
      </View>
      <View className='answer-card'>
        {result.questions.map((x, i) => (
          <View
            key={x.position}
            className={`answer-card__cell answer-card__cell--${resultCell(x)}${i === index ? ' answer-card__cell--current' : ''}`}
            {...press(() => setIndex(i), { label: cellLabel(i + 1, resultCell(x)) })}
            aria-current={i === index ? 'step' : undefined}
          >
            <Text>{i + 1}</Text>
          </View>
        ))}
      </View>
      {shown.map((x) => (
        <View key={x.position} className='paper-answer'>
          <QuestionView
            type={x.type}
            stem={x.stem}
            options={x.options}
            answer={x.response ?? []}
            rightAnswer={x.rightAnswer}
            heading={`第 ${x.position} 题 · ${x.score} 分`}
            label={`第${x.position}题`}
          />
          <VerdictView
            type={x.type}
            verdict={x}
            mine={x.response ?? []}
            result={x.earned === null ? '待阅卷' : `得分 ${x.earned}/${x.score}`}
            note={x.comment ? `老师评语：${x.comment}` : null}
          >
            {resultCell(x) !== 'right' && x.earned !== null ? (
              <View className='paper-answer__actions'>
                {added[x.questionId] ? (
                  <Text className='paper-answer__added'>已加入错题本</Text>
                ) : (
                  <View className='paper-answer__book' {...press(() => void addToBook(x.questionId))}>
                    <Text>加入错题本</Text>
                  </View>
                )}
              </View>
            ) : null}
          </VerdictView>
        </View>
      ))}
      <View className='paper-submit'>
        <ConfirmButton title='返回考试' onClick={() => void Taro.redirectTo({ url: paperIntroUrl(result.paperId) })} />
      </View>
    </View>
  )
}

/**
 * 答题 (`?attemptId=`): an open attempt to answer (resumed with the server's answers), or, once
 * closed, its result on the same page.
 */
export default function StudyPaperPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const attemptId = idOf(route.query.attemptId)
  // A refusal of this attempt (not mine, gone) is said in place of the page; a 5xx or offline is retried.
  const student = useStudentLoad('client')
  const [closed, setClosed] = useState<AttemptResult | null>(null)
  const view = useRemote(
    (options) => student.remember(study.studentExam.attemptForClient({ id: attemptId ?? 0 }, options)),
    signedIn && attemptId !== null,
  )
  const data = view.data
  const result = useMemo(() => closed ?? (data && !isOpen(data) ? data : null), [closed, data])

  const body = () => {
    if (student.notStudent) return <NotStudent />
    if (attemptId === null || student.refused) return <EmptyNotice type='page' text={student.refused ?? '答卷不存在'} />
    if (result) return <Result result={result} />
    if (!data) return view.failed ? <RetryLine onRetry={() => void view.reload()} /> : <LoadingIndicator content='加载中' />
    return isOpen(data) ? <Sheet sheet={data} onClosed={setClosed} /> : null
  }
  return (
    <Page title={TITLE} insetBottom>
      {body()}
    </Page>
  )
}
