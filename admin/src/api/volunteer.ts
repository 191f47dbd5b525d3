/**
 * 志愿数据 (`/api/ems/adultexam`): admission results and score lines imported from .xlsx by
 * 招生老师/管理员, and the public query the volunteer page (/pages/user/volunteer) asks.
 */
import type { Page } from '@activity/wire'
import { del, downloadUrl, get, upload } from './client'

export interface ExamResult extends Record<string, unknown> {
  id: number
  year: number
  examNo: string
  name: string
  totalScore: number
  school: string | null
  major: string | null
  batch: string
  category: string | null
  updatedAt: string
}

export interface ScoreLine extends Record<string, unknown> {
  id: number
  year: number
  batch: string
  category: string
  score: number
  updatedAt: string
}

export interface ImportReport {
  total: number
  imported: number
  inserted: number
  updated: number
  failed: number
  errors: Array<{ row: number; reason: string }>
}

export interface VolunteerAnswer {
  name: string
  examNo: string
  year: number
  totalScore: number
  batch: string
  category: string | null
  admitted: boolean
  school: string | null
  major: string | null
  scoreLines: Array<{ year: number; batch: string; category: string; score: number; reached: boolean }>
}

const base = '/api/ems/adultexam'

export type VolunteerKind = 'studentExamInfo' | 'scoreLine'

export const volunteerApi = {
  results: (query: { year?: string; batch?: string; keyword?: string; page?: number; size?: number }) =>
    get<Page<ExamResult>>(`${base}/studentExamInfo/list`, query),
  scoreLines: (query: { year?: string; batch?: string; page?: number; size?: number }) =>
    get<Page<ScoreLine>>(`${base}/scoreLine/list`, query),
  /** Quiet: the import dialog shows the refusal (bad file) beside the picker. */
  import: (kind: VolunteerKind, file: File) => upload<ImportReport>(`${base}/${kind}/upload`, file, { quiet: true }),
  templateUrl: (kind: VolunteerKind) => downloadUrl(`${base}/${kind}/downloadMould`),
  removeResult: (id: number) => del<null>(`${base}/studentExamInfo`, { id }),
  removeScoreLine: (id: number) => del<null>(`${base}/scoreLine`, { id }),
  /** The public query, the very call the volunteer page makes. */
  query: (query: { name: string; examNo: string }) => get<VolunteerAnswer>(`${base}/volunteer/query`, query, { quiet: true }),
}
