import { useEffect } from 'react'
import { study } from '../api/sms/study'
import type { CurrentCourse } from '../session/types'
import { useStore } from '../store'
import { newerCourse } from '../store/current-course'
import { useRemote } from './remote'

/**
 * The current course (继续学习) of the signed-in person, for home's student part and 我的课程:
 * the one kept on this device at once, then the server's (latestCourseId) when it is newer (the
 * person studied on another device since), which is kept in its place. Asked again each time the
 * page shows (back from the player).
 */
export function useCurrentCourse(enabled: boolean): CurrentCourse | undefined {
  const accountId = useStore((s) => s.person?.accountId)
  const local = useStore((s) => (accountId === undefined ? undefined : s.currentCourses[String(accountId)]))
  const server = useRemote((options) => study.studentKnowledge.latestCourseId(undefined, { ...options, quiet: true }), enabled, {
    reloadOnShow: true,
  })
  const shown = newerCourse(local, server.data)
  useEffect(() => {
    if (accountId !== undefined && shown && shown !== local) useStore.getState().setCurrentCourse(accountId, shown)
  }, [accountId, shown, local])
  return shown
}
