/** 操作日志 (`GET /api/bms/system/auditLog/list`, 管理员): every operator write, newest first. */
import type { Page } from '@activity/wire'
import { get, type Query } from './client'

export interface AuditLog extends Record<string, unknown> {
  id: number
  adminId: number
  adminName: string
  adminRole: string
  /** An AuditAction key (src/wire/enums.ts), e.g. partner.approve. */
  action: string
  actionLabel: string
  entityType: string
  entityId: string
  summary: string
  /** The status and money fields that changed (money in fen). */
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  createdAt: string
}

export interface AuditQuery extends Query {
  adminId?: string
  action?: string
  entityType?: string
  entityId?: string
  dateFrom?: string
  dateTo?: string
  page?: number
  size?: number
}

export const auditApi = {
  list: (query: AuditQuery) => get<Page<AuditLog>>('/api/bms/system/auditLog/list', query),
}
