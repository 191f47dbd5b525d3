import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { finance } from '../../../api/fms/finance'
import { study } from '../../../api/sms/study'
import { useCurrentCourse } from '../../../hooks/current-course'
import { useRemote } from '../../../hooks/remote'
import type { CurrentCourse, StudentHeader } from '../../../session/types'
import { FEE_LINKS } from '../../../links/fee'
import { NIGHT_LINKS } from '../../../links/night'
import { POINTS_LINKS } from '../../../links/points'
import { STUDY_LINKS, courseDetailUrl, sectionUrl } from '../../../links/study'
import { STUDENT_LINKS, batchLabel, majorWithLevel } from './home-faces'
import { press } from '../../../platform'
import './student-part.scss'

/** The unread count on an entry: 99+ above 99, nothing at 0. */
const badgeOf = (count: number) => (count <= 0 ? '' : count > 99 ? '99+' : String(count))

function go(url: string) {
  void Taro.navigateTo({ url })
}

/** What the student does now, as entries: study, exams, fees, points, night classes, the school roll. */
const STUDENT_ENTRIES = [
  { key: 'course', label: '课程', glyph: '课', url: STUDY_LINKS.course },
  { key: 'study', label: '我的课程', glyph: '学', url: STUDY_LINKS.myCourses },
  { key: 'live', label: '直播课表', glyph: '播', url: STUDY_LINKS.live },
  { key: 'exercise', label: '章节练习', glyph: '练', url: STUDY_LINKS.exercise },
  { key: 'exam', label: '考试', glyph: '考', url: STUDY_LINKS.exam },
  { key: 'wrong', label: '错题本', glyph: '错', url: STUDY_LINKS.wrong },
  { key: 'question', label: '答疑', glyph: '问', url: STUDY_LINKS.question },
  { key: 'fee', label: FEE_LINKS[0].title, glyph: '费', url: FEE_LINKS[0].path },
  { key: 'points', label: POINTS_LINKS[0].title, glyph: '积', url: POINTS_LINKS[0].path },
  { key: 'night', label: NIGHT_LINKS[0].title, glyph: '夜', url: NIGHT_LINKS[0].path },
  { key: 'timetable', label: '我的课表', glyph: '表', url: STUDENT_LINKS.timetable },
  { key: 'notice', label: '通知公告', glyph: '通', url: STUDENT_LINKS.notice },
  { key: 'roll', label: '我的学籍', glyph: '籍', url: STUDENT_LINKS.roll },
] as const

/** 继续学习: the current course and section; it opens the section (the course when none was studied yet). */
function ContinueCard({ course }: { course: CurrentCourse }) {
  return (
    <View
      className='student-continue'
      {...press(() => go(course.sectionId !== null ? sectionUrl(course.sectionId) : courseDetailUrl(course.courseId)), {
        role: 'link',
        label: `继续学习，${course.title}${course.sectionTitle ? `，${course.sectionTitle}` : ''}`,
      })}
    >
      <View className='student-continue__main'>
        <Text className='student-continue__label'>继续学习</Text>
        <Text className='student-continue__title'>{course.title}</Text>
        {course.sectionTitle ? <Text className='student-continue__section'>{course.sectionTitle}</Text> : null}
      </View>
      <Text className='student-continue__go'>去学习</Text>
    </View>
  )
}

/**
 * Home's student part: the header info from the roll (school, major with level, discipline, batch,
 * status), 继续学习 (the current course) and the entries.
 */
export default function StudentPart({ student }: { student: StudentHeader }) {
  const current = useCurrentCourse(true)
  // Questions holding a teacher's reply not read yet; asked again each time home shows (back from a thread).
  const unreadQuestions =
    useRemote((options) => study.studentQuestion.unreadCountForClient(undefined, { ...options, quiet: true }), true, { reloadOnShow: true })
      .data?.count ?? 0
  // Fee orders still to pay; asked again each time home shows (back from paying one).
  const unpaidFees =
    useRemote((options) => finance.order.unpaidCountForClient(undefined, { ...options, quiet: true }), true, { reloadOnShow: true }).data
      ?.count ?? 0
  const unread: Partial<Record<(typeof STUDENT_ENTRIES)[number]['key'], number>> = {
    notice: student.unreadNotices,
    question: unreadQuestions,
    fee: unpaidFees,
  }
  return (
    <View className='student-part'>
      <View
        className='student-head'
        {...press(() => go(STUDENT_LINKS.roll), { role: 'link', label: `${student.name}，${student.status}，查看我的学籍` })}
      >
        <View className='student-head__top'>
          <Text className='student-head__name'>{student.name}</Text>
          <Text className='student-head__status'>{student.status}</Text>
        </View>
        <Text className='student-head__school'>{student.school}</Text>
        <View className='student-head__facts'>
          <View className='student-head__fact'>
            <Text className='student-head__label'>专业</Text>
            <Text className='student-head__value student-head__major'>{majorWithLevel(student)}</Text>
          </View>
          {student.discipline ? (
            <View className='student-head__fact'>
              <Text className='student-head__label'>学科</Text>
              <Text className='student-head__value student-head__discipline'>{student.discipline}</Text>
            </View>
          ) : null}
          <View className='student-head__fact'>
            <Text className='student-head__label'>批次</Text>
            <Text className='student-head__value student-head__batch'>
              {batchLabel(student)}
              {student.programme ? ` · ${student.programme}` : ''}
            </Text>
          </View>
        </View>
      </View>

      {current ? <ContinueCard course={current} /> : null}

      {student.unreadNotices > 0 ? (
        <View className='student-todo' {...press(() => go(STUDENT_LINKS.notice), { role: 'link' })}>
          <Text className='student-todo__text'>{`你有 ${student.unreadNotices} 条未读通知`}</Text>
          <Text className='student-todo__action'>去查看</Text>
        </View>
      ) : null}

      {unpaidFees > 0 ? (
        <View className='student-todo student-todo--fee' {...press(() => go(FEE_LINKS[0].path), { role: 'link' })}>
          <Text className='student-todo__text'>{`你有 ${unpaidFees} 笔费用待缴纳`}</Text>
          <Text className='student-todo__action'>去缴费</Text>
        </View>
      ) : null}

      {unreadQuestions > 0 ? (
        <View className='student-todo student-todo--question' {...press(() => go(STUDY_LINKS.question), { role: 'link' })}>
          <Text className='student-todo__text'>{`老师回复了你的 ${unreadQuestions} 个提问`}</Text>
          <Text className='student-todo__action'>去查看</Text>
        </View>
      ) : null}

      <View className='home-card home-entries student-entries'>
        {STUDENT_ENTRIES.map((e) => {
          const count = unread[e.key] ?? 0
          const badge = badgeOf(count)
          return (
            <View
              key={e.key}
              className={`home-entries__item student-entries__item--${e.key}`}
              {...press(() => go(e.url), {
                role: 'link',
                label: badge ? `${e.label}，${e.key === 'fee' ? `${count} 笔待缴` : `${count} 条未读`}` : e.label,
              })}
            >
              <View className={`home-entries__icon student-entries__icon student-entries__icon--${e.key}`}>
                <Text>{e.glyph}</Text>
                {badge ? <Text className='home-entries__badge student-entries__badge'>{badge}</Text> : null}
              </View>
              <Text className='home-entries__label student-entries__label'>{e.label}</Text>
            </View>
          )
        })}
      </View>
    </View>
  )
}
