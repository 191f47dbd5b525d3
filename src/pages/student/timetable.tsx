import { useEffect, useRef, useState } from 'react'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { Text, Textarea, View, type ITouchEvent } from '@tarojs/components'
import { beijingDate } from '@activity/domain'
import { SessionPhase } from '@activity/wire'
import { attendance, type PunchResult, type StudentSession } from '../../api/zms/attendance'
import { approvalTone } from '../../components/approval-steps/tone'
import ConfirmButton from '../../components/confirm-button'
import EmptyNotice from '../../components/empty-notice'
import { FormError } from '../../components/form'
import LoadingIndicator from '../../components/loading-indicator'
import NotStudent from '../../components/not-student'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useMounted } from '../../hooks/mounted'
import { useRemote } from '../../hooks/remote'
import { useStudentLoad } from '../../hooks/student-load'
import { press } from '../../platform'
import { CAN_SCAN, scanQrCode } from '../../platform/scan'
import { RequestError } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { NOT_AN_ATTEND_CODE, parseAttendLink } from './components/attend-link'
import { punchRefusalText, punchWith } from './components/punch'
import {
  MAKE_UP_REASON_MAX,
  checkInOpenToday,
  checkMakeUpReason,
  clockText,
  dayShown,
  makeUpText,
  mondayOf,
  punchedText,
  sessionBadge,
  shiftDate,
  swipeOf,
  weekDays,
  weekText,
  whereText,
  type Point,
} from './components/timetable'
import './timetable.scss'

const TITLE = routeOf('pages/student/timetable')?.title ?? '我的课表'

const toast = (text: string, success = false) => useStore.getState().showToast(text, success ? { icon: 'success' } : {})

/** The last scan's answer, shown above the week until closed or the next scan. */
type Outcome = { kind: 'done'; result: PunchResult } | { kind: 'refused'; message: string }

// A View's touch handlers are typed as plain events; the touch lists are there on every platform.
const touchPoint = (e: object): Point | null => {
  const t = (e as Partial<Pick<ITouchEvent, 'changedTouches'>>).changedTouches?.[0]
  return t ? { x: t.clientX, y: t.clientY } : null
}

interface MakeUpForm {
  reason: string
  error: string
  refusal: string
}

function SessionCard({
  s,
  form,
  busy,
  onOpen,
  onChange,
  onCancel,
  onSubmit,
}: {
  s: StudentSession
  /** The 补卡 form, when it is open on this session. */
  form: MakeUpForm | null
  busy: boolean
  onOpen: () => void
  onChange: (reason: string) => void
  onCancel: () => void
  onSubmit: () => void
}) {
  const badge = sessionBadge(s)
  const cancelled = s.phase === SessionPhase.cancelled
  return (
    <View className={`timetable-card${cancelled ? ' timetable-card--cancelled' : ''}`}>
      <View className='timetable-card__top'>
        <Text className='timetable-card__time'>{`${s.startTime}-${s.endTime}`}</Text>
        <Text className={`timetable-tag timetable-tag--${badge.tone}`}>{badge.label}</Text>
      </View>
      <Text className='timetable-card__course'>{s.course}</Text>
      <Text className='timetable-card__line timetable-card__where' userSelect>
        {whereText(s)}
      </Text>
      {s.place && s.onlineUrl ? (
        <Text className='timetable-card__line timetable-card__online' userSelect>{`线上：${s.onlineUrl}`}</Text>
      ) : null}
      <Text className='timetable-card__line timetable-card__teacher'>{`${s.teacherName || '老师待定'} · ${s.className}`}</Text>
      {cancelled && s.cancelReason ? <Text className='timetable-card__note'>{`取消原因：${s.cancelReason}`}</Text> : null}
      {s.checkedInAt ? (
        <Text className='timetable-card__note'>{`${s.way ?? '签到'} ${clockText(s.checkedInAt)}`}</Text>
      ) : s.checkInOpen ? (
        <Text className='timetable-card__note timetable-card__note--open'>{`签到中，${clockText(s.lateAt)}后签到记为迟到`}</Text>
      ) : null}
      {s.makeUp ? (
        <Text className={`timetable-card__make-up timetable-tag timetable-tag--${approvalTone(s.makeUp.status)}`}>
          {makeUpText(s.makeUp.status)}
        </Text>
      ) : null}
      {s.canMakeUp && !form ? (
        <View className='timetable-card__actions'>
          <View className='timetable-card__make-up-open' {...press(onOpen)}>
            <Text>申请补卡</Text>
          </View>
        </View>
      ) : null}
      {form ? (
        <View className='timetable-make-up'>
          <Text className='timetable-make-up__title'>申请补卡</Text>
          <Text className='timetable-make-up__hint'>说明未能扫码签到的原因，审批通过后记为出勤。</Text>
          <Textarea
            className='timetable-make-up__reason'
            value={form.reason}
            maxlength={MAKE_UP_REASON_MAX}
            placeholder='请填写补卡原因'
            onInput={(e) => onChange(e.detail.value)}
          />
          <FormError name='reason' error={form.error} />
          <FormError name='refusal' error={form.refusal} />
          <View className='timetable-make-up__buttons'>
            <View className='timetable-make-up__cancel' {...press(onCancel)}>
              <Text>取消</Text>
            </View>
            <ConfirmButton inline className='timetable-make-up__submit' title='提交' loading={busy} onClick={onSubmit} />
          </View>
        </View>
      ) : null}
    </View>
  )
}

/**
 * 我的课表: my face-to-face sessions week by week (Monday to Sunday), today's day first; 上一周 /
 * 下一周 or a sideways swipe on the list change the week. Each session: its time, course, room (or
 * 线上 with the address), teacher and my attendance. While one of today's sessions is open for
 * check-in, 扫码签到 scans the room screen's code (in the mini-programs and WeChat; a plain browser
 * opens the code with the phone's camera, pages/student/attend); a missed one that may still be
 * made up offers 申请补卡 with a reason. Asked again on show, on a pull-down and after each action.
 */
export default function StudentTimetablePage() {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  // The Monday of the week asked for; today's week (the server's today) until the person moves.
  const [monday, setMonday] = useState<string | undefined>()
  const week = useRemote(
    (options) => remember(attendance.attendanceCourse.listForClient(monday ? { date: monday } : undefined, options)),
    signedIn,
    { reloadOnShow: true },
  )
  useEffect(() => {
    if (monday !== undefined) void week.reload()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per week asked for
  }, [monday])
  usePullDownRefresh(() => {
    void week.reload({ lock: true }).finally(() => void Taro.stopPullDownRefresh())
  })

  const [chosen, setChosen] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [busy, setBusy] = useState(false)
  const [makeUp, setMakeUp] = useState<{ sessionId: number } & MakeUpForm>()
  const mounted = useMounted()
  const touch = useRef<Point | null>(null)

  const data = week.data
  const today = data?.today ?? beijingDate(Date.now())
  // The answer drawn is the week asked for (not the one before, while the next is on its way).
  const current = data && (monday === undefined || (data.weekStart <= monday && monday <= data.weekEnd)) ? data : undefined
  const weekStart = current?.weekStart ?? monday ?? mondayOf(today)
  const sessions = current?.sessions ?? []
  const day = dayShown(weekStart, today, sessions, chosen)

  const go = (to: 'previous' | 'next' | 'today') => {
    setMakeUp(undefined)
    setMonday(to === 'today' ? mondayOf(today) : shiftDate(weekStart, to === 'next' ? 7 : -7))
  }

  const scan = async () => {
    if (busy) return
    let text: string | null
    try {
      text = await scanQrCode()
    } catch (err) {
      toast(err instanceof Error && err.message ? err.message : '扫码失败，请重试')
      return
    }
    if (text === null) return
    const code = parseAttendLink(text)
    if (!code) return toast(NOT_AN_ATTEND_CODE)
    setBusy(true)
    try {
      const result = await punchWith(code, { quiet: true })
      if (mounted.current) setOutcome({ kind: 'done', result })
    } catch (err) {
      if (mounted.current) setOutcome({ kind: 'refused', message: punchRefusalText(err) })
    } finally {
      if (mounted.current) {
        setBusy(false)
        await week.reload({ lock: true })
      }
    }
  }

  const submitMakeUp = async () => {
    if (!makeUp || busy) return
    const error = checkMakeUpReason(makeUp.reason)
    if (error) return setMakeUp({ ...makeUp, error, refusal: '' })
    setBusy(true)
    try {
      await attendance.abnormalPunching.abnormalPunching(
        { sessionId: makeUp.sessionId, reason: makeUp.reason.trim() },
        { loadingTitle: '正在提交' },
      )
      toast('补卡申请已提交', true)
      if (mounted.current) setMakeUp(undefined)
    } catch (err) {
      // The wrapper has toasted the refusal (this month's 补卡 used up …); it stays on the form too.
      if (mounted.current && err instanceof RequestError && err.kind !== 'network') setMakeUp((m) => m && { ...m, refusal: err.message })
    } finally {
      if (mounted.current) {
        setBusy(false)
        await week.reload({ lock: true })
      }
    }
  }

  const list = () => {
    if (!current)
      return week.failed ? (
        <RetryLine className='timetable-state' onRetry={() => void week.reload()} />
      ) : (
        <View className='timetable-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )
    const shown = sessions.filter((s) => s.date === day)
    if (!shown.length) return <EmptyNotice total={0} text={day === today ? '今天没有课' : '这天没有课'} />
    return shown.map((s) => (
      <SessionCard
        key={s.id}
        s={s}
        form={makeUp?.sessionId === s.id ? makeUp : null}
        busy={busy}
        onOpen={() => setMakeUp({ sessionId: s.id, reason: '', error: '', refusal: '' })}
        onChange={(reason) => setMakeUp((m) => m && { ...m, reason, error: '', refusal: '' })}
        onCancel={() => setMakeUp(undefined)}
        onSubmit={() => void submitMakeUp()}
      />
    ))
  }

  const thisWeek = weekStart === mondayOf(today)
  return (
    <Page title={TITLE}>
      {notStudent ? (
        <NotStudent />
      ) : (
        <>
          <View className='timetable-week'>
            <View className='timetable-week__move' {...press(() => go('previous'))}>
              <Text>上一周</Text>
            </View>
            <View className='timetable-week__range'>
              <Text className='timetable-week__text'>{weekText(weekStart, today)}</Text>
              {thisWeek ? null : (
                <View className='timetable-week__today' {...press(() => go('today'))}>
                  <Text>回本周</Text>
                </View>
              )}
            </View>
            <View className='timetable-week__move' {...press(() => go('next'))}>
              <Text>下一周</Text>
            </View>
          </View>
          <View className='timetable-days' role='tablist'>
            {weekDays(weekStart, today, sessions).map((d) => (
              <View
                key={d.date}
                className={[
                  'timetable-days__day',
                  d.date === day ? 'timetable-days__day--on' : '',
                  d.today ? 'timetable-days__day--today' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                {...press(
                  () => {
                    setChosen(d.date)
                    setMakeUp(undefined)
                  },
                  {
                    role: 'tab',
                    selected: d.date === day,
                    label: `${d.weekday} ${d.label}${d.today ? ' 今天' : ''}${d.count ? `，${d.count}节课` : ''}`,
                  },
                )}
              >
                <Text className='timetable-days__weekday'>{d.today ? '今天' : d.weekday}</Text>
                <Text className='timetable-days__date'>{d.label}</Text>
                <View className={`timetable-days__dot${d.count ? ' timetable-days__dot--on' : ''}`} />
              </View>
            ))}
          </View>
          {outcome ? (
            <View className={`timetable-outcome timetable-outcome--${outcome.kind}`} role='status'>
              <View className='timetable-outcome__main'>
                <Text className='timetable-outcome__title'>{outcome.kind === 'done' ? punchedText(outcome.result) : '签到未成功'}</Text>
                <Text className='timetable-outcome__text'>
                  {outcome.kind === 'done' ? [outcome.result.course, outcome.result.place].filter(Boolean).join(' · ') : outcome.message}
                </Text>
              </View>
              <View className='timetable-outcome__close' {...press(() => setOutcome(null), { label: '关闭' })}>
                <Text>×</Text>
              </View>
            </View>
          ) : null}
          {current && checkInOpenToday(current.sessions, today) ? (
            <View className='timetable-scan'>
              {CAN_SCAN ? (
                <ConfirmButton className='timetable-scan__button' title='扫码签到' loading={busy} onClick={() => void scan()} />
              ) : (
                <Text className='timetable-scan__hint'>签到已开放，请用手机相机扫描课堂屏幕上的签到二维码</Text>
              )}
            </View>
          ) : null}
          <View
            className='timetable-list'
            onTouchStart={(e) => {
              touch.current = touchPoint(e)
            }}
            onTouchEnd={(e) => {
              const start = touch.current
              const end = touchPoint(e)
              touch.current = null
              // Not while a 补卡 reason is being written (selecting its text drags sideways too).
              const move = start && end && !makeUp ? swipeOf(start, end) : null
              if (move) go(move)
            }}
          >
            {list()}
          </View>
        </>
      )}
    </Page>
  )
}
