import { call, defineFamily } from '../define'
import type {
  NightAttendancePage,
  NightAttendanceQuery,
  NightCheckedIn,
  NightCheckInBody,
  NightClassDetail,
  NightClassIdBody,
  NightClassPage,
  NightListQuery,
} from './night-types'

export type * from './night-types'

/**
 * /api/cms/night: night classes, their students and attendance. The student lists open classes
 * and mine, signs up (never beyond the seats) and cancels before the start, and checks in with
 * the c/t a scan of the class's QR code gave.
 */
export const night = defineFamily('/api/cms/night', {
  nightAttendance: {
    actions: {
      checkInForClient: call<NightCheckInBody, NightCheckedIn>('POST'),
      listForClient: call<NightAttendanceQuery, NightAttendancePage>(),
    },
  },
  nightClass: {
    actions: {
      listForClient: call<NightListQuery, NightClassPage>(),
      detailsForClient: call<{ id: number }, NightClassDetail>(),
    },
  },
  nightStudent: {
    actions: {
      saveForClient: call<NightClassIdBody, NightClassDetail>(),
      cancelForClient: call<NightClassIdBody, NightClassDetail>('PUT'),
    },
  },
})
