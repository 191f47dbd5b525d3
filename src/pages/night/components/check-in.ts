import { night, type NightCheckedIn } from '../../../api/cms/night'
import type { CheckInCode } from './check-in-link'

/** Checks in with exactly the c/t a QR code carried; the server decides (window, sign-up, token). */
export async function checkInWith(code: CheckInCode, options: { quiet?: boolean } = {}): Promise<NightCheckedIn> {
  const { data } = await night.nightAttendance.checkInForClient(
    { classId: code.classId, token: code.token },
    { loadingTitle: '正在签到', ...options },
  )
  return data
}

/** What a check-in answer says to the student. */
export const checkedInText = (r: Pick<NightCheckedIn, 'again'>) => (r.again ? '你已签到过了' : '签到成功')
