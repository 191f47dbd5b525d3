import type { StateCreator } from 'zustand'
import type { LatestCourse } from '../api/sms/study-types'
import type { CurrentCourse } from '../session/types'

/**
 * The current course (继续学习) of each person, by account id: kept on the device across
 * sign-outs and restarts like the home part, so opening the app shows where the person stopped
 * before the server answers. The player writes it on each heartbeat answer; the server's
 * latestCourseId replaces it when newer (`newerCourse`).
 */
export interface CurrentCourseSlice {
  currentCourses: Record<string, CurrentCourse>
  setCurrentCourse: (accountId: number, course: CurrentCourse) => void
}

export const createCurrentCourseSlice: StateCreator<CurrentCourseSlice, [], [], CurrentCourseSlice> = (set) => ({
  currentCourses: {},
  setCurrentCourse: (accountId, course) => set((s) => ({ currentCourses: { ...s.currentCourses, [String(accountId)]: course } })),
})

/** The server's current course in the device's shape. */
export function fromServer(course: LatestCourse): CurrentCourse {
  const { studiedAt, ...rest } = course
  return { ...rest, updatedAt: studiedAt }
}

/**
 * The current course to show: the server's when it is newer than the one kept here (another
 * device studied since) or none is kept; the device's otherwise. The server having none keeps
 * the device's (it may be a course the server has not answered for yet).
 */
export function newerCourse(local: CurrentCourse | undefined, server: LatestCourse | null | undefined): CurrentCourse | undefined {
  if (!server) return local
  if (!local) return fromServer(server)
  return Date.parse(server.studiedAt) > Date.parse(local.updatedAt) ? fromServer(server) : local
}
