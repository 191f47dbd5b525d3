import { useRef } from 'react'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { study } from '../../api/sms/study'
import type { TeacherQuestionItem } from '../../api/sms/study-types'
import ListFooter from '../../components/list-footer'
import Page from '../../components/page'
import { usePagedList } from '../../hooks/paged-list'
import { staffQuestionUrl } from '../../links/staff-work'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { asStaff, useRequireStaff } from '../../staff/session'
import { formatDate } from '../../utils/date'
import { staffQuestionTag } from './components/staff-questions'
import './questions.scss'

const TITLE = routeOf('pages/staff/questions')?.title ?? '答疑'

function QuestionRow({ question }: { question: TeacherQuestionItem }) {
  const tag = staffQuestionTag(question)
  return (
    <View
      className={`staff-question staff-question--${tag.tone}`}
      {...press(() => void Taro.navigateTo({ url: staffQuestionUrl(question.id) }), {
        role: 'link',
        label: `${question.title}，${question.name}，${tag.label}`,
      })}
    >
      <View className='staff-question__row'>
        <Text className='staff-question__title'>{question.title}</Text>
        <Text className={`staff-question-tag staff-question-tag--${tag.tone}`}>{tag.label}</Text>
      </View>
      <Text className='staff-question__course'>
        {question.sectionTitle ? `${question.courseTitle} · ${question.sectionTitle}` : question.courseTitle}
      </Text>
      <View className='staff-question__foot'>
        <Text className='staff-question__who'>{question.studentNo ? `${question.name}（${question.studentNo}）` : question.name}</Text>
        <Text className='staff-question__time'>{formatDate(question.lastPostAt, 'MM-dd hh:mm')}</Text>
      </View>
    </View>
  )
}

/**
 * 答疑 (教职工): the students' questions as the server queues them, those waiting for a reply
 * (待回复) first, the longest waiting first, then the others; pull-down refresh, the next page at
 * the bottom, again when back from a thread (an answer there moves it down).
 */
export default function StaffQuestionsPage() {
  const { staff } = useRequireStaff()
  const list = usePagedList<TeacherQuestionItem>(
    (page, size, options) => study.studentQuestion.list({ page, size }, asStaff(options)),
    '',
    staff !== null,
  )
  const shown = useRef(false)
  useDidShow(() => {
    if (shown.current && staff) void list.refresh()
    shown.current = true
  })
  usePullDownRefresh(() => {
    void list.refresh().finally(() => void Taro.stopPullDownRefresh())
  })
  useReachBottom(() => list.loadMore())

  return (
    <Page title={TITLE}>
      <View className='staff-question-list'>
        {list.rows.map((q) => (
          <QuestionRow key={q.id} question={q} />
        ))}
        <ListFooter list={list} />
      </View>
    </Page>
  )
}
