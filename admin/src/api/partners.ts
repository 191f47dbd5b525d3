/**
 * 合伙人 (`/api/ems/partner/partner`): the list, one partner, the review
 * (approve, reject with a reason, disable, enable) and the export. Money fields are fen.
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { get, put } from './client'

/** A partner as operators see it: full phone; `personal.idCard` full for 管理员/财务 on the details, masked otherwise. */
export type AdminPartner = ApiItem<'/api/ems/partner/partner/list', 'get'>

/** One partner: team size, wallet (fen; `debt` what claw-backs could not take; null for 招生老师) and clue counts. */
export type PartnerDetail = ApiData<'/api/ems/partner/partner/details', 'get'>

export type PartnerQuery = ApiQueryText<'/api/ems/partner/partner/list', 'get'>

/** 已通过 approves or re-enables, 已拒绝 rejects (reason required), 已禁用 disables. */
export type AuditDecision = ApiBody<'/api/ems/partner/partner/audit', 'put'>

const base = '/api/ems/partner/partner'

export const partnersApi = {
  list: (query: PartnerQuery) => get<Page<AdminPartner>>(`${base}/list`, query),
  details: (id: number) => get<PartnerDetail>(`${base}/details`, { id }),
  /** Quiet: the review dialogs show the refusal (someone else reviewed it meanwhile) themselves. */
  audit: (decision: AuditDecision) => put<AdminPartner>(`${base}/audit`, decision, { quiet: true }),
  /** The streamed .xlsx of the list with its filters and sort (no paging): see ExportButton. */
  exportPath: `${base}/export`,
}
