import { useEffect, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { study } from '../../api/sms/study'
import type { ExerciseChapter, ExerciseItem, ExerciseQuestion, Verdict } from '../../api/sms/exam-types'
import ConfirmButton from '../../components/confirm-button'
import Dialog from '../../components/dialog'
import EmptyNotice from '../../components/empty-notice'
import LoadingIndicator from '../../components/loading-indicator'
import NotStudent from '../../components/not-student'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import { useRemote } from '../../hooks/remote'
import { press } from '../../platform'
import { useStudentLoad, type StudentLoad } from '../../hooks/student-load'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { DIFFICULTIES, type Difficulty } from '@activity/wire'
import { answerOnWire, cellLabel, exerciseCell, isAnswered, normalizeAnswer } from './components/exam'
import { idOf } from '../../links/study'
import { exerciseUrl } from './components/exam-links'
import QuestionView from './components/question-view'
import VerdictView from './components/verdict-view'
import './exercise.scss'

const TITLE = routeOf('pages/study/exercise')?.title ?? '章节练习'
const ALL = '全部' as const
const toast = (text: string) => useStore.getState().showToast(text)
const go = (url: string) => void Taro.navigateTo({ url })

/** Refusals a retry will not change (not a student, not joined): said in place of the page. */
const refusedOf = ({ notStudent, refused }: StudentLoad) => notStudent || Boolean(refused)

function Refused({ student }: { student: StudentLoad }) {
  return student.notStudent ? <NotStudent /> : <EmptyNotice type='page' text={student.refused ?? ''} />
}

/** No course given: my courses to choose from. */
function CoursePicker() {
  const signedIn = useRequireLogin()
  const student = useStudentLoad('client')
  const { remember } = student
  const mine = useRemote((options) => remember(study.join.listStudentOnlineCourseForClient({ page: 1, size: 50 }, options)), signedIn)
  if (refusedOf(student)) return <Refused student={student} />
  if (!mine.data) return mine.failed ? <RetryLine onRetry={() => void mine.reload()} /> : <LoadingIndicator content='加载中' />
  if (mine.data.list.length === 0) return <EmptyNotice type='page' text='还没有加入课程，加入课程后即可练习' />
  return (
    <View className='exercise-courses'>
      <Text className='exercise-courses__hint'>选择要练习的课程</Text>
      {mine.data.list.map((c) => (
        <View
          key={c.courseId}
          className='exercise-course'
          {...press(() => go(exerciseUrl(c.courseId)), { role: 'link', label: `${c.title}，去练习` })}
        >
          <Text className='exercise-course__title'>{c.title}</Text>
          <Text className='exercise-course__go'>去练习</Text>
        </View>
      ))}
    </View>
  )
}

function chapterCounts(chapter: ExerciseChapter, difficulty: Difficulty | typeof ALL) {
  if (difficulty === ALL) return { done: chapter.done, total: chapter.total }
  return chapter.byDifficulty[difficulty]
}

/** The difficulty in a page's query, when it is one. */
const difficultyOf = (raw: string | undefined): Difficulty | undefined =>
  DIFFICULTIES.find((d) => raw !== undefined && d === decodeURIComponent(raw))

/** A course's chapters with my progress, a difficulty to practise, and 重新练习 per chapter. */
function Chapters({ courseId }: { courseId: number }) {
  const signedIn = useRequireLogin()
  const student = useStudentLoad('client')
  const { remember } = student
  const [difficulty, setDifficulty] = useState<Difficulty | typeof ALL>(ALL)
  const [redoing, setRedoing] = useState<ExerciseChapter | null>(null)
  const chapters = useRemote((options) => remember(study.studentExercise.chaptersForClient({ courseId }, options)), signedIn, {
    reloadOnShow: true,
  })
  const redo = async () => {
    const chapter = redoing
    setRedoing(null)
    if (!chapter) return
    try {
      await study.studentExercise.redo({ courseId, chapterId: chapter.id })
      toast('已清空本章练习记录')
      await chapters.reload({ lock: true })
    } catch {
      // The wrapper has shown why.
    }
  }
  if (refusedOf(student)) return <Refused student={student} />
  const data = chapters.data
  if (!data) return chapters.failed ? <RetryLine onRetry={() => void chapters.reload()} /> : <LoadingIndicator content='加载中' />
  return (
    <View className='exercise-chapters'>
      <Text className='exercise-chapters__course'>{data.courseTitle}</Text>
      <View className='exercise-chips' role='radiogroup' aria-label='难度'>
        {[ALL, ...DIFFICULTIES].map((d) => (
          <View
            key={d}
            className={`exercise-chips__chip${d === difficulty ? ' exercise-chips__chip--on' : ''}`}
            {...press(() => setDifficulty(d), { role: 'radio', checked: d === difficulty })}
          >
            <Text>{d}</Text>
          </View>
        ))}
      </View>
      {data.chapters.length === 0 ? <EmptyNotice type='page' text='本课程还没有练习题' /> : null}
      {data.chapters.map((chapter) => {
        const counts = chapterCounts(chapter, difficulty)
        return (
          <View key={chapter.id ?? 0} className='exercise-chapter'>
            <View
              className='exercise-chapter__main'
              {...press(
                () =>
                  counts.total === 0
                    ? toast('该难度下没有题目')
                    : go(exerciseUrl(courseId, { chapterId: chapter.id, difficulty: difficulty === ALL ? undefined : difficulty })),
                {
                  role: 'link',
                  // A tap on an empty one says why nothing opens: it stays pressable, and says so here.
                  label: `${chapter.title}，${counts.total === 0 ? '该难度下没有题目' : `已做 ${counts.done}/${counts.total} 题`}`,
                },
              )}
            >
              <Text className='exercise-chapter__title'>{chapter.title}</Text>
              <View className='exercise-chapter__bar'>
                <View className='exercise-chapter__fill' style={{ width: `${counts.total ? (counts.done / counts.total) * 100 : 0}%` }} />
              </View>
              <Text className='exercise-chapter__meta'>{`已做 ${counts.done}/${counts.total} 题${chapter.done ? ` · 答对 ${chapter.right} 题` : ''}`}</Text>
            </View>
            {chapter.done > 0 ? (
              <View className='exercise-chapter__redo' {...press(() => setRedoing(chapter), { label: `重新练习，${chapter.title}` })}>
                <Text>重新练习</Text>
              </View>
            ) : null}
          </View>
        )
      })}
      <Dialog
        isOpened={redoing !== null}
        title='重新练习'
        content={`清空「${redoing?.title ?? ''}」的练习记录，从头开始？错题本不受影响。`}
        onConfirm={() => void redo()}
        onCancel={() => setRedoing(null)}
      />
    </View>
  )
}

/** One question of the practice: answered here, or shown with what I answered before. */
function QuestionPane({
  q,
  label,
  onAnswered,
}: {
  q: ExerciseQuestion
  /** The choices' group as a screen reader calls it (第2题). */
  label: string
  onAnswered: (correct: boolean | null) => void
}) {
  const [draft, setDraft] = useState<string[]>(q.mine?.answer ?? [])
  const [verdict, setVerdict] = useState<(Verdict & { answer: string[] }) | null>(q.mine ? { ...q.mine } : null)
  const [inBook, setInBook] = useState(false)
  const [sending, setSending] = useState(false)

  const submit = async () => {
    if (sending) return
    const answer = normalizeAnswer(q.type, draft)
    if (!isAnswered(answer)) return toast('请先作答')
    setSending(true)
    try {
      const { data } = await study.studentSubject.handSubject({ questionId: q.id, answer: answerOnWire(answer) })
      setVerdict({ ...data, answer })
      setInBook(data.inWrongBook)
      onAnswered(data.correct)
    } catch {
      // The wrapper has shown why.
    } finally {
      setSending(false)
    }
  }

  const addToBook = async () => {
    try {
      await study.studentWrongSubject.addForSelf({ questionId: q.id }, { lock: true })
      setInBook(true)
      toast('已加入错题本')
    } catch {
      // The wrapper has shown why.
    }
  }

  return (
    <>
      <QuestionView
        type={q.type}
        stem={q.stem}
        options={q.options}
        answer={verdict ? verdict.answer : draft}
        onChange={verdict ? undefined : setDraft}
        rightAnswer={verdict?.rightAnswer}
        heading={q.difficulty}
        label={label}
      />
      {verdict ? (
        <VerdictView
          type={q.type}
          verdict={verdict}
          mine={verdict.answer}
          note={inBook ? (verdict.correct === true ? '已在错题本中' : '已加入错题本') : null}
        >
          <View className='exercise-verdict__actions'>
            {!inBook ? (
              <View className='exercise-verdict__book' {...press(() => void addToBook())}>
                <Text>加入错题本</Text>
              </View>
            ) : null}
            <View
              className='exercise-verdict__again'
              {...press(() => {
                setVerdict(null)
                setDraft([])
              })}
            >
              <Text>再做一次</Text>
            </View>
          </View>
        </VerdictView>
      ) : (
        <View className='exercise-submit'>
          <ConfirmButton title='提交答案' loading={sending} onClick={() => void submit()} />
        </View>
      )}
    </>
  )
}

/** Practice one question at a time, with the answer card and 重新练习. */
function Practice({ courseId, chapterId, difficulty }: { courseId: number; chapterId: number | null; difficulty?: Difficulty }) {
  const signedIn = useRequireLogin()
  const student = useStudentLoad('client')
  const { remember } = student
  const [items, setItems] = useState<ExerciseItem[] | null>(null)
  const [index, setIndex] = useState(0)
  const [showCard, setShowCard] = useState(false)
  const [redoOpen, setRedoOpen] = useState(false)

  const list = useRemote(
    (options) => remember(study.studentExercise.listForClient({ courseId, chapterId: chapterId ?? 0, difficulty }, options)),
    signedIn,
  )
  // Each answer of the list starts at the first question not done yet.
  useEffect(() => {
    if (!list.data) return
    setItems(list.data.items)
    setIndex(
      Math.max(
        0,
        list.data.items.findIndex((q) => !q.done),
      ),
    )
  }, [list.data])

  const current = items?.[index]
  const question = useRemote(
    (options) => remember(study.studentExercise.detailsForClient({ id: current?.id ?? 0 }, options)),
    signedIn && current !== undefined,
  )
  const q = question.data?.id === current?.id ? question.data : undefined
  // Another question: asked again (useRemote loads once per enabling).
  useEffect(() => {
    if (current && question.data && question.data.id !== current.id) void question.reload()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by question id
  }, [current?.id])

  const redo = async () => {
    setRedoOpen(false)
    try {
      await study.studentExercise.redo({ courseId, chapterId })
      await list.reload({ lock: true })
      toast('已清空练习记录，重新开始')
    } catch {
      // The wrapper has shown why.
    }
  }

  if (refusedOf(student)) return <Refused student={student} />
  if (!items) return list.failed ? <RetryLine onRetry={() => void list.reload()} /> : <LoadingIndicator content='加载中' />
  if (items.length === 0) return <EmptyNotice type='page' text='这里还没有练习题' />
  const done = items.filter((it) => it.done).length
  const move = (to: number) => {
    if (to < 0 || to >= items.length) return
    setShowCard(false)
    setIndex(to)
  }
  return (
    <View className='exercise-practice'>
      <View className='exercise-bar'>
        <Text className='exercise-bar__count'>{`第 ${index + 1} / ${items.length} 题 · 已做 ${done}`}</Text>
        <View className='exercise-bar__card' {...press(() => setShowCard((s) => !s), { expanded: showCard })}>
          <Text>答题卡</Text>
        </View>
        <View className='exercise-bar__redo' {...press(() => setRedoOpen(true))}>
          <Text>重新练习</Text>
        </View>
      </View>
      {showCard ? (
        <View className='answer-card'>
          {items.map((it, i) => (
            <View
              key={it.id}
              className={`answer-card__cell answer-card__cell--${exerciseCell(it)}${i === index ? ' answer-card__cell--current' : ''}`}
              {...press(() => move(i), { label: cellLabel(i + 1, exerciseCell(it)) })}
              aria-current={i === index ? 'step' : undefined}
            >
              <Text>{i + 1}</Text>
            </View>
          ))}
        </View>
      ) : null}
      {q ? (
        <QuestionPane
          key={q.id}
          q={q}
          label={`第${index + 1}题`}
          onAnswered={(correct) => setItems((all) => all?.map((it) => (it.id === q.id ? { ...it, done: true, correct } : it)) ?? null)}
        />
      ) : question.failed ? (
        <RetryLine onRetry={() => void question.reload()} />
      ) : (
        <LoadingIndicator content='加载中' />
      )}
      <View className='exercise-steps'>
        <View
          className={`exercise-steps__item${index === 0 ? ' exercise-steps__item--off' : ''}`}
          {...press(() => move(index - 1), { disabled: index === 0 })}
        >
          <Text>上一题</Text>
        </View>
        <View
          className={`exercise-steps__item${index >= items.length - 1 ? ' exercise-steps__item--off' : ''}`}
          {...press(() => move(index + 1), { disabled: index >= items.length - 1 })}
        >
          <Text>下一题</Text>
        </View>
      </View>
      <Dialog
        isOpened={redoOpen}
        title='重新练习'
        content='清空这些题目的练习记录，从第一题开始？错题本不受影响。'
        onConfirm={() => void redo()}
        onCancel={() => setRedoOpen(false)}
      />
    </View>
  )
}

/**
 * 章节练习: `?courseId=` a course's chapters with my progress and a difficulty; with `chapterId`
 * (0: 未分章) and `difficulty`, practice one question at a time (提交答案 -> right or wrong, the
 * right answer, the analysis; a wrong one goes in the wrong-answer book). No course: my courses.
 * The server keeps the progress.
 */
export default function StudyExercisePage() {
  const route = useRoute()
  const courseId = idOf(route.query.courseId)
  const rawChapter = route.query.chapterId
  const chapterId = rawChapter === undefined ? undefined : rawChapter === '0' ? null : idOf(rawChapter)
  const difficulty = difficultyOf(route.query.difficulty)
  return (
    <Page title={TITLE} insetBottom>
      {courseId === null ? (
        <CoursePicker />
      ) : chapterId === undefined ? (
        <Chapters courseId={courseId} />
      ) : (
        <Practice courseId={courseId} chapterId={chapterId} difficulty={difficulty} />
      )}
    </Page>
  )
}
