/** 登录记录 (`/api/ums/user/loginRecord/*`): every sign-in attempt; the administrator reads all, other operators their own. */
import type { ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { get } from './client'

const base = '/api/ums/user/loginRecord'

export type SignInRecord = ApiItem<'/api/ums/user/loginRecord/list', 'get'>
export type SignInRecordQuery = ApiQueryText<'/api/ums/user/loginRecord/list', 'get'>
export type FailedIps = ApiData<'/api/ums/user/loginRecord/failedIps', 'get'>
export type FailedIp = FailedIps['list'][number]

export const signInRecordsApi = {
  list: (query: SignInRecordQuery) => get<Page<SignInRecord>>(`${base}/list`, query),
  failedIps: (query: ApiQueryText<'/api/ums/user/loginRecord/failedIps', 'get'> = {}) => get<FailedIps>(`${base}/failedIps`, query),
  exportPath: `${base}/export`,
}
