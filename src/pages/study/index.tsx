import { useState } from 'react'
import dayjs from 'dayjs'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { study } from '../../api/sms/study'
import type { CourseCard, MyCourse } from '../../api/sms/study-types'
import ListFooter from '../../components/list-footer'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import { useCurrentCourse } from '../../hooks/current-course'
import { usePagedList } from '../../hooks/paged-list'
import { press } from '../../platform'
import { useRemote } from '../../hooks/remote'
import type { RequestOptions } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import type { CurrentCourse } from '../../session/types'
import { relativeTime } from '../../utils/date'
import type { Envelope, Page as ListPage } from '@activity/wire'
import CourseCover from './components/course-cover'
import { priceText } from './components/course-logic'
import { STUDY_LINKS, courseDetailUrl, sectionUrl } from '../../links/study'
import { reportUrl } from './components/exam-links'
import { formatClock, formatStudyTime } from './components/player'
import './index.scss'

const TITLE = routeOf('pages/study/index')?.title ?? '我的课程'
/** Under the week's columns: the weekday (today 今). */
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六']

type Tab = 'all' | 'live' | 'collect'
const TABS: Array<{ key: Tab; label: string }> = [
  { key: 'all', label: '全部课程' },
  { key: 'live', label: '直播课' },
  { key: 'collect', label: '我的收藏' },
]

/** A row of either list: my course (with its progress) or a collected course card. */
type Row = { id: number; mine?: MyCourse; card?: CourseCard }

const go = (url: string) => void Taro.navigateTo({ url })

/** Where 继续学习 opens: the section, or the course when no section was studied yet. */
export const continueUrl = (c: Pick<CurrentCourse, 'courseId' | 'sectionId'>) =>
  c.sectionId !== null ? sectionUrl(c.sectionId) : courseDetailUrl(c.courseId)

/** One page of the tab's list, as rows. */
async function rowsOf(tab: Tab, page: number, size: number, options: RequestOptions): Promise<Envelope<ListPage<Row>>> {
  if (tab === 'collect') {
    const res = await study.collect.listForClient({ page, size }, options)
    return { ...res, data: { ...res.data, list: res.data.list.map((c) => ({ id: c.id, card: c })) } }
  }
  const call = tab === 'live' ? study.join.listStudentLiveCourseForClient : study.join.listStudentOnlineCourseForClient
  const res = await call({ page, size }, options)
  return { ...res, data: { ...res.data, list: res.data.list.map((c) => ({ id: c.courseId, mine: c })) } }
}

function CurrentCard({ course }: { course: CurrentCourse }) {
  return (
    <View className='study-current' {...press(() => go(continueUrl(course)), { role: 'link', label: `继续学习，${course.title}` })}>
      <View className='study-current__main'>
        <Text className='study-current__label'>继续学习</Text>
        <Text className='study-current__title'>{course.title}</Text>
        <Text className='study-current__section'>
          {course.sectionTitle
            ? `${course.sectionTitle}${course.position > 0 ? ` · 学到 ${formatClock(course.position)}` : ''}`
            : '从第一节开始'}
        </Text>
      </View>
      <Text className='study-current__go'>继续</Text>
    </View>
  )
}

function MyCourseRow({ course }: { course: MyCourse }) {
  return (
    // The card opens the course and 学习报告 the report: two controls side by side, not one in the other.
    <View className='my-course-row'>
      <View
        className='my-course my-course--in-row'
        {...press(() => go(courseDetailUrl(course.courseId)), {
          role: 'link',
          label: `${course.title}，${course.source}，已学 ${course.finished}/${course.total} 节`,
        })}
      >
        <CourseCover className='my-course__cover' cover={course.cover} title={course.title} />
        <View className='my-course__main'>
          <View className='my-course__top'>
            <Text className='my-course__title'>{course.title}</Text>
            <Text className='my-course__source'>{course.source}</Text>
          </View>
          <View className='my-course__bar'>
            <View className='my-course__fill' style={{ width: `${course.percent}%` }} />
          </View>
          <Text className='my-course__progress'>{`已学 ${course.finished}/${course.total} 节 · ${course.percent}%`}</Text>
          <Text className='my-course__last'>
            {course.lastSectionTitle
              ? `上次学到：${course.lastSectionTitle}${course.lastStudiedAt ? `（${relativeTime(course.lastStudiedAt)}）` : ''}`
              : '还没有开始学习'}
          </Text>
        </View>
      </View>
      <View
        className='my-course__report'
        {...press(() => go(reportUrl(course.courseId)), { role: 'link', label: `学习报告，${course.title}` })}
      >
        <Text>学习报告</Text>
      </View>
    </View>
  )
}

function CollectRow({ course }: { course: CourseCard }) {
  return (
    <View
      className='my-course'
      {...press(() => go(courseDetailUrl(course.id)), {
        role: 'link',
        label: `${course.title}，${course.joined ? '已加入' : priceText(course.price)}`,
      })}
    >
      <CourseCover className='my-course__cover' cover={course.cover} title={course.title} />
      <View className='my-course__main'>
        <Text className='my-course__title'>{course.title}</Text>
        <Text className='my-course__last'>{`${course.type} · ${course.sectionCount} 节`}</Text>
        <Text className='my-course__price'>{course.joined ? '已加入' : priceText(course.price)}</Text>
      </View>
    </View>
  )
}

/**
 * 我的课程: where I stopped (继续学习, the device's current course or the server's when newer),
 * my study time, and my courses (last studied first) with their progress; the live courses
 * alone, and the courses I collected.
 */
export default function StudyIndexPage() {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const [tab, setTab] = useState<Tab>('all')
  const current = useCurrentCourse(signedIn && !notStudent)
  const time = useRemote((options) => remember(study.studentKnowledge.studyTimeForClient({ days: 7 }, options)), signedIn, {
    reloadOnShow: true,
  })
  const list = usePagedList<Row>((page, size, options) => remember(rowsOf(tab, page, size, options)), tab, signedIn)
  useReachBottom(() => list.loadMore())
  usePullDownRefresh(() => {
    void Promise.all([list.refresh(), time.reload({ lock: true })]).finally(() => void Taro.stopPullDownRefresh())
  })

  const week = time.data?.days.reduce((sum, d) => sum + d.seconds, 0)
  const most = Math.max(1, ...(time.data?.days.map((d) => d.seconds) ?? [0]))

  return (
    <Page title={TITLE}>
      {notStudent ? (
        <NotStudent />
      ) : (
        <>
          {current ? <CurrentCard course={current} /> : null}
          <View className='study-time'>
            <View className='study-time__cell'>
              <Text className='study-time__value study-time__today'>{time.data ? formatStudyTime(time.data.today) : '--'}</Text>
              <Text className='study-time__label'>今日学习</Text>
            </View>
            <View className='study-time__cell'>
              <Text className='study-time__value study-time__week'>{week === undefined ? '--' : formatStudyTime(week)}</Text>
              <Text className='study-time__label'>近7天</Text>
            </View>
            <View className='study-time__cell'>
              <Text className='study-time__value study-time__total'>{time.data ? formatStudyTime(time.data.total) : '--'}</Text>
              <Text className='study-time__label'>累计学习</Text>
            </View>
            {time.data ? (
              <View className='study-time__days' aria-hidden='true'>
                {time.data.days.map((d, i, all) => (
                  <View key={d.day} className='study-time__day'>
                    <View className='study-time__bar'>
                      <View className='study-time__column' style={{ height: `${Math.round((d.seconds / most) * 100)}%` }} />
                    </View>
                    <Text className='study-time__weekday'>{i === all.length - 1 ? '今' : WEEKDAYS[dayjs(d.day).day()]}</Text>
                  </View>
                ))}
              </View>
            ) : null}
          </View>
          <View className='study-tabs' role='tablist'>
            {TABS.map((t) => (
              <View
                key={t.key}
                className={`study-tabs__tab${t.key === tab ? ' study-tabs__tab--active' : ''}`}
                {...press(() => setTab(t.key), { role: 'tab', selected: t.key === tab })}
              >
                <Text>{t.label}</Text>
              </View>
            ))}
          </View>
          <View className='my-courses'>
            {list.rows.map((r) =>
              r.mine ? <MyCourseRow key={r.id} course={r.mine} /> : r.card ? <CollectRow key={r.id} course={r.card} /> : null,
            )}
            {list.total === 0 && !list.failed ? (
              <View className='my-courses__empty'>
                <Text className='my-courses__empty-text'>{tab === 'collect' ? '还没有收藏的课程' : '还没有加入课程'}</Text>
                <View className='my-courses__browse' {...press(() => go(STUDY_LINKS.course), { role: 'link' })}>
                  <Text>去选课</Text>
                </View>
              </View>
            ) : (
              <ListFooter list={list} />
            )}
          </View>
        </>
      )}
    </Page>
  )
}
