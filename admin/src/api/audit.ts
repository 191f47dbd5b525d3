/** 操作日志 (`GET /api/bms/system/auditLog/list`, 管理员): every operator write, newest first. */
import type { Page } from '@activity/wire'
import type { ApiItem, ApiQueryText } from '@activity/api-types'
import { get } from './client'

/** One write: `action` an AuditAction key (e.g. partner.approve); `before`/`after` the status and money fields that changed (fen). */
export type AuditLog = ApiItem<'/api/bms/system/auditLog/list', 'get'>

export type AuditQuery = ApiQueryText<'/api/bms/system/auditLog/list', 'get'>

export const auditApi = {
  list: (query: AuditQuery) => get<Page<AuditLog>>('/api/bms/system/auditLog/list', query),
}
