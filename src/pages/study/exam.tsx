import { useState } from 'react'
import dayjs from 'dayjs'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { study } from '../../api/sms/study'
import type { AttemptSummary, PaperCard, PaperDetail } from '../../api/sms/exam-types'
import ConfirmButton from '../../components/confirm-button'
import EmptyNotice from '../../components/empty-notice'
import LoadingIndicator from '../../components/loading-indicator'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import { useRemote } from '../../hooks/remote'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { AttemptStatus, PaperUse } from '@activity/wire'
import { idOf } from '../../links/study'
import { attemptUrl, paperIntroUrl } from './components/exam-links'
import './exam.scss'

const TITLE = routeOf('pages/study/exam')?.title ?? '考试'
const TABS = [PaperUse.exam, PaperUse.mock] as const
const go = (url: string) => void Taro.navigateTo({ url })
const time = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '')

/** 开放时间: the window, or 不限 when the paper has none. */
export function windowText(p: Pick<PaperCard, 'opensAt' | 'closesAt'>): string {
  if (!p.opensAt && !p.closesAt) return '不限时间'
  if (!p.closesAt) return `${time(p.opensAt)} 起`
  if (!p.opensAt) return `截至 ${time(p.closesAt)}`
  return `${time(p.opensAt)} 至 ${time(p.closesAt)}`
}

const STATE_TONE: Record<string, string> = { 可参加: 'open', 答题中: 'going', 未开始: 'soon', 已用完: 'over', 已结束: 'over' }

function PaperRow({ paper }: { paper: PaperCard }) {
  return (
    <View className='exam-card' {...press(() => go(paperIntroUrl(paper.id)), { role: 'link', label: `${paper.title}，${paper.state}` })}>
      <View className='exam-card__top'>
        <Text className='exam-card__title'>{paper.title}</Text>
        <Text className={`exam-card__state exam-card__state--${STATE_TONE[paper.state] ?? 'over'}`}>{paper.state}</Text>
      </View>
      <Text className='exam-card__course'>{paper.courseTitle}</Text>
      <Text className='exam-card__facts'>
        {`${paper.durationMinutes} 分钟 · ${paper.questionCount} 题 · 满分 ${paper.totalScore} · 已考 ${paper.attemptsUsed}/${paper.maxAttempts} 次`}
      </Text>
      <View className='exam-card__bottom'>
        <Text className='exam-card__window'>{windowText(paper)}</Text>
        {paper.bestScore !== null ? <Text className='exam-card__best'>{`最高分 ${paper.bestScore}`}</Text> : null}
      </View>
    </View>
  )
}

function attemptScore(a: AttemptSummary): string {
  if (a.status === AttemptStatus.open) return '答题中'
  if (a.status === AttemptStatus.abandoned) return '已放弃'
  if (a.score === null) return '待阅卷'
  return `${a.score} 分`
}

/** A paper's intro: its facts, my attempts, and 开始答题 / 继续答题. */
function Intro({ paperId }: { paperId: number }) {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const [starting, setStarting] = useState(false)
  const detail = useRemote((options) => remember(study.studentExam.detailsForClient({ paperId }, options)), signedIn, {
    reloadOnShow: true,
  })
  const start = async (paper: PaperDetail) => {
    if (paper.openAttemptId !== null) return go(attemptUrl(paper.openAttemptId))
    setStarting(true)
    try {
      const { data } = await study.studentExam.start({ paperId: paper.id }, { loadingTitle: '正在准备试卷' })
      go(attemptUrl(data.id))
    } catch {
      // The wrapper has shown why (考试尚未开始, 作答次数已用完 …).
    } finally {
      setStarting(false)
    }
  }
  if (notStudent) return <NotStudent />
  const paper = detail.data
  if (!paper) return detail.failed ? <RetryLine onRetry={() => void detail.reload()} /> : <LoadingIndicator content='加载中' />
  const canStart = paper.state === '可参加' || paper.state === '答题中'
  return (
    <View className='exam-intro'>
      <View className='exam-intro__head'>
        <Text className='exam-intro__use'>{paper.use}</Text>
        <Text className='exam-intro__title'>{paper.title}</Text>
        <Text className='exam-intro__course'>{paper.courseTitle}</Text>
      </View>
      <View className='exam-facts'>
        {[
          ['考试时长', `${paper.durationMinutes} 分钟`],
          ['题目数量', `${paper.questionCount} 题`],
          ['满分 / 及格', `${paper.totalScore} / ${paper.passScore} 分`],
          ['作答次数', `已用 ${paper.attemptsUsed} / ${paper.maxAttempts} 次`],
          ['开放时间', windowText(paper)],
          ['最高分', paper.bestScore === null ? '--' : `${paper.bestScore} 分`],
        ].map(([label, value]) => (
          <View key={label} className='exam-facts__row'>
            <Text className='exam-facts__label'>{label}</Text>
            <Text className='exam-facts__value'>{value}</Text>
          </View>
        ))}
      </View>
      {paper.intro ? <Text className='exam-intro__text'>{paper.intro}</Text> : null}
      <Text className='exam-intro__rule'>开始后计时不停止，时间到系统自动交卷；答案随答随存，可中途退出后继续作答。</Text>
      <View className='exam-attempts'>
        <Text className='exam-attempts__title'>我的作答</Text>
        {paper.attempts.length === 0 ? <Text className='exam-attempts__none'>还没有作答记录</Text> : null}
        {paper.attempts.map((a) => (
          <View
            key={a.id}
            className='exam-attempt'
            {...press(() => go(attemptUrl(a.id)), {
              role: 'link',
              label: `第${a.number}次作答，${attemptScore(a)}，${a.status === AttemptStatus.open ? '继续答题' : '查看结果'}`,
            })}
          >
            <View className='exam-attempt__main'>
              <Text className='exam-attempt__number'>{`第 ${a.number} 次`}</Text>
              <Text className='exam-attempt__time'>{time(a.closedAt ?? a.startedAt)}</Text>
            </View>
            <Text className='exam-attempt__score'>{attemptScore(a)}</Text>
            <Text className='exam-attempt__go'>{a.status === AttemptStatus.open ? '继续答题' : '查看结果'}</Text>
          </View>
        ))}
      </View>
      <View className='exam-intro__bar'>
        <ConfirmButton
          className='exam-intro__start'
          title={paper.openAttemptId !== null ? '继续答题' : canStart ? '开始答题' : paper.state}
          disabled={!canStart}
          loading={starting}
          onClick={() => void start(paper)}
        />
      </View>
    </View>
  )
}

/** The papers of my courses: 考试 and 模拟试卷 tabs. */
function Papers({ courseId }: { courseId: number | null }) {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const [tab, setTab] = useState<string>(PaperUse.exam)
  const papers = useRemote(
    (options) => remember(study.studentExam.listForClient(courseId !== null ? { courseId } : {}, options)),
    signedIn,
    { reloadOnShow: true },
  )
  usePullDownRefresh(() => void papers.reload({ lock: true }).finally(() => void Taro.stopPullDownRefresh()))
  if (notStudent) return <NotStudent />
  const shown = papers.data?.filter((p) => p.use === tab)
  return (
    <>
      <View className='exam-tabs' role='tablist'>
        {TABS.map((t) => (
          <View
            key={t}
            className={`exam-tabs__tab${t === tab ? ' exam-tabs__tab--active' : ''}`}
            {...press(() => setTab(t), { role: 'tab', selected: t === tab })}
          >
            <Text>{t}</Text>
          </View>
        ))}
      </View>
      {!shown ? (
        papers.failed ? (
          <RetryLine onRetry={() => void papers.reload()} />
        ) : (
          <LoadingIndicator content='加载中' />
        )
      ) : shown.length === 0 ? (
        <EmptyNotice type='page' text={tab === PaperUse.exam ? '暂无考试' : '暂无模拟试卷'} />
      ) : (
        <View className='exam-list'>
          {shown.map((p) => (
            <PaperRow key={p.id} paper={p} />
          ))}
        </View>
      )}
    </>
  )
}

/**
 * 考试: the papers of my courses (`?courseId=` one course) in two tabs, 考试 and 模拟试卷; with
 * `?paperId=` one paper's intro and my attempts, to start, go on or see a result.
 */
export default function StudyExamPage() {
  const route = useRoute()
  const paperId = idOf(route.query.paperId)
  return (
    <Page title={TITLE} insetBottom>
      {paperId !== null ? <Intro paperId={paperId} /> : <Papers courseId={idOf(route.query.courseId)} />}
    </Page>
  )
}
