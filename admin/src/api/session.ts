/** The operator's own session: sign-in, who am I, password, sign-out (`/api/bms/system/admin`). */
import type { AdminRole } from '@activity/wire'
import { del, get, post, put } from './client'

export interface Admin {
  id: number
  account: string
  name: string
  role: AdminRole
  enabled: boolean
  createdAt: string
}

const base = '/api/bms/system/admin'

export const sessionApi = {
  /** Quiet: the sign-in page shows the refusal (wrong password, locked out) beside the form. */
  signIn: (body: { account: string; password: string }) => post<Admin>(`${base}/signIn`, body, { quiet: true }),
  signInfo: () => get<Admin>(`${base}/signInfo`),
  signOut: () => del<null>(`${base}/signOut`),
  updatePassword: (body: { oldPassword: string; password: string }) => put<null>(`${base}/updatePassword`, body, { quiet: true }),
  /** 管理员: the operators of a role (the assign picker, the audit log's operator filter). */
  list: (query: { role?: AdminRole; keyword?: string; page?: number; size?: number }) =>
    get<{ list: Admin[]; total: number; page: number; size: number }>(`${base}/list`, query),
}
