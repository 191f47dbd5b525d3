/**
 * 夜校 (`/api/cms/night`): night classes, their sign-ups and attendance. Every role reads;
 * 管理员 and 招生老师 keep the classes, cancel sign-ups and mark attendance.
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { del, get, post, put } from './client'

const base = '/api/cms/night'

/** A class of the list: time, place, seats, how many signed up and attended, published. */
export type NightClassRow = ApiItem<'/api/cms/night/nightClass/list', 'get'>
/** One class with its description and the URL its printable QR code encodes. */
export type NightClassDetail = ApiData<'/api/cms/night/nightClass/detail', 'get'>
export type NightClassQuery = ApiQueryText<'/api/cms/night/nightClass/list', 'get'>
export type NightClassInput = ApiBody<'/api/cms/night/nightClass', 'post'>
/** The room screen's check-in code now (投屏签到码): 6 digits, the address its QR code carries, when it changes. */
export type NightScreenCode = ApiData<'/api/cms/night/nightClass/screenCode', 'get'>
/** A sign-up with its student (phone masked) and attendance. */
export type NightSignUpRow = ApiItem<'/api/cms/night/nightStudent/list', 'get'>
export type NightSignUpQuery = ApiQueryText<'/api/cms/night/nightStudent/list', 'get'>

export const NIGHT_EXPORT_PATH = `${base}/nightStudent/exports`

export const nightApi = {
  list: (query: NightClassQuery) => get<Page<NightClassRow>>(`${base}/nightClass/list`, query),
  detail: (id: number) => get<NightClassDetail>(`${base}/nightClass/detail`, { id }),
  create: (input: NightClassInput) => post<NightClassDetail>(`${base}/nightClass`, input, { quiet: true }),
  update: (input: NightClassInput & { id: number }) => put<NightClassDetail>(`${base}/nightClass`, input, { quiet: true }),
  remove: (id: number) => del<null>(`${base}/nightClass`, { id }),
  rotateSecret: (id: number) => put<NightClassDetail>(`${base}/nightClass/rotateSecret`, { id }),
  /** Quiet: the screen asks every 30 seconds and says itself when it cannot reach the server. */
  screenCode: (id: number) => get<NightScreenCode>(`${base}/nightClass/screenCode`, { id }, { quiet: true }),
  signUps: (query: NightSignUpQuery) => get<Page<NightSignUpRow>>(`${base}/nightStudent/list`, query),
  cancelSignUp: (input: { id: number; reason: string }) => put<NightSignUpRow>(`${base}/nightStudent/cancel`, input, { quiet: true }),
  mark: (input: { classId: number; studentId: number; present: boolean }) =>
    post<ApiData<'/api/cms/night/nightAttendance/mark', 'post'>>(`${base}/nightAttendance/mark`, input),
}
