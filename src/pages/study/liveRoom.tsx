import { useCallback, useEffect, useRef } from 'react'
import Taro, { useDidHide, useDidShow } from '@tarojs/taro'
import { Text, View, WebView } from '@tarojs/components'
import { study } from '../../api/sms/study'
import ConfirmButton from '../../components/confirm-button'
import EmptyNotice from '../../components/empty-notice'
import LoadingIndicator from '../../components/loading-indicator'
import NotStudent from '../../components/not-student'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import { useRemote } from '../../hooks/remote'
import { useStudentLoad } from '../../hooks/student-load'
import { apiUrl } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { HEARTBEAT_SECONDS } from '@activity/wire'
import { nameFrame } from './components/frame-title'
import { idOf } from '../../links/study'
import './liveRoom.scss'

const TITLE = routeOf('pages/study/liveRoom')?.title ?? '直播间'

/**
 * 直播间 (`?id=` a live class): the live provider's room (a local stand-in by default) in a
 * web-view (an iframe on H5), opened with the address the server signs for me
 * (enterForClient). While the room is shown, a heartbeat (watchLive) every HEARTBEAT_SECONDS
 * counts my watch time; attendance comes from it.
 */
export default function StudyLiveRoomPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const id = idOf(route.query.id)
  const student = useStudentLoad('answered')
  const room = useRemote(
    (options) => student.remember(study.studentLiveCourseSchedule.enterForClient({ id: id ?? 0 }, options)),
    signedIn && id !== null,
  )

  // The heartbeat runs while the room is on screen: from the answer until hidden or closed.
  const shown = useRef(true)
  const timer = useRef<ReturnType<typeof setInterval>>()
  const stop = useCallback(() => {
    clearInterval(timer.current)
    timer.current = undefined
  }, [])
  const start = useCallback(() => {
    if (id === null || !room.data || timer.current !== undefined) return
    const beat = () => void study.studentLiveCourseSchedule.watchLive({ id }, { lock: true, quiet: true }).catch(() => {})
    beat()
    timer.current = setInterval(beat, HEARTBEAT_SECONDS * 1000)
  }, [id, room.data])
  useEffect(() => {
    if (shown.current) start()
    return stop
  }, [start, stop])
  useDidShow(() => {
    shown.current = true
    start()
  })
  useDidHide(() => {
    shown.current = false
    stop()
  })
  useEffect(() => (room.data ? nameFrame('.live-room iframe', TITLE) : undefined), [room.data])

  if (student.notStudent)
    return (
      <Page title={TITLE}>
        <NotStudent />
      </Page>
    )
  if (id === null || student.refused !== null)
    return (
      <Page title={TITLE}>
        <View className='live-room-refused'>
          <EmptyNotice type='page' text={student.refused ?? '直播不存在'} />
          <View className='live-room-refused__actions'>
            <ConfirmButton inline title='返回直播课表' onClick={() => Taro.navigateBack().catch(() => {})} />
          </View>
        </View>
      </Page>
    )
  return (
    <Page title={TITLE}>
      {room.data ? (
        <View className='live-room'>
          <WebView className='live-room__view' src={apiUrl(room.data.url)} />
        </View>
      ) : room.failed ? (
        <RetryLine className='live-room-state' onRetry={() => void room.reload()} />
      ) : (
        <View className='live-room-state'>
          <LoadingIndicator content='正在进入直播间' />
          <Text className='live-room-state__hint'>请保持页面打开，观看时长将计入出勤</Text>
        </View>
      )}
    </Page>
  )
}
