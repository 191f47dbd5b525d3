/** 操作员 (`/api/bms/system/admin`): 管理员 manages the accounts. */
import type { ApiBody, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { del, get, post, put } from './client'
import type { Admin } from './session'

export type OperatorInput = ApiBody<'/api/bms/system/admin', 'post'>

/** `enabled` 是 | 否; `password` a new password (8-32 letters and digits). */
export type OperatorChange = ApiBody<'/api/bms/system/admin', 'put'>

const base = '/api/bms/system/admin'

export const operatorsApi = {
  list: (query: ApiQueryText<'/api/bms/system/admin/list', 'get'>) => get<Page<Admin>>(`${base}/list`, query),
  create: (input: OperatorInput) => post<Admin>(base, input, { quiet: true }),
  update: (change: OperatorChange, options: { quiet?: boolean } = {}) => put<Admin>(base, change, options),
  remove: (id: number) => del<null>(base, { id }),
}
