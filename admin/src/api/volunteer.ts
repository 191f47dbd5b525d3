/**
 * 志愿数据 (`/api/ems/adultexam`): admission results and score lines imported from .xlsx by
 * 招生老师/管理员, and the public query the volunteer page (/pages/user/volunteer) asks.
 */
import type { ApiData, ApiItem, ApiQuery, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { del, downloadUrl, get, upload } from './client'

export type ExamResult = ApiItem<'/api/ems/adultexam/studentExamInfo/list', 'get'>

export type ScoreLine = ApiItem<'/api/ems/adultexam/scoreLine/list', 'get'>

/** An import's outcome (the same for both sheets): `errors[].row` is the sheet's row number. */
export type ImportReport = ApiData<'/api/ems/adultexam/studentExamInfo/upload', 'post'>

/** The public query's answer: the result and the score lines it is measured against. */
export type VolunteerAnswer = ApiData<'/api/ems/adultexam/volunteer/query', 'get'>

const base = '/api/ems/adultexam'

export type VolunteerKind = 'studentExamInfo' | 'scoreLine'

/** What a kind of import holds, as the screens name it. */
export const VOLUNTEER_KIND_NAMES: Record<VolunteerKind, string> = { studentExamInfo: '录取信息', scoreLine: '分数线' }

export const volunteerApi = {
  results: (query: ApiQueryText<'/api/ems/adultexam/studentExamInfo/list', 'get'>) =>
    get<Page<ExamResult>>(`${base}/studentExamInfo/list`, query),
  scoreLines: (query: ApiQueryText<'/api/ems/adultexam/scoreLine/list', 'get'>) => get<Page<ScoreLine>>(`${base}/scoreLine/list`, query),
  /** Quiet: the import dialog shows the refusal (bad file) beside the picker. */
  import: (kind: VolunteerKind, file: File) => upload<ImportReport>(`${base}/${kind}/upload`, file, { quiet: true }),
  templateUrl: (kind: VolunteerKind) => downloadUrl(`${base}/${kind}/downloadMould`),
  removeResult: (id: number) => del<null>(`${base}/studentExamInfo`, { id }),
  removeScoreLine: (id: number) => del<null>(`${base}/scoreLine`, { id }),
  /** The public query, the very call the volunteer page makes. */
  query: (query: ApiQuery<'/api/ems/adultexam/volunteer/query', 'get'>) =>
    get<VolunteerAnswer>(`${base}/volunteer/query`, query, { quiet: true }),
}
