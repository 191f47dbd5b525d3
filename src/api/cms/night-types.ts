import type { ApiBody, ApiData, ApiItem, ApiQuery } from '@activity/api-types'

// The student's night-class calls of issue 25 (@activity/api-types, `npm run api:types`: the
// back-office's own types). Times are ISO text.

/** `scope` open (published, not ended, soonest first) or mine (my 已报名 classes); `page` 1-based. */
export type NightListQuery = ApiQuery<'/api/cms/night/nightClass/listForClient', 'get'>
export type NightClassPage = ApiData<'/api/cms/night/nightClass/listForClient', 'get'>
/** A class as a list shows it: time, place, seats left, phase, whether I signed up and attended. */
export type NightClassCard = ApiItem<'/api/cms/night/nightClass/listForClient', 'get'>
/** One class: the card, its introduction, my sign-up and attendance, what I may do now. */
export type NightClassDetail = ApiData<'/api/cms/night/nightClass/detailsForClient', 'get'>
export type NightClassIdBody = ApiBody<'/api/cms/night/nightStudent/saveForClient', 'post'>
/** `classId` and `token`: exactly the `c` and `t` of the class's QR code. */
export type NightCheckInBody = ApiBody<'/api/cms/night/nightAttendance/checkInForClient', 'post'>
/** The check-in: when and how; `again` when I had checked in already. */
export type NightCheckedIn = ApiData<'/api/cms/night/nightAttendance/checkInForClient', 'post'>
export type NightAttendanceQuery = ApiQuery<'/api/cms/night/nightAttendance/listForClient', 'get'>
export type NightAttendancePage = ApiData<'/api/cms/night/nightAttendance/listForClient', 'get'>
/** One of my classes that has started (or that I checked in to), attended or not. */
export type NightAttendanceItem = ApiItem<'/api/cms/night/nightAttendance/listForClient', 'get'>
