import { NIGHT_CHECK_IN_CODE_SECONDS } from '../../../wire.ts'
import * as rotation from '../../../lib/rotating-code.ts'

/**
 * A night class's room screen code (投屏签到码): the shared rotating code (lib/rotating-code.ts) of
 * the class id and its check-in secret (更换二维码 changes these codes too), a new one every
 * NIGHT_CHECK_IN_CODE_SECONDS.
 */

export { sameText } from '../../../lib/rotating-code.ts'

const subject = (classId: number, checkInSecret: string) => `night-check-in-code:${classId}:${checkInSecret}`

/** What the screen shows now, and when it changes. */
export function screenCode({ secret, classId, checkInSecret, now }: { secret: string; classId: number; checkInSecret: string; now: Date }) {
  return rotation.screenCode({ secret, subject: subject(classId, checkInSecret), periodSeconds: NIGHT_CHECK_IN_CODE_SECONDS, now })
}

/** Whether `given` is the class's code of now's window or of the window before. */
export function rotatingCodeMatches({
  secret,
  classId,
  checkInSecret,
  given,
  now,
}: {
  secret: string
  classId: number
  checkInSecret: string
  given: string
  now: Date
}): boolean {
  return rotation.rotatingCodeMatches({
    secret,
    subject: subject(classId, checkInSecret),
    periodSeconds: NIGHT_CHECK_IN_CODE_SECONDS,
    given,
    now,
  })
}
