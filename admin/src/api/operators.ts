/** 操作员 (`/api/bms/system/admin`): 管理员 manages the accounts. */
import type { AdminRole, Page } from '@activity/wire'
import { del, get, post, put } from './client'
import type { Admin } from './session'

export interface OperatorInput {
  account: string
  name: string
  password: string
  role: AdminRole
}

export interface OperatorChange {
  id: number
  name?: string
  role?: AdminRole
  enabled?: '是' | '否'
  /** A new password (8-32 letters and digits). */
  password?: string
}

const base = '/api/bms/system/admin'

export const operatorsApi = {
  list: (query: { keyword?: string; role?: string; page?: number; size?: number }) => get<Page<Admin>>(`${base}/list`, query),
  create: (input: OperatorInput) => post<Admin>(base, input, { quiet: true }),
  update: (change: OperatorChange, options: { quiet?: boolean } = {}) => put<Admin>(base, change, options),
  remove: (id: number) => del<null>(base, { id }),
}
