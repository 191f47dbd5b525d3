import { useCallback, useEffect, useRef, useState } from 'react'
import Taro, { useDidHide } from '@tarojs/taro'
import { Text, Video, View } from '@tarojs/components'
import { cont } from '../../api/bms/cont'
import { study } from '../../api/sms/study'
import type { ProgressAnswer } from '../../api/sms/study-types'
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
import { apiUrl } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { SectionKind } from '@activity/wire'
import { STUDY_LINKS, courseDetailUrl, idOf, playbackUrl, sectionUrl } from '../../links/study'
import { openDocument } from '../../platform/open-document'
import {
  NO_SKIP_TEXT,
  afterAnswer,
  formatClock,
  onTime,
  reported,
  resumeAt,
  startTrack,
  watchedText,
  type PlayerTrack,
} from './components/player'
import { toPlayable, type Playable } from './components/playable'
import './section.scss'

const TITLE = routeOf('pages/study/section')?.title ?? '课程学习'
export const VIDEO_ID = 'study-video'

type VideoDetail = { currentTime?: number; duration?: number }

/** Progress as shown under the player, from the section and then each answer. */
interface Shown {
  watched: number
  furthest: number
  finished: boolean
}

/**
 * The player (`?id=` a section, `?liveId=` a live class's playback): the video resumes where I
 * stopped (initial-time, and a seek once loaded); while it plays, the position goes to the server
 * every `heartbeatSeconds` and at pause, end and when the page is left. Under the course's rule
 * (首次观看不能快进) a drag past what was watched is taken back, and so is any position the server
 * did not accept. A document opens in the host's viewer; a live section leads to the schedule.
 */
export default function StudySectionPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const sectionId = idOf(route.query.id)
  const liveId = sectionId === null ? idOf(route.query.liveId) : null
  const student = useStudentLoad('answered')
  const play = useRemote<Playable>(
    async (options) => {
      if (sectionId !== null)
        return toPlayable.section(await student.remember(study.studentKnowledge.sectionForClient({ id: sectionId }, options)))
      return toPlayable.playback(await student.remember(study.studentLiveCourseSchedule.playbackForClient({ id: liveId ?? 0 }, options)))
    },
    signedIn && (sectionId !== null || liveId !== null),
  )
  const data = play.data
  const [shown, setShown] = useState<Shown | null>(null)
  const chapters = useRemote(
    (options) => cont.continueCourse.detailsForClient({ id: data?.courseId ?? 0 }, { ...options, quiet: true }),
    Boolean(data?.courseId),
  )

  // The player's state between events (refs: events come faster than renders).
  const track = useRef<PlayerTrack | null>(null)
  const playing = useRef(false)
  const seeked = useRef(false)
  const inFlight = useRef(false)
  /** The position last sent, so leaving reports only what changed. */
  const lastSent = useRef<number | null>(null)
  const alive = useRef(true)
  useEffect(
    () => () => {
      alive.current = false
    },
    [],
  )

  useEffect(() => {
    if (!data) return
    track.current = startTrack(data)
    seeked.current = false
    lastSent.current = null
    setShown({ watched: data.watched, furthest: data.furthest, finished: data.finished })
  }, [data])

  const seek = (to: number) => Taro.createVideoContext(VIDEO_ID).seek(to)

  const remember = useCallback(
    (answer: ProgressAnswer) => {
      if (!data || data.source !== 'section' || data.courseId === null) return
      const s = useStore.getState()
      const accountId = s.person?.accountId
      if (accountId === undefined) return
      s.setCurrentCourse(accountId, {
        courseId: data.courseId,
        title: data.courseTitle,
        sectionId: data.id,
        sectionTitle: data.title,
        position: answer.position,
        updatedAt: new Date(Date.now() + (s.serverOffsetMs ?? 0)).toISOString(),
      })
    },
    [data],
  )

  /** Sends the position; `beat`: a heartbeat, skipped while another report is on its way. */
  const report = useCallback(
    async (position: number, beat: boolean) => {
      if (!data || !track.current || data.kind !== 'video') return
      if (beat && inFlight.current) return
      inFlight.current = true
      track.current = reported(track.current, position, Date.now())
      lastSent.current = position
      try {
        const options = { lock: true, quiet: true }
        const { data: answer } =
          data.source === 'section'
            ? await study.studentKnowledge.progress({ sectionId: data.id, position }, options)
            : await study.studentLiveCourseSchedule.updatePlaybackProgress({ id: data.id, position }, options)
        if (!track.current || !alive.current) return
        const next = afterAnswer(track.current, position, answer)
        track.current = next.track
        if (next.seekTo !== null) {
          lastSent.current = next.seekTo
          seek(next.seekTo)
          useStore.getState().showToast(NO_SKIP_TEXT)
        }
        setShown({ watched: answer.watched, furthest: answer.furthest, finished: answer.finished })
        remember(answer)
      } catch {
        // Offline or refused: the next heartbeat tries again; nothing is credited meanwhile.
      } finally {
        inFlight.current = false
      }
    },
    [data, remember],
  )

  // Leaving the page (hidden, or closed) reports where the video stands, when that changed.
  const leave = useCallback(() => {
    const t = track.current
    if (t && t.sentAt !== null && (playing.current || t.at !== lastSent.current)) void report(t.at, false)
  }, [report])
  useDidHide(leave)
  const leaveRef = useRef(leave)
  leaveRef.current = leave
  useEffect(() => () => leaveRef.current(), [])

  const onLoaded = () => {
    // initial-time does not hold everywhere (some hosts start at 0 once the source loads): seek once.
    if (!data || seeked.current) return
    seeked.current = true
    const at = resumeAt(data)
    if (at > 0) seek(at)
  }
  const onPlay = () => {
    playing.current = true
    // The first report starts the server's clock for this viewing (it credits nothing itself).
    if (track.current && seeked.current) void report(track.current.at, false)
  }
  const onTimeUpdate = (detail: VideoDetail) => {
    const position = Number(detail.currentTime)
    // Before the resume seek, a host may still say 0: nothing is taken from it.
    if (!track.current || !seeked.current || !Number.isFinite(position)) return
    if (!playing.current) {
      // A drag while paused: only the rule applies.
      const step = onTime({ ...track.current, sentAt: Date.now() }, position, Date.now(), data?.heartbeatSeconds ?? 10).step
      if (step.kind === 'seekBack') {
        seek(step.to)
        useStore.getState().showToast(NO_SKIP_TEXT)
      } else track.current = { ...track.current, at: position }
      return
    }
    const { track: next, step } = onTime(track.current, position, Date.now(), data?.heartbeatSeconds ?? 10)
    track.current = next
    if (step.kind === 'seekBack') {
      seek(step.to)
      useStore.getState().showToast(NO_SKIP_TEXT)
    } else if (step.kind === 'report') {
      // onTime has set sentAt; report() sets it again when it sends.
      void report(step.position, true)
    }
  }
  const onStop = (ended: boolean) => {
    playing.current = false
    if (!track.current || !data) return
    void report(ended ? Math.max(track.current.at, data.duration) : track.current.at, false)
  }

  const goTo = (id: number | null) => {
    if (id !== null) void Taro.redirectTo({ url: sectionUrl(id) })
  }

  const body = () => {
    if (student.notStudent) return <NotStudent />
    if (sectionId === null && liveId === null) return <EmptyNotice type='page' text='课节不存在' />
    if (student.refused !== null)
      return (
        <View className='section-refused'>
          <EmptyNotice type='page' text={student.refused} />
          <View className='section-refused__actions'>
            <ConfirmButton
              inline
              title={liveId !== null ? '返回直播课表' : '返回课程'}
              onClick={() => Taro.navigateBack().catch(() => {})}
            />
          </View>
        </View>
      )
    if (!data || !shown)
      return play.failed ? (
        <RetryLine className='section-state' onRetry={() => void play.reload()} />
      ) : (
        <View className='section-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )
    return (
      <>
        {data.kind === 'video' ? (
          data.url ? (
            // H5's video is absolutely placed in its nearest placed box: this one.
            <View className='section-player'>
              <Video
                id={VIDEO_ID}
                className='section-video'
                src={apiUrl(data.url)}
                initialTime={resumeAt(data)}
                controls
                showCenterPlayBtn
                enablePlayGesture={false}
                objectFit='contain'
                onLoadedMetaData={onLoaded}
                onPlay={onPlay}
                onPause={() => onStop(false)}
                onEnded={() => onStop(true)}
                onTimeUpdate={(e) => onTimeUpdate(e.detail as VideoDetail)}
              />
            </View>
          ) : (
            <View className='section-video section-video--missing'>
              <Text>视频暂未上传</Text>
            </View>
          )
        ) : null}
        <View className='section-info'>
          <Text className='section-info__title'>{data.title}</Text>
          <Text className='section-info__course'>{[data.courseTitle, data.chapterTitle].filter(Boolean).join(' · ')}</Text>
          {data.kind !== 'video' ? null : (
            <View className='section-info__progress'>
              <Text className={`section-info__watched${shown.finished ? ' section-info__watched--done' : ''}`}>
                {watchedText({ watched: shown.watched, duration: data.duration, finished: shown.finished })}
              </Text>
              <Text className='section-info__length'>{`时长 ${formatClock(data.duration)}`}</Text>
            </View>
          )}
          {data.noSkip && !shown.finished ? <Text className='section-info__rule'>本节首次观看不能快进，看完后可自由拖动</Text> : null}
        </View>

        {data.kind === 'document' ? (
          <View className='section-doc'>
            <Text className='section-doc__name'>{data.fileName ?? data.title}</Text>
            <Text className='section-doc__hint'>打开即计为已学习</Text>
            <ConfirmButton
              inline
              title='打开文档'
              disabled={!data.url}
              onClick={() => (data.url ? void openDocument(apiUrl(data.url), data.fileName) : undefined)}
            />
          </View>
        ) : null}

        {data.kind === 'live' ? (
          <View className='section-doc'>
            <Text className='section-doc__name'>本节为直播课</Text>
            <Text className='section-doc__hint'>请按直播课表准时进入直播间，直播结束后可观看回放</Text>
            <View className='section-doc__actions'>
              <ConfirmButton inline title='查看直播课表' onClick={() => void Taro.navigateTo({ url: STUDY_LINKS.live })} />
              {data.liveSessionId !== null ? (
                <View
                  className='section-doc__link'
                  {...press(() => void Taro.navigateTo({ url: playbackUrl(data.liveSessionId ?? 0) }), { role: 'link' })}
                >
                  <Text>观看回放</Text>
                </View>
              ) : null}
            </View>
          </View>
        ) : null}

        {data.source === 'section' ? (
          <View className='section-steps'>
            <View
              className={`section-steps__item${data.prevId === null ? ' section-steps__item--off' : ''}`}
              {...press(() => goTo(data.prevId), { role: 'link', disabled: data.prevId === null })}
            >
              <Text>上一节</Text>
            </View>
            <View
              className={`section-steps__item${data.nextId === null ? ' section-steps__item--off' : ''}`}
              {...press(() => goTo(data.nextId), { role: 'link', disabled: data.nextId === null })}
            >
              <Text>下一节</Text>
            </View>
          </View>
        ) : null}

        {chapters.data ? (
          <View className='section-list'>
            <View className='section-list__head'>
              <Text className='section-list__title'>课程目录</Text>
              <View
                className='section-list__more'
                {...press(() => void Taro.navigateTo({ url: courseDetailUrl(chapters.data?.id ?? 0) }), { role: 'link' })}
              >
                <Text>课程详情</Text>
              </View>
            </View>
            {chapters.data.chapters.map((chapter) => (
              <View key={chapter.id} className='section-list__chapter'>
                <Text className='section-list__chapter-title'>{chapter.title}</Text>
                {chapter.sections.map((s) => (
                  <View
                    key={s.id}
                    className={`section-list__item${s.id === data.id ? ' section-list__item--current' : ''}${s.locked ? ' section-list__item--locked' : ''}`}
                    {...press(
                      () => {
                        if (s.locked)
                          useStore
                            .getState()
                            .showToast(chapters.data && chapters.data.price > 0 ? '购买课程后即可学习' : '加入课程后即可学习')
                        else if (s.id !== data.id) goTo(s.id)
                      },
                      { role: 'link' },
                    )}
                    // press() has no "current": the section playing is said here.
                    aria-current={s.id === data.id ? 'page' : undefined}
                  >
                    <Text className='section-list__name'>{s.title}</Text>
                    <Text className='section-list__state'>
                      {s.id === data.id
                        ? '正在学习'
                        : s.finished
                          ? '已学完'
                          : s.locked
                            ? '未解锁'
                            : s.kind === SectionKind.video
                              ? formatClock(s.duration)
                              : s.kind}
                    </Text>
                  </View>
                ))}
              </View>
            ))}
          </View>
        ) : null}
      </>
    )
  }

  return <Page title={TITLE}>{body()}</Page>
}
