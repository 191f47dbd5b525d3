import { useEffect, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { cont } from '../../api/bms/cont'
import { study } from '../../api/sms/study'
import type { CourseDetail, SectionItem } from '../../api/sms/study-types'
import ConfirmButton from '../../components/confirm-button'
import EmptyNotice from '../../components/empty-notice'
import LoadingIndicator from '../../components/loading-indicator'
import NotStudent from '../../components/not-student'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import { useRemote } from '../../hooks/remote'
import { useStudentLoad } from '../../hooks/student-load'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { fromServer } from '../../store/current-course'
import { SectionKind } from '@activity/wire'
import CourseCover from './components/course-cover'
import { countsText, courseActionOf, lockedText, priceText, sectionProgressText, trialSectionOf } from './components/course-logic'
import { askUrl, idOf, payUrl, sectionUrl } from '../../links/study'
import { examUrl, exerciseUrl } from './components/exam-links'
import { formatClock } from './components/player'
import './courseDetail.scss'

const TITLE = routeOf('pages/study/courseDetail')?.title ?? '课程详情'
const COURSE_MISSING = '课程不存在或已下架'

const toast = (text: string) => useStore.getState().showToast(text)

function SectionRow({ course, section, onOpen }: { course: CourseDetail; section: SectionItem; onOpen: () => void }) {
  const length = section.kind === SectionKind.video && section.duration > 0 ? formatClock(section.duration) : section.kind
  return (
    <View
      className={`course-section${section.locked ? ' course-section--locked' : ''}${section.finished ? ' course-section--finished' : ''}`}
      {...press(onOpen, { role: 'link', label: `${section.title}${section.locked ? '，未解锁' : ''}` })}
    >
      <Text className={`course-section__kind course-section__kind--${section.kind === SectionKind.video ? 'video' : 'other'}`}>
        {section.kind}
      </Text>
      <View className='course-section__main'>
        <Text className='course-section__title'>{section.title}</Text>
        <Text className='course-section__meta'>{course.joined ? `${length} · ${sectionProgressText(section)}` : length}</Text>
      </View>
      {section.trial && !course.joined ? <Text className='course-section__trial'>试看</Text> : null}
      {section.locked ? <View className='course-section__lock' aria-hidden='true' /> : null}
    </View>
  )
}

/**
 * 课程详情 (`?id=`): the course, its chapters and sections (试看 open to all, the rest locked until
 * joined), my progress, 收藏; the bottom bar joins a free course, buys a paid one through the pay
 * page (its order; back here the course is asked again, joined once the payment was verified) or
 * goes on studying.
 */
export default function StudyCourseDetailPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const id = idOf(route.query.id)
  const student = useStudentLoad('answered')
  const [collected, setCollected] = useState<boolean | null>(null)
  const course = useRemote(
    (options) => student.remember(cont.continueCourse.detailsForClient({ id: id ?? 0 }, options)),
    signedIn && id !== null,
    { reloadOnShow: true },
  )
  const data = course.data

  // One view of the course for the office's counts (the server keeps one per day).
  useEffect(() => {
    if (signedIn && id !== null) study.courseClick.save({ courseId: id }, { lock: true, quiet: true }).catch(() => {})
  }, [signedIn, id])

  const isCollected = collected ?? data?.collected ?? false
  const toggleCollect = async () => {
    if (!data) return
    const answer = isCollected
      ? await study.collect.remove({ courseId: data.id }, { lock: true })
      : await study.collect.save({ courseId: data.id }, { lock: true })
    setCollected(answer.data.collected)
    toast(answer.data.collected ? '已收藏' : '已取消收藏')
  }

  const open = (section: SectionItem) => {
    if (!data) return
    if (section.locked) toast(lockedText(data))
    else void Taro.navigateTo({ url: sectionUrl(section.id) })
  }

  const act = async () => {
    if (!data) return
    const action = courseActionOf(data)
    if (action.kind === 'study') {
      if (action.sectionId === null) return toast('课程暂无可学习的内容')
      // This course becomes the current one (继续学习 on home) before the first heartbeat.
      study.studentKnowledge
        .current({ courseId: data.id }, { lock: true, quiet: true })
        .then(({ data: current }) => {
          const accountId = useStore.getState().person?.accountId
          if (accountId !== undefined && current) useStore.getState().setCurrentCourse(accountId, fromServer(current))
        })
        .catch(() => {})
      return void Taro.navigateTo({ url: sectionUrl(action.sectionId) })
    }
    if (action.kind === 'unlisted') return
    try {
      const { data: joined } = await study.join.join(
        { courseId: data.id },
        { loadingTitle: action.kind === 'buy' ? '正在下单' : '正在加入' },
      )
      if (joined.orderId !== null) void Taro.navigateTo({ url: payUrl(joined.orderId) })
      else {
        toast('已加入课程，开始学习吧')
        await course.reload({ lock: true })
      }
    } catch {
      // The wrapper has shown why.
    }
  }

  const body = () => {
    if (student.notStudent) return <NotStudent />
    if (id === null || student.refused !== null) return <EmptyNotice type='page' text={COURSE_MISSING} />
    if (!data)
      return course.failed ? (
        <RetryLine className='course-detail-state' onRetry={() => void course.reload()} />
      ) : (
        <View className='course-detail-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )
    return (
      <>
        <View className='course-detail'>
          <CourseCover className='course-detail__cover' cover={data.cover} title={data.title} />
          <View className='course-detail__head'>
            <Text className='course-detail__title'>{data.title}</Text>
            <View
              className={`course-detail__collect${isCollected ? ' course-detail__collect--on' : ''}`}
              // A toggle: its name stays 收藏, and whether it is on is its pressed state.
              {...press(() => void toggleCollect().catch(() => {}), { label: '收藏', pressed: isCollected })}
            >
              <Text>{isCollected ? '★ 已收藏' : '☆ 收藏'}</Text>
            </View>
          </View>
          <View className='course-detail__tags'>
            <Text className='course-detail__type'>{data.type}</Text>
            {data.joined ? <Text className='course-detail__joined'>已加入</Text> : null}
            {data.noSkip ? <Text className='course-detail__rule'>首次观看不可快进</Text> : null}
          </View>
          <View className='course-detail__facts'>
            <Text className={`course-detail__price${data.price > 0 ? '' : ' course-detail__price--free'}`}>{priceText(data.price)}</Text>
            <Text className='course-detail__meta'>{countsText(data)}</Text>
          </View>
          {data.teacher ? <Text className='course-detail__teacher'>{`主讲：${data.teacher}`}</Text> : null}
          {data.joined ? (
            <View className='course-detail__progress'>
              <View className='course-detail__bar'>
                <View className='course-detail__fill' style={{ width: `${data.progress.percent}%` }} />
              </View>
              <Text className='course-detail__percent'>{`已学 ${data.progress.finished}/${data.progress.total} 节 · ${data.progress.percent}%`}</Text>
            </View>
          ) : null}
          {data.joined ? (
            <View className='course-tools'>
              <View
                className='course-tools__item course-tools__item--exercise'
                {...press(() => void Taro.navigateTo({ url: exerciseUrl(data.id) }), { role: 'link' })}
              >
                <Text>章节练习</Text>
              </View>
              <View
                className='course-tools__item course-tools__item--exam'
                {...press(() => void Taro.navigateTo({ url: examUrl(data.id) }), { role: 'link' })}
              >
                <Text>考试</Text>
              </View>
              <View
                className='course-tools__item course-tools__item--ask'
                {...press(() => void Taro.navigateTo({ url: askUrl(data.id) }), { role: 'link' })}
              >
                <Text>提问</Text>
              </View>
            </View>
          ) : null}
        </View>

        {data.intro ? (
          <View className='course-block'>
            <Text className='course-block__title'>课程介绍</Text>
            <Text className='course-block__text'>{data.intro}</Text>
          </View>
        ) : null}

        <View className='course-block'>
          <Text className='course-block__title'>课程目录</Text>
          {data.chapters.length === 0 ? <Text className='course-block__text'>课程内容正在准备中</Text> : null}
          {data.chapters.map((chapter) => (
            <View className='course-chapter' key={chapter.id}>
              <Text className='course-chapter__title'>{chapter.title}</Text>
              {chapter.sections.map((s) => (
                <SectionRow key={s.id} course={data} section={s} onOpen={() => open(s)} />
              ))}
            </View>
          ))}
        </View>
      </>
    )
  }

  /** 免费试看 and the main action, below the page's scrolling body. */
  const bar = () => {
    if (!data || student.notStudent || id === null || student.refused !== null) return null
    const action = courseActionOf(data)
    const trial = data.joined ? null : trialSectionOf(data)
    return (
      <View className='course-bar'>
        {trial !== null ? (
          <View className='course-bar__trial' {...press(() => void Taro.navigateTo({ url: sectionUrl(trial) }), { role: 'link' })}>
            <Text>免费试看</Text>
          </View>
        ) : null}
        <ConfirmButton
          className={`course-bar__main course-bar__main--${action.kind}`}
          title={action.label}
          disabled={action.kind === 'unlisted'}
          onClick={() => void act()}
        />
      </View>
    )
  }

  return (
    <Page title={TITLE} insetBottom footer={bar()}>
      {body()}
    </Page>
  )
}
