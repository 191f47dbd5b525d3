import { useCallback, useState } from 'react'
import { isNotStudent } from '../components/not-student'
import { RequestError } from '../request'

/**
 * Which refusals, besides "not a student", a page takes as final (no retry offered):
 * - `none`: only "not a student"; any other failure is the page's retry line;
 * - `answered`: any answer of the server (not found, not yours, taken down), only a network
 *   failure is retried;
 * - `client`: an answer below HTTP 500 (a refusal of what was asked), where a 5xx or a network
 *   failure is retried.
 */
export type FinalRefusals = 'none' | 'answered' | 'client'

export interface StudentLoad {
  /** The signed-in person holds no student profile: the page shows NotStudent in place of its content. */
  notStudent: boolean
  /** The server's message for a refusal a retry will not change (see FinalRefusals), else null. */
  refused: string | null
  /** A student call, passed through: a refusal it meets is remembered (above), then thrown on. */
  remember: <T>(call: Promise<T>) => Promise<T>
}

function isFinal(err: unknown, refusals: FinalRefusals): err is RequestError {
  if (refusals === 'none' || !(err instanceof RequestError) || err.kind === 'network') return false
  return refusals === 'answered' || (err.status !== null && err.status < 500)
}

/**
 * The load state every student page shares (学籍, 通知, 课程, 夜校, 积分, 缴费 ...): the page's
 * calls go through `remember`, so a person who is signed in but not a student reads NotStudent
 * instead of a retry that will be refused again, and a final refusal (a missing notice, a course
 * not joined) is said once. Loading and a failure to retry stay with the page's own call
 * (useRemote, usePagedList, or its load function); what each page draws for them is its own.
 */
export function useStudentLoad(refusals: FinalRefusals = 'none'): StudentLoad {
  const [notStudent, setNotStudent] = useState(false)
  const [refused, setRefused] = useState<string | null>(null)
  const remember = useCallback(
    <T>(call: Promise<T>): Promise<T> =>
      call.catch((err: unknown) => {
        if (isNotStudent(err)) setNotStudent(true)
        else if (isFinal(err, refusals)) setRefused(err.message)
        throw err
      }),
    [refusals],
  )
  return { notStudent, refused, remember }
}
