import { useEffect, useState } from 'react'
import { useDidHide, useDidShow } from '@tarojs/taro'
import { ROOM_CODE_RETRY_MS, serverClockOffset } from '@activity/domain'
import { attendance, type SessionScreen } from '../../../api/zms/attendance'
import { asStaff } from '../../../staff/session'
import { nextAskIn } from './staff-attendance'

/** The countdown's tick; the server is asked only when the code has changed (nextAskIn). */
const TICK_MS = 1000

export interface ScreenView {
  /** The last answer; undefined until one arrived. */
  screen: SessionScreen | undefined
  /** The server's clock minus this device's, measured at that answer. */
  offset: number
  /** The last ask failed: asked again after ROOM_CODE_RETRY_MS. */
  failing: boolean
  /** This device's clock at the last tick (the countdown reads it with `offset`). */
  now: number
}

/**
 * 投屏签到: the session's code while `active` and the page shows, asked again just after each change
 * (before check-in opens: when it opens; after it closes: no more), by the server's clock. Each
 * answer also carries the students' counts, so they stay fresh with no call of their own. One tick a
 * second moves the countdown; a hidden page asks nothing and asks at once on showing again.
 */
export function useSessionScreen(sessionId: number, active: boolean): ScreenView {
  const [view, setView] = useState<ScreenView>({ screen: undefined, offset: 0, failing: false, now: Date.now() })
  const [shown, setShown] = useState(true)
  useDidShow(() => setShown(true))
  useDidHide(() => setShown(false))
  const running = active && shown

  useEffect(() => {
    if (!running) return
    let live = true
    let busy = false
    let last: { screen: SessionScreen; offset: number } | null = null
    let retryAt: number | null = null
    const ask = async () => {
      busy = true
      const sentAt = Date.now()
      try {
        const { data } = await attendance.attendance.open({ id: sessionId }, asStaff({ quiet: true }))
        if (!live) return
        const receivedAt = Date.now()
        last = { screen: data, offset: serverClockOffset(data.serverTime, sentAt, receivedAt) }
        retryAt = null
        setView({ ...last, failing: false, now: receivedAt })
      } catch {
        if (!live) return
        retryAt = Date.now() + ROOM_CODE_RETRY_MS
        setView((v) => ({ ...v, failing: true }))
      } finally {
        busy = false
      }
    }
    void ask()
    const tick = setInterval(() => {
      if (busy) return
      const now = Date.now()
      const due = retryAt !== null ? (now >= retryAt ? 0 : null) : last ? nextAskIn(last.screen, last.offset, now) : null
      if (due === 0) void ask()
      // The countdown only runs while a code is shown.
      else if (last?.screen.checkInOpen) setView((v) => ({ ...v, now }))
    }, TICK_MS)
    return () => {
      live = false
      clearInterval(tick)
    }
  }, [sessionId, running])

  return view
}
