/** 查看完整手机号 (`/api/bms/system/data/reveal`): one phone a list shows masked, shown whole and recorded in 操作日志. */
import type { ApiBody, ApiData } from '@activity/api-types'
import { post } from './client'

export type RevealKind = ApiBody<'/api/bms/system/data/reveal', 'post'>['kind']

export const sensitiveDataApi = {
  revealPhone: (kind: RevealKind, id: number) =>
    post<ApiData<'/api/bms/system/data/reveal', 'post'>>('/api/bms/system/data/reveal', { kind, id }),
}
