/**
 * 合伙人 (`/api/ems/partner/partner`, server/docs/console-api.md): the list, one partner, the review
 * (approve, reject with a reason, disable, enable) and the export. Money fields are fen.
 */
import type { Page, PartnerStatus } from '@activity/wire'
import { get, put, type Query } from './client'

export interface AdminPartner extends Record<string, unknown> {
  id: number
  code: string
  /** Full, for operators. */
  phone: string
  status: PartnerStatus
  rejectReason: string | null
  nickname: string | null
  avatar: string | null
  personal: {
    realName: string | null
    gender: string | null
    /** Full for 管理员/财务 on the detail (sensitiveVisible), masked otherwise. */
    idCard: string | null
    province: string | null
    city: string | null
    wechatId: string | null
    payoutType: string | null
    payoutAccount: string | null
    payoutName: string | null
  }
  signUp: { school: string | null; major: string | null; discipline: string | null; intakeYear: string | null; batch: string | null }
  missing: { personal: boolean; signUp: boolean; payoutAccount: boolean }
  shareLink: string
  createdAt: string
  referrerId: number | null
  submittedAt: string | null
  reviewedAt: string | null
}

export interface PartnerDetail extends AdminPartner {
  sensitiveVisible: boolean
  teamSize: number
  /** fen; null for 招生老师 */
  /** fen; `debt`: what claw-backs of cancelled deals could not take (outside the balance). */
  wallet: { balance: number; frozen: number; withdrawable: number; debt: number } | null
  clueCounts: { total: number; deal: number }
}

export interface PartnerQuery extends Query {
  status?: string
  keyword?: string
  dateFrom?: string
  dateTo?: string
  sort?: string
  page?: number
  size?: number
}

/** 已通过 approves or re-enables, 已拒绝 rejects (reason required), 已禁用 disables. */
export type AuditDecision =
  { id: number; status: '已通过' } | { id: number; status: '已拒绝'; reason: string } | { id: number; status: '已禁用'; reason?: string }

const base = '/api/ems/partner/partner'

export const partnersApi = {
  list: (query: PartnerQuery) => get<Page<AdminPartner>>(`${base}/list`, query),
  details: (id: number) => get<PartnerDetail>(`${base}/details`, { id }),
  /** Quiet: the review dialogs show the refusal (someone else reviewed it meanwhile) themselves. */
  audit: (decision: AuditDecision) => put<AdminPartner>(`${base}/audit`, decision, { quiet: true }),
  /** The streamed .xlsx of the list with its filters and sort (no paging): see ExportButton. */
  exportPath: `${base}/export`,
}
