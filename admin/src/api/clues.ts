/**
 * 线索 (`/api/ems/partner/clue`, server/docs/console-api.md): the clue workbench of 招生老师 and
 * 管理员. Money fields are fen.
 */
import type { ClueSource, ClueStatus, FollowUpMethod, Page } from '@activity/wire'
import { get, post, put, type Query, upload } from './client'

export interface AdminClue extends Record<string, unknown> {
  id: number
  name: string
  /** Full, for operators. */
  phone: string
  contactMethod: string | null
  intention: string | null
  remark: string | null
  source: ClueSource
  activityId: string | null
  status: ClueStatus
  programme: string | null
  /** fen */
  amount: number | null
  /** fen */
  commission: number | null
  levelName: string | null
  invalidReason: string | null
  /** 已退费: why the deal was cancelled, and when. */
  cancelReason: string | null
  cancelledAt: string | null
  createdAt: string
  followedAt: string | null
  dealAt: string | null
  partnerId: number
  partnerName: string | null
  partnerPhone: string
  partnerCode: string
  /** null: in the pool. */
  assigneeId: number | null
  assigneeName: string | null
  lastTouchedAt: string
  nextContactAt: string | null
}

/** The earlier clue of the same phone within 90 days: the one a new entry trips over. */
export interface DuplicateClue {
  id: number
  name: string
  phone: string
  status: ClueStatus
  createdAt: string
  partnerId: number
  partnerName: string | null
  partnerCode: string
  assigneeName: string | null
}

export interface FollowUp {
  id: number
  method: FollowUpMethod
  note: string
  nextContactAt: string | null
  adminId: number
  adminName: string
  createdAt: string
}

export interface TimelineItem {
  at: string
  kind: 'created' | 'followUp' | 'action'
  title: string
  detail: string | null
  adminName: string | null
}

export interface ClueDetail extends AdminClue {
  followUps: FollowUp[]
  /** Newest first. */
  timeline: TimelineItem[]
  duplicate: DuplicateClue | null
}

export interface ImportReport {
  total: number
  imported: number
  failed: number
  /** `row` is the sheet's row number (the header is row 1). */
  errors: Array<{ row: number; reason: string; duplicate: DuplicateClue | null }>
}

/** The list's filters as the server takes them (also the export's). */
export interface ClueQuery extends Query {
  status?: string
  partnerId?: string
  phone?: string
  assigneeId?: string
  pool?: string
  mine?: string
  source?: string
  activityId?: string
  dateFrom?: string
  dateTo?: string
  staleHours?: string
  overdue?: string
  sort?: 'createdAt_desc' | 'createdAt_asc'
  page?: number
  size?: number
}

const base = '/api/ems/partner/clue'

export const cluesApi = {
  list: (query: ClueQuery) => get<Page<AdminClue>>(`${base}/listForAdmin`, query),
  details: (id: number) => get<ClueDetail>(`${base}/detailsForAdmin`, { id }),
  /** The clue of this phone created in the last 90 days, if any. */
  duplicate: (phone: string) => get<{ clue: DuplicateClue | null }>(`${base}/duplicate`, { phone }, { quiet: true }),
  /** 管理员; `assigneeId` null puts it back in the pool. */
  assign: (body: { id: number; assigneeId: number | null }) =>
    put<AdminClue>(`${base}/assign`, { id: body.id, assigneeId: body.assigneeId ?? '' }),
  take: (id: number) => put<AdminClue>(`${base}/take`, { id }),
  followUp: (body: { id: number; method: FollowUpMethod; note: string; nextContactAt?: string }) =>
    post<ClueDetail>(`${base}/followUp`, body, { quiet: true }),
  /** `programme` is a category value ("学历教育(本科)-会计学(本科)"), `amount` fen. */
  deal: (body: { id: number; programme: string; amount: number }) => put<unknown>(`${base}/deal`, body, { quiet: true }),
  invalid: (body: { id: number; reason: string }) => put<unknown>(`${base}/invalid`, body, { quiet: true }),
  /** 管理员 or the assigned 招生老师: the deal's commission and referral bonus are clawed back. */
  cancelDeal: (body: { id: number; reason: string }) => put<ClueDetail>(`${base}/cancelDeal`, body, { quiet: true }),
  /** All or nothing: when any row is refused, nothing is imported and the report lists every refused row. */
  import: (file: Blob) => upload<ImportReport>(`${base}/import`, file, { quiet: true }),
  templatePath: `${base}/importTemplate`,
  exportPath: `${base}/export`,
}
