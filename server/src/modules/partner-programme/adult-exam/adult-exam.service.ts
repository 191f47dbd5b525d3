import type { Executor } from '../../../db/types.ts'
import { createResultNotFoundError } from './adult-exam.errors.ts'
import {
  type AdmissionResultInsert,
  type AdmissionResultRow,
  createAdultExamRepository,
  type ScoreLineInsert,
  type ScoreLineRow,
} from './adult-exam.repository.ts'
import type { Column, SheetRow } from '../../../lib/spreadsheet.ts'

/** 考生号: 10 to 18 digits. */
export const EXAM_NO = /^\d{10,18}$/
export const YEAR_MIN = 2000
export const YEAR_MAX = 2100
export const SCORE_MAX = 1000
/** Bad rows listed in one answer (the count is always complete). */
export const MAX_REPORTED_ERRORS = 1000

export const RESULT_COLUMNS: Column[] = [
  { header: '姓名', required: true, width: 12, example: '张三', note: '与考生号一起用于查询，须与报名时的姓名一致' },
  {
    header: '考生号',
    required: true,
    text: true,
    width: 20,
    example: '2026330100001',
    note: '10-18位数字；同一年份内不能重复（再次导入同一考生号会更新该记录）',
  },
  { header: '总分', required: true, width: 8, example: '286', note: `0-${SCORE_MAX}，最多一位小数` },
  { header: '录取院校', required: false, width: 22, example: '浙江开放大学', note: '未录取留空' },
  { header: '录取专业', required: false, width: 22, example: '工商管理', note: '填写录取专业时须同时填写录取院校' },
  { header: '批次', required: true, width: 10, example: '专升本', note: '如 高起专、高起本、专升本；须与分数线表的批次一致' },
  { header: '科类', required: false, width: 10, example: '经管类', note: '填写后查询只显示该科类的分数线' },
  { header: '年份', required: true, width: 8, example: '2026', note: `${YEAR_MIN}-${YEAR_MAX}` },
]

export const SCORE_LINE_COLUMNS: Column[] = [
  { header: '年份', required: true, width: 8, example: '2026', note: `${YEAR_MIN}-${YEAR_MAX}` },
  { header: '批次', required: true, width: 10, example: '专升本', note: '如 高起专、高起本、专升本' },
  { header: '科类', required: true, width: 12, example: '经管类', note: '如 文史类、理工类、经管类' },
  {
    header: '分数线',
    required: true,
    width: 10,
    example: '120',
    note: `0-${SCORE_MAX}，最多一位小数；同一年份、批次、科类只能有一条（再次导入会更新）`,
  },
]

export const IMPORT_NOTES = [
  '导入规则：第一行为表头，从第二行起每行一条记录；空行会被跳过。',
  '格式正确的行全部导入（同一事务），有问题的行不导入，并在结果中列出行号和原因；修改后可再次导入，已存在的记录会被更新。',
]

export interface RowError {
  row: number
  reason: string
}

export interface ImportReport {
  /** Data rows read (empty rows skipped). */
  total: number
  imported: number
  inserted: number
  updated: number
  failed: number
  errors: RowError[]
}

type Parsed<T> = { value: T; errors: [] } | { value: undefined; errors: string[] }

function text(
  cells: Record<string, string>,
  header: string,
  { required, max, errors }: { required: boolean; max: number; errors: string[] },
): string | null {
  const v = (cells[header] ?? '').trim()
  if (v === '') {
    if (required) errors.push(`${header}不能为空`)
    return null
  }
  if (v.length > max) errors.push(`${header}不能超过${max}个字符`)
  return v
}

function year(cells: Record<string, string>, errors: string[]): number {
  const v = (cells['年份'] ?? '').trim()
  if (v === '') errors.push('年份不能为空')
  else if (!/^\d{4}$/.test(v) || Number(v) < YEAR_MIN || Number(v) > YEAR_MAX)
    errors.push(`年份不正确（应为${YEAR_MIN}-${YEAR_MAX}的四位数字）`)
  return Number(v)
}

function score(cells: Record<string, string>, header: string, errors: string[]): number {
  const v = (cells[header] ?? '').trim()
  if (v === '') {
    errors.push(`${header}不能为空`)
    return 0
  }
  if (!/^-?\d+(\.\d+)?$/.test(v)) {
    errors.push(`${header}不是数字`)
    return 0
  }
  const n = Number(v)
  if (n < 0 || n > SCORE_MAX) errors.push(`${header}超出范围（0-${SCORE_MAX}）`)
  else if (!/^\d+(\.\d)?$/.test(v) && Math.round(n * 10) !== n * 10) errors.push(`${header}最多保留一位小数`)
  return n
}

export function parseResultRow(cells: Record<string, string>): Parsed<AdmissionResultInsert> {
  const errors: string[] = []
  const name = text(cells, '姓名', { required: true, max: 20, errors })
  const examNo = (cells['考生号'] ?? '').trim()
  if (examNo === '') errors.push('考生号不能为空')
  else if (!EXAM_NO.test(examNo)) errors.push('考生号格式不正确（应为10-18位数字）')
  const totalScore = score(cells, '总分', errors)
  const school = text(cells, '录取院校', { required: false, max: 60, errors })
  const major = text(cells, '录取专业', { required: false, max: 60, errors })
  if (major && !school) errors.push('填写了录取专业但缺少录取院校')
  const batch = text(cells, '批次', { required: true, max: 20, errors })
  const category = text(cells, '科类', { required: false, max: 20, errors })
  const y = year(cells, errors)
  if (errors.length > 0) return { value: undefined, errors }
  return { value: { name: name!.replace(/\s+/g, ''), examNo, totalScore, school, major, batch: batch!, category, year: y }, errors: [] }
}

export function parseScoreLineRow(cells: Record<string, string>): Parsed<ScoreLineInsert> {
  const errors: string[] = []
  const y = year(cells, errors)
  const batch = text(cells, '批次', { required: true, max: 20, errors })
  const category = text(cells, '科类', { required: true, max: 20, errors })
  const s = score(cells, '分数线', errors)
  if (errors.length > 0) return { value: undefined, errors }
  return { value: { year: y, batch: batch!, category: category!, score: s }, errors: [] }
}

/** Validates every row; a row repeating an earlier row's key is a bad row naming that earlier row. */
function validate<T>({
  rows,
  parse,
  key,
  duplicate,
}: {
  rows: SheetRow[]
  parse: (cells: Record<string, string>) => Parsed<T>
  key: (v: T) => string
  duplicate: (firstRow: number) => string
}) {
  const valid: T[] = []
  const errors: RowError[] = []
  const seen = new Map<string, number>()
  for (const { row, cells } of rows) {
    const parsed = parse(cells)
    if (!parsed.value) {
      errors.push({ row, reason: parsed.errors.join('；') })
      continue
    }
    const k = key(parsed.value)
    const first = seen.get(k)
    if (first !== undefined) {
      errors.push({ row, reason: duplicate(first) })
      continue
    }
    seen.set(k, row)
    valid.push(parsed.value)
  }
  return { valid, errors }
}

function report({
  rows,
  valid,
  errors,
  counts,
}: {
  rows: SheetRow[]
  valid: unknown[]
  errors: RowError[]
  counts: { inserted: number; updated: number }
}): ImportReport {
  return { total: rows.length, imported: valid.length, ...counts, failed: errors.length, errors: errors.slice(0, MAX_REPORTED_ERRORS) }
}

/**
 * Imports admission results: the valid rows in one transaction (inserted, or updated by year and
 * exam number), the bad ones reported by row number and reason and left out.
 */
export async function importResults({ db, rows }: { db: Executor; rows: SheetRow[] }): Promise<ImportReport> {
  const { valid, errors } = validate({
    rows,
    parse: parseResultRow,
    key: (v) => `${v.year}:${v.examNo}`,
    duplicate: (first) => `考生号与第${first}行重复（同一年份）`,
  })
  const counts =
    valid.length > 0
      ? await db.transaction(async (tx) => createAdultExamRepository({ db: tx }).upsertResults(valid))
      : { inserted: 0, updated: 0 }
  return report({ rows, valid, errors, counts })
}

/** Imports score lines, the same way (key: year, batch, category). */
export async function importScoreLines({ db, rows }: { db: Executor; rows: SheetRow[] }): Promise<ImportReport> {
  const { valid, errors } = validate({
    rows,
    parse: parseScoreLineRow,
    key: (v) => `${v.year}:${v.batch}:${v.category}`,
    duplicate: (first) => `与第${first}行重复（年份、批次、科类相同）`,
  })
  const counts =
    valid.length > 0
      ? await db.transaction(async (tx) => createAdultExamRepository({ db: tx }).upsertScoreLines(valid))
      : { inserted: 0, updated: 0 }
  return report({ rows, valid, errors, counts })
}

export function toResult(r: AdmissionResultRow) {
  return {
    id: r.id,
    year: r.year,
    examNo: r.examNo,
    name: r.name,
    totalScore: r.totalScore,
    school: r.school,
    major: r.major,
    batch: r.batch,
    category: r.category,
    updatedAt: r.updatedAt.toISOString(),
  }
}

export function toScoreLine(l: ScoreLineRow) {
  return { id: l.id, year: l.year, batch: l.batch, category: l.category, score: l.score, updatedAt: l.updatedAt.toISOString() }
}

/**
 * The volunteer query: the exam number and the name must both match (the same answer otherwise,
 * so a guess learns nothing); the latest year's result with the score lines of its year, batch and
 * (when known) category.
 */
export async function queryVolunteer({ db, name, examNo }: { db: Executor; name: string; examNo: string }) {
  const repo = createAdultExamRepository({ db })
  const wanted = name.replace(/\s+/g, '')
  const result = (await repo.resultsByExamNo({ examNo })).find((r) => r.name === wanted)
  if (!result) throw createResultNotFoundError()
  const lines = await repo.scoreLinesFor({ year: result.year, batch: result.batch, category: result.category })
  return {
    name: result.name,
    examNo: result.examNo,
    year: result.year,
    totalScore: result.totalScore,
    batch: result.batch,
    category: result.category,
    admitted: result.school !== null,
    school: result.school,
    major: result.major,
    scoreLines: lines.map((l) => ({
      year: l.year,
      batch: l.batch,
      category: l.category,
      score: l.score,
      reached: result.totalScore >= l.score,
    })),
  }
}

/** Imported admission results, a page. */
export async function listResults({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createAdultExamRepository>['listResults']>[0]) {
  return createAdultExamRepository({ db }).listResults(query)
}

/** Removes an admission result (false: there was none). */
export async function deleteResult({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createAdultExamRepository>['deleteResult']>[0]) {
  return createAdultExamRepository({ db }).deleteResult(query)
}

/** Imported score lines, a page. */
export async function listScoreLines({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createAdultExamRepository>['listScoreLines']>[0]) {
  return createAdultExamRepository({ db }).listScoreLines(query)
}

/** Removes a score line (false: there was none). */
export async function deleteScoreLine({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createAdultExamRepository>['deleteScoreLine']>[0]) {
  return createAdultExamRepository({ db }).deleteScoreLine(query)
}
