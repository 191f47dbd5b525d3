/**
 * 线索 (`/api/ems/partner/clue`): the clue workbench of 招生老师 and
 * 管理员. Money fields are fen.
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { get, post, put, upload } from './client'

/** A clue as operators see it: full phone, its partner, who has it (`assigneeId` null: in the pool). Money in fen. */
export type AdminClue = ApiItem<'/api/ems/partner/clue/listForAdmin', 'get'>

/** The earlier clue of the same phone within 90 days: the one a new entry trips over. */
export type DuplicateClue = NonNullable<ApiData<'/api/ems/partner/clue/duplicate', 'get'>['clue']>

/** One clue with its follow-ups and its timeline (newest first). */
export type ClueDetail = ApiData<'/api/ems/partner/clue/detailsForAdmin', 'get'>

export type FollowUp = ClueDetail['followUps'][number]

export type TimelineItem = ClueDetail['timeline'][number]

/** `errors[].row` is the sheet's row number (the header is row 1). */
export type ImportReport = ApiData<'/api/ems/partner/clue/import', 'post'>

/** The list's filters as the server takes them (also the export's). */
export type ClueQuery = ApiQueryText<'/api/ems/partner/clue/listForAdmin', 'get'>

const base = '/api/ems/partner/clue'

export const cluesApi = {
  list: (query: ClueQuery) => get<Page<AdminClue>>(`${base}/listForAdmin`, query),
  /** Who may be given clues: enabled operators whose position works clues. */
  assignees: () => get<ApiData<'/api/ems/partner/clue/assignees', 'get'>>(`${base}/assignees`),
  details: (id: number) => get<ClueDetail>(`${base}/detailsForAdmin`, { id }),
  /** The clue of this phone created in the last 90 days, if any. */
  duplicate: (phone: string) => get<ApiData<'/api/ems/partner/clue/duplicate', 'get'>>(`${base}/duplicate`, { phone }, { quiet: true }),
  /** 管理员; `assigneeId` null puts it back in the pool. */
  assign: (body: { id: number; assigneeId: number | null }) =>
    put<AdminClue>(`${base}/assign`, { id: body.id, assigneeId: body.assigneeId ?? '' }),
  take: (id: number) => put<AdminClue>(`${base}/take`, { id }),
  followUp: (body: ApiBody<'/api/ems/partner/clue/followUp', 'post'>) => post<ClueDetail>(`${base}/followUp`, body, { quiet: true }),
  /** `programme` is a category value ("学历教育(本科)-会计学(本科)"), `amount` fen. */
  deal: (body: ApiBody<'/api/ems/partner/clue/deal', 'put'>) =>
    put<ApiData<'/api/ems/partner/clue/deal', 'put'>>(`${base}/deal`, body, { quiet: true }),
  invalid: (body: ApiBody<'/api/ems/partner/clue/invalid', 'put'>) =>
    put<ApiData<'/api/ems/partner/clue/invalid', 'put'>>(`${base}/invalid`, body, { quiet: true }),
  /** 管理员 or the assigned 招生老师: the deal's commission and referral bonus are clawed back. */
  cancelDeal: (body: ApiBody<'/api/ems/partner/clue/cancelDeal', 'put'>) => put<ClueDetail>(`${base}/cancelDeal`, body, { quiet: true }),
  /** All or nothing: when any row is refused, nothing is imported and the report lists every refused row. */
  import: (file: Blob) => upload<ImportReport>(`${base}/import`, file, { quiet: true }),
  templatePath: `${base}/importTemplate`,
  exportPath: `${base}/export`,
}
