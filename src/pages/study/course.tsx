import { useState } from 'react'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { ScrollView, Text, View } from '@tarojs/components'
import { cont } from '../../api/bms/cont'
import type { CourseCard, CourseQuery } from '../../api/sms/study-types'
import ListFooter from '../../components/list-footer'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import TextInput from '../../components/text-input'
import { usePagedList } from '../../hooks/paged-list'
import { useRemote } from '../../hooks/remote'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { PRODUCT_TYPES, type ProductType } from '@activity/wire'
import CourseCover from './components/course-cover'
import { countsText, priceText } from './components/course-logic'
import { courseDetailUrl } from '../../links/study'
import './course.scss'

const TITLE = routeOf('pages/study/course')?.title ?? '课程'
const ALL = '全部'

function Chip({ label, active, onPick, className }: { label: string; active: boolean; onPick: () => void; className: string }) {
  return (
    <View
      className={`${className}${active ? ` ${className}--active` : ''}`}
      {...press(
        () => {
          if (!active) onPick()
        },
        { role: 'tab', selected: active },
      )}
    >
      <Text>{label}</Text>
    </View>
  )
}

function CourseRow({ course }: { course: CourseCard }) {
  return (
    <View
      className='course-card'
      {...press(() => void Taro.navigateTo({ url: courseDetailUrl(course.id) }), {
        role: 'link',
        label: `${course.title}，${course.type}，${course.joined ? '已加入' : priceText(course.price)}`,
      })}
    >
      <CourseCover className='course-card__cover' cover={course.cover} title={course.title} />
      <View className='course-card__main'>
        <Text className='course-card__title'>{course.title}</Text>
        <View className='course-card__tags'>
          <Text className='course-card__type'>{course.type}</Text>
          {course.trialCount > 0 && !course.joined ? <Text className='course-card__trial'>可试看</Text> : null}
          {course.joined ? <Text className='course-card__joined'>已加入</Text> : null}
        </View>
        <Text className='course-card__meta'>{`${course.categoryName} · ${countsText(course)}`}</Text>
        <Text className={`course-card__price${course.price > 0 ? '' : ' course-card__price--free'}`}>{priceText(course.price)}</Text>
      </View>
    </View>
  )
}

/**
 * 课程: the listed courses by category (a parent's tab, then a leaf's chip), type and words
 * searched, newest first; a course opens its detail, where it is tried, bought or joined.
 */
export default function StudyCoursePage() {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const [filters, setFilters] = useState<Pick<CourseQuery, 'parentId' | 'categoryId' | 'type' | 'keyword'>>({})
  const [draft, setDraft] = useState('')
  const categories = useRemote((options) => remember(cont.continueConfig.courseCategoryForClient(undefined, options)), signedIn)
  const list = usePagedList<CourseCard>(
    (page, size, options) => remember(cont.continueCourse.listForClient({ ...filters, page, size }, options)),
    JSON.stringify(filters),
    signedIn,
  )
  useReachBottom(() => list.loadMore())
  usePullDownRefresh(() => {
    void Promise.all([list.refresh(), categories.reload({ lock: true })]).finally(() => void Taro.stopPullDownRefresh())
  })

  const parents = categories.data ?? []
  const children = parents.find((p) => p.id === filters.parentId)?.children ?? []
  const search = (words: string) => setFilters((f) => ({ ...f, keyword: words.trim() || undefined }))

  return (
    <Page title={TITLE}>
      {notStudent ? (
        <NotStudent />
      ) : (
        <>
          <View className='course-search'>
            <TextInput
              className='course-search__input'
              value={draft}
              placeholder='搜索课程名称'
              onInput={setDraft}
              onConfirm={search}
              onClear={() => search('')}
            />
            <View className='course-search__button' {...press(() => search(draft))}>
              <Text>搜索</Text>
            </View>
          </View>
          <ScrollView className='course-tabs' scrollX enhanced showScrollbar={false}>
            <View className='course-tabs__row' role='tablist' aria-label='课程分类'>
              {[{ id: undefined, name: ALL }, ...parents].map((p) => (
                <Chip
                  key={p.id ?? 0}
                  className='course-tab'
                  label={p.name}
                  active={filters.parentId === p.id}
                  onPick={() => setFilters((f) => ({ ...f, parentId: p.id, categoryId: undefined }))}
                />
              ))}
            </View>
          </ScrollView>
          {children.length > 0 ? (
            <View className='course-chips' role='tablist' aria-label='专业方向'>
              {[{ id: undefined, name: ALL }, ...children].map((c) => (
                <Chip
                  key={c.id ?? 0}
                  className='course-chip'
                  label={c.name}
                  active={filters.categoryId === c.id}
                  onPick={() => setFilters((f) => ({ ...f, categoryId: c.id }))}
                />
              ))}
            </View>
          ) : null}
          <View className='course-types' role='tablist' aria-label='课程类型'>
            {[undefined, ...PRODUCT_TYPES].map((t: ProductType | undefined) => (
              <Chip
                key={t ?? ALL}
                className='course-type'
                label={t ?? ALL}
                active={filters.type === t}
                onPick={() => setFilters((f) => ({ ...f, type: t }))}
              />
            ))}
            <Text className='course-types__total'>{list.total === undefined ? '' : `共 ${list.total} 门`}</Text>
          </View>
          <View className='course-list'>
            {list.rows.map((c) => (
              <CourseRow key={c.id} course={c} />
            ))}
            <ListFooter list={list} />
          </View>
        </>
      )}
    </Page>
  )
}
