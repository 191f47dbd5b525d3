import Taro from '@tarojs/taro'
import { attendance, type PunchResult } from '../../../api/zms/attendance'
import { LOCATION_COORDS } from '../../../location/coords'
import { RequestError, type RequestOptions } from '../../../request'
import type { AttendCode } from './attend-link'

/** How long a punch waits for the phone's location before it goes without one. */
export const PUNCH_LOCATION_MS = 2000

interface Position {
  latitude: number
  longitude: number
  accuracy?: number
}

/**
 * Where the phone is, when it says so within `ms`; null when it refuses, fails or is slow. The
 * location is only a signal the server keeps beside the record: a punch never waits long for it.
 */
export function punchPosition(ms = PUNCH_LOCATION_MS): Promise<Position | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms)
    const done = (position: Position | null) => {
      clearTimeout(timer)
      resolve(position)
    }
    try {
      Taro.getLocation({ type: LOCATION_COORDS }).then(
        (r) => done({ latitude: r.latitude, longitude: r.longitude, ...(Number.isFinite(r.accuracy) ? { accuracy: r.accuracy } : {}) }),
        () => done(null),
      )
    } catch {
      done(null)
    }
  })
}

/** Punches with exactly the s/t a QR code carried (and the location, when the phone gives it); the server decides. */
export async function punchWith(code: AttendCode, options: RequestOptions = {}): Promise<PunchResult> {
  const position = await punchPosition()
  const { data } = await attendance.attendanceRecord.punchCourse(
    { sessionId: code.sessionId, code: code.code, ...position },
    { loadingTitle: '正在签到', ...options },
  )
  return data
}

/** A refused punch in words: the server's (签到码无效或已过期…), else the network's. */
export function punchRefusalText(err: unknown): string {
  return err instanceof RequestError && err.message ? err.message : '网络异常，请重试'
}
