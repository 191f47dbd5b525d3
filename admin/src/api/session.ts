/** The operator's own session: sign-in, who am I, password, sign-out (`/api/bms/system/admin`). */
import type { ApiBody, ApiData, ApiQueryText } from '@activity/api-types'
import { del, get, post, put } from './client'

/** A signed-in operator (also a row of the operators' list). */
export type Admin = ApiData<'/api/bms/system/admin/signInfo', 'get'>

const base = '/api/bms/system/admin'

export const sessionApi = {
  /** Quiet: the sign-in page shows the refusal (wrong password, locked out) beside the form. */
  signIn: (body: ApiBody<'/api/bms/system/admin/signIn', 'post'>) => post<Admin>(`${base}/signIn`, body, { quiet: true }),
  signInfo: () => get<Admin>(`${base}/signInfo`),
  signOut: () => del<null>(`${base}/signOut`),
  updatePassword: (body: ApiBody<'/api/bms/system/admin/updatePassword', 'put'>) =>
    put<null>(`${base}/updatePassword`, body, { quiet: true }),
  /** 管理员: the operators of a role (the assign picker, the audit log's operator filter). */
  list: (query: ApiQueryText<'/api/bms/system/admin/list', 'get'>) =>
    get<ApiData<'/api/bms/system/admin/list', 'get'>>(`${base}/list`, query),
}
