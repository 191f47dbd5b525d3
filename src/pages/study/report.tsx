import dayjs from 'dayjs'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { study } from '../../api/sms/study'
import type { StudyReport } from '../../api/sms/exam-types'
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
import { STUDY_LINKS, idOf } from '../../links/study'
import { exerciseUrl } from './components/exam-links'
import { formatStudyTime } from './components/player'
import './report.scss'

const TITLE = routeOf('pages/study/report')?.title ?? '学习报告'
const go = (url: string) => void Taro.navigateTo({ url })

/** The score chart's box (design px, 750 wide). */
const CHART = { width: 600, height: 220, pad: 16 }

export interface ChartPoint {
  x: number
  y: number
}

/** Exam scores as points in the chart's box: oldest left, each as a share of its paper's total. */
export function scorePoints(exams: StudyReport['exams'], box = CHART): ChartPoint[] {
  const n = exams.length
  return exams.map((e, i) => {
    const share = e.totalScore > 0 ? Math.min(1, Math.max(0, e.score / e.totalScore)) : 0
    return {
      x: box.pad + (n === 1 ? (box.width - 2 * box.pad) / 2 : (i * (box.width - 2 * box.pad)) / (n - 1)),
      y: box.pad + (1 - share) * (box.height - 2 * box.pad),
    }
  })
}

/** A segment between two points as a rotated line: where it starts, its length and angle. */
export function segmentOf(a: ChartPoint, b: ChartPoint): { left: number; top: number; length: number; angle: number } {
  return { left: a.x, top: a.y, length: Math.hypot(b.x - a.x, b.y - a.y), angle: (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI }
}

const px = (n: number) => Taro.pxTransform(n)

/** Exam scores over time: a line of plain views (no chart library in the mini-programs). */
function ScoreChart({ exams }: { exams: StudyReport['exams'] }) {
  const points = scorePoints(exams)
  return (
    <View
      className='report-chart'
      style={{ width: px(CHART.width), height: px(CHART.height) }}
      role='img'
      aria-label={`考试成绩：${exams.map((e) => `${e.paperTitle} ${e.score}/${e.totalScore}`).join('，')}`}
    >
      {points.slice(1).map((b, i) => {
        const s = segmentOf(points[i] as ChartPoint, b)
        return (
          <View
            key={`l${i}`}
            className='report-chart__line'
            style={{ left: px(s.left), top: px(s.top), width: px(s.length), transform: `rotate(${s.angle}deg)` }}
          />
        )
      })}
      {points.map((p, i) => (
        <View key={`p${i}`} className='report-chart__dot' style={{ left: px(p.x - 8), top: px(p.y - 8) }} />
      ))}
    </View>
  )
}

/**
 * 学习报告 (`?courseId=`): practice done and its accuracy by chapter, exam scores over time, study
 * time over the last 30 days, and the wrong-answer book's count.
 */
export default function StudyReportPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const courseId = idOf(route.query.courseId)
  const { notStudent, remember } = useStudentLoad()
  const report = useRemote(
    (options) => remember(study.studentSubject.studentStudyReport({ courseId: courseId ?? 0 }, options)),
    signedIn && courseId !== null,
  )
  const body = () => {
    if (notStudent) return <NotStudent />
    if (courseId === null) return <EmptyNotice type='page' text='请从我的课程中选择课程查看学习报告' />
    const r = report.data
    if (!r) return report.failed ? <RetryLine onRetry={() => void report.reload()} /> : <LoadingIndicator content='加载中' />
    const most = Math.max(1, ...r.studyTime.days.map((d) => d.seconds))
    const month = r.studyTime.days.reduce((sum, d) => sum + d.seconds, 0)
    return (
      <View className='report'>
        <Text className='report__course'>{r.courseTitle}</Text>
        <View className='report-stats'>
          <View className='report-stats__cell'>
            <Text className='report-stats__value report-stats__done'>{`${r.exercise.done}/${r.exercise.total}`}</Text>
            <Text className='report-stats__label'>已做题目</Text>
          </View>
          <View className='report-stats__cell'>
            <Text className='report-stats__value report-stats__accuracy'>{`${r.exercise.accuracy}%`}</Text>
            <Text className='report-stats__label'>正确率</Text>
          </View>
          <View
            className='report-stats__cell'
            {...press(() => go(STUDY_LINKS.wrong), { role: 'link', label: `错题 ${r.wrongCount}，查看错题本` })}
          >
            <Text className='report-stats__value report-stats__wrong'>{r.wrongCount}</Text>
            <Text className='report-stats__label'>错题</Text>
          </View>
        </View>

        <View className='report-block'>
          <View className='report-block__head'>
            <Text className='report-block__title'>章节练习</Text>
            <View className='report-block__more' {...press(() => go(exerciseUrl(r.courseId)), { role: 'link' })}>
              <Text>去练习</Text>
            </View>
          </View>
          {r.chapters.length === 0 ? <Text className='report-block__empty'>本课程还没有练习题</Text> : null}
          {r.chapters.map((c) => (
            <View key={c.id ?? 0} className='report-chapter'>
              <View className='report-chapter__top'>
                <Text className='report-chapter__title'>{c.title}</Text>
                <Text className='report-chapter__meta'>{`${c.done}/${c.total} 题 · 正确率 ${c.accuracy}%`}</Text>
              </View>
              <View className='report-chapter__bar'>
                <View className='report-chapter__fill' style={{ width: `${c.total ? (c.done / c.total) * 100 : 0}%` }} />
              </View>
            </View>
          ))}
        </View>

        <View className='report-block'>
          <Text className='report-block__title'>考试成绩</Text>
          {r.exams.length === 0 ? (
            <Text className='report-block__empty'>还没有已出分的考试</Text>
          ) : (
            <>
              <ScoreChart exams={r.exams} />
              {r.exams.map((e) => (
                <View key={e.attemptId} className='report-exam'>
                  <Text className='report-exam__title'>{e.paperTitle}</Text>
                  <Text className='report-exam__date'>{dayjs(e.closedAt).format('MM-DD')}</Text>
                  <Text className='report-exam__score'>{`${e.score}/${e.totalScore}`}</Text>
                </View>
              ))}
            </>
          )}
        </View>

        <View className='report-block'>
          <View className='report-block__head'>
            <Text className='report-block__title'>学习时长</Text>
            <Text className='report-block__meta'>{`近30天 ${formatStudyTime(month)} · 本课程 ${formatStudyTime(r.studyTime.course)}`}</Text>
          </View>
          <View className='report-days' role='img' aria-label={`近30天学习 ${formatStudyTime(month)}`}>
            {r.studyTime.days.map((d) => (
              <View key={d.day} className='report-days__day'>
                <View className='report-days__column' style={{ height: `${Math.round((d.seconds / most) * 100)}%` }} />
              </View>
            ))}
          </View>
          {r.studyTime.days.length > 0 ? (
            <View className='report-days__axis'>
              <Text>{dayjs(r.studyTime.days[0]?.day).format('MM-DD')}</Text>
              <Text>今天</Text>
            </View>
          ) : null}
        </View>
      </View>
    )
  }
  return <Page title={TITLE}>{body()}</Page>
}
