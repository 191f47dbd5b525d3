import { useEffect, useRef, useState } from 'react'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { ROOM_CODE_RETRY_MS, roomCodeSecondsLeft, roomCodeStale } from '@activity/domain'
import { AttendanceStatus, SessionPhase } from '@activity/wire'
import { attendance, type RollCallPayload, type RosterRow, type SessionRoster, type SessionScreen } from '../../api/zms/attendance'
import Dialog from '../../components/dialog'
import EmptyNotice from '../../components/empty-notice'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import QrCode from '../../components/qr-code'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import { useMounted } from '../../hooks/mounted'
import { useRemote } from '../../hooks/remote'
import { staffIdOf } from '../../links/staff'
import { IS_MINI_PROGRAM, press, useFocusTrap } from '../../platform'
import { routeOf } from '../../routes'
import { asStaff, useRequireStaff } from '../../staff/session'
import { useStore } from '../../store'
import { useSessionScreen } from './components/session-screen'
import {
  clockText,
  countsText,
  dateText,
  markUnmarked,
  phaseTone,
  placeText,
  ROLL_CALL_STATUSES,
  rowNote,
  sameCounts,
  screenState,
  statusBadge,
  timeText,
  unmarkedRows,
  windowText,
} from './components/staff-attendance'
import './session.scss'

const TITLE = routeOf('pages/staff/session')?.title ?? '签到与点名'

/** The phases whose room screen may still check someone in (or will). */
const SCREEN_PHASES: readonly SessionPhase[] = [SessionPhase.upcoming, SessionPhase.checkIn, SessionPhase.running]

/** The room screen's text lines under a heading, for the states without a code. */
function ScreenNote({ lines }: { lines: string[] }) {
  return (
    <View className='staff-screen'>
      <Text className='staff-screen__heading'>投屏签到</Text>
      {lines.map((line) => (
        <Text key={line} className='staff-screen__note'>
          {line}
        </Text>
      ))}
    </View>
  )
}

/**
 * 投屏签到: the code (six large digits), its QR code and the seconds until the next, the check-in
 * window; 全屏展示 fills the phone's screen with them (kept awake in the mini-programs) to show the
 * room. Each answer is handed to `onAnswer` (its counts keep the roll call fresh).
 */
function RoomScreen({ sessionId, onAnswer }: { sessionId: number; onAnswer: (screen: SessionScreen) => void }) {
  const { screen, offset, failing, now } = useSessionScreen(sessionId, true)
  const [full, setFull] = useState(false)
  const answered = useRef(onAnswer)
  answered.current = onAnswer
  useEffect(() => {
    if (screen) answered.current(screen)
  }, [screen])
  useEffect(() => {
    if (!IS_MINI_PROGRAM || !full) return
    void Taro.setKeepScreenOn({ keepScreenOn: true }).catch(() => undefined)
    return () => void Taro.setKeepScreenOn({ keepScreenOn: false }).catch(() => undefined)
  }, [full])
  // As the answer found it: a "not yet" stays until the answer at the opening says otherwise.
  const state = screen ? screenState(screen, Date.parse(screen.serverTime)) : null
  const coded = !!screen && state === 'open' && !roomCodeStale(screen, offset, now)
  // Full screen covers the page: the keyboard stays on it, and Escape leaves it as 退出全屏 does.
  const box = useFocusTrap(full && coded, () => setFull(false))

  if (!screen) {
    return failing ? (
      <ScreenNote lines={[`连接不上服务器，${ROOM_CODE_RETRY_MS / 1000}秒后重试…`]} />
    ) : (
      <View className='staff-screen'>
        <LoadingIndicator content='签到码加载中' />
      </View>
    )
  }
  if (state === 'notYet') return <ScreenNote lines={[`签到将于 ${clockText(screen.checkInOpensAt)} 开放`, windowText(screen)]} />
  if (state === 'closed') return <ScreenNote lines={['签到已结束', windowText(screen)]} />
  if (roomCodeStale(screen, offset, now)) return <ScreenNote lines={['连接中断，签到码已失效，正在重试…']} />
  const checkedIn = screen.counts.present + screen.counts.late
  return (
    <View
      ref={box}
      className={`staff-screen staff-screen--code${full ? ' staff-screen--full' : ''}`}
      role={full ? 'dialog' : undefined}
      aria-modal={full ? 'true' : undefined}
      aria-label={full ? '投屏签到' : undefined}
    >
      <View className='staff-screen__top'>
        <Text className='staff-screen__heading'>{full ? `${screen.course} · ${screen.className}` : '投屏签到'}</Text>
        <View className='staff-screen__toggle' {...press(() => setFull((f) => !f))}>
          <Text>{full ? '退出全屏' : '全屏展示'}</Text>
        </View>
      </View>
      <QrCode className='staff-screen__qr' text={screen.checkInUrl} size={full ? 560 : 360} label='签到二维码，用微信扫码签到' />
      <Text className='staff-screen__label'>签到码</Text>
      <Text className='staff-screen__code' data-testid='attendance-code'>
        {screen.code}
      </Text>
      <Text className='staff-screen__countdown'>{`${roomCodeSecondsLeft(screen, offset, now)} 秒后更换`}</Text>
      <Text className='staff-screen__window'>{windowText(screen)}</Text>
      <Text className='staff-screen__counts'>{`已签到 ${checkedIn} / ${screen.counts.total}`}</Text>
      {failing ? <Text className='staff-screen__warn'>网络不稳定，正在重试</Text> : null}
      <Text className='staff-screen__hint'>学员用微信扫码签到 · 签到码每30秒更换，拍照带走无效</Text>
    </View>
  )
}

function RollRow({ row, onPick }: { row: RosterRow; onPick?: () => void }) {
  const badge = statusBadge(row.status)
  const sub = [row.studentNo, rowNote(row)].filter(Boolean).join(' · ')
  return (
    <View className='staff-roll__row' {...(onPick ? press(onPick, { label: `为${row.name}点名，现为${badge.label}` }) : {})}>
      <View className='staff-roll__main'>
        <View className='staff-roll__top'>
          <Text className='staff-roll__name'>{row.name}</Text>
          {row.onLeave ? <Text className='staff-roll__tag staff-roll__tag--leave'>已请假</Text> : null}
          {row.located ? <Text className='staff-roll__tag staff-roll__tag--located'>定位</Text> : null}
        </View>
        {sub ? <Text className='staff-roll__sub'>{sub}</Text> : null}
      </View>
      <Text className={`staff-roll__status staff-roll__status--${badge.tone}`}>{badge.label}</Text>
      {onPick ? <Text className='staff-roll__arrow'>›</Text> : null}
    </View>
  )
}

/** Why there is no marking: before check-in opens, or not this operator's session. */
const noMarkText = (sheet: SessionRoster) =>
  sheet.session.phase === SessionPhase.upcoming ? '签到开始后才能点名' : '仅任课老师和班主任可为本次课点名'

/**
 * 签到与点名 (`?id=`): the session (course, class, time, place, phase); while check-in may still come,
 * the room screen (RoomScreen); then the roll call: each student with their status (已请假 when an
 * approved leave holds the session, 定位 when the scan carried a location, how it came). When the
 * operator may mark (`canMark`), a tap on a student picks 出勤/迟到/请假/缺勤, and 全部出勤 marks the
 * students not yet marked, after a confirmation. The screen's counts ask the roll call again when
 * they differ from it (no poll of its own). Pull-down refresh.
 */
export default function StaffSessionPage() {
  const { staff, failed, retry } = useRequireStaff()
  const route = useRoute()
  const id = staffIdOf(route.query.id)
  const remote = useRemote(
    (options) => attendance.attendanceRecord.list({ sessionId: id ?? 0 }, asStaff(options)),
    staff !== null && id !== null,
  )
  const mounted = useMounted()
  // A roll call's answer is the sheet as the server has it now: shown over the last read until the next read.
  const [marked, setMarked] = useState<SessionRoster>()
  const roster = {
    data: marked ?? remote.data,
    loading: remote.loading,
    failed: remote.failed,
    reload: async (options?: Parameters<typeof remote.reload>[0]) => {
      await remote.reload(options)
      if (mounted.current) setMarked(undefined)
    },
  }
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)

  usePullDownRefresh(() => {
    void roster.reload({ lock: true }).finally(() => void Taro.stopPullDownRefresh())
  })

  const mark = async (payload: RollCallPayload, done: string) => {
    if (busy) return
    setBusy(true)
    try {
      const res = await attendance.attendanceRecord.changeStatus(payload, asStaff())
      setMarked(res.data)
      useStore.getState().showToast(done)
    } catch {
      // The request wrapper has said why.
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  const pick = async (sheet: SessionRoster, row: RosterRow) => {
    if (busy) return
    let status: AttendanceStatus | undefined
    try {
      status = ROLL_CALL_STATUSES[(await Taro.showActionSheet({ itemList: [...ROLL_CALL_STATUSES] })).tapIndex]
    } catch {
      return // cancelled
    }
    if (!status || status === row.status) return
    await mark({ sessionId: sheet.session.id, studentIds: [row.studentId], status }, `${row.name}：${status}`)
  }

  // A screen answer whose counts differ from the roll call's (a scan came in; check-in opened): ask again.
  const onAnswer = (screen: SessionScreen) => {
    const sheet = roster.data
    if (!sheet || roster.loading) return
    const opened = screen.checkInOpen && sheet.session.phase === SessionPhase.upcoming
    if (opened || !sameCounts(screen.counts, sheet.counts)) void roster.reload({ quiet: true })
  }

  const body = (sheet: SessionRoster) => {
    const s = sheet.session
    const unmarked = unmarkedRows(sheet)
    return (
      <View className='staff-session'>
        <View className='staff-session__head'>
          <View className='staff-session__title-line'>
            <Text className='staff-session__course'>{s.course}</Text>
            <Text className={`staff-session__phase staff-session__phase--${phaseTone(s.phase)}`}>{s.phase}</Text>
          </View>
          <Text className='staff-session__meta'>{`${s.className} · ${s.teacherName}`}</Text>
          <Text className='staff-session__meta'>{`${dateText(s.date)} ${timeText(s)} · ${placeText(s)}`}</Text>
          {s.cancelReason ? <Text className='staff-session__meta'>{`取消原因：${s.cancelReason}`}</Text> : null}
        </View>

        {SCREEN_PHASES.includes(s.phase) ? (
          <RoomScreen sessionId={s.id} onAnswer={onAnswer} />
        ) : s.phase === SessionPhase.ended ? (
          <ScreenNote lines={['签到已结束']} />
        ) : null}

        {s.phase === SessionPhase.cancelled ? null : (
          <View className='staff-roll'>
            <View className='staff-roll__head'>
              <Text className='staff-roll__title'>点名</Text>
              <Text className='staff-roll__counts'>{countsText(sheet.counts)}</Text>
            </View>
            {sheet.canMark && unmarked.length ? (
              <View className='staff-roll__all' {...press(() => setConfirming(true))}>
                <Text>{`全部出勤（未签到 ${unmarked.length} 人）`}</Text>
              </View>
            ) : null}
            {sheet.canMark ? null : <Text className='staff-roll__note'>{noMarkText(sheet)}</Text>}
            {sheet.rows.length ? (
              sheet.rows.map((row) => (
                <RollRow key={row.studentId} row={row} onPick={sheet.canMark ? () => void pick(sheet, row) : undefined} />
              ))
            ) : (
              <Text className='staff-roll__note'>本次课没有学员</Text>
            )}
          </View>
        )}

        <Dialog
          isOpened={confirming}
          title='全部出勤'
          content={`将未签到的 ${unmarked.length} 名学员记为出勤，已签到、请假的不变。确定吗？`}
          confirmText='记为出勤'
          onConfirm={() => {
            setConfirming(false)
            void mark(markUnmarked(sheet, AttendanceStatus.present), `${unmarked.length} 人已记为出勤`)
          }}
          onCancel={() => setConfirming(false)}
          onClose={() => setConfirming(false)}
        />
      </View>
    )
  }

  return (
    <Page title={TITLE}>
      {id === null ? (
        <EmptyNotice type='page' text='课次不存在' />
      ) : roster.data ? (
        body(roster.data)
      ) : failed || roster.failed ? (
        <RetryLine className='staff-session-state' onRetry={() => (failed ? retry() : void roster.reload())} />
      ) : (
        <View className='staff-session-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )}
    </Page>
  )
}
