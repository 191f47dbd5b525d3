/**
 * 毕业论文's rules the screens share (pure; thesis.test.ts): the batch form's defaults, checks and
 * body; a student's files grouped by stage, newest first; what the operator may do for one student
 * (their advisor decides, reviews and gives 指导教师评分, a panel member gives 答辩评分); a defence
 * session in one line; the panel's choices; what 发布成绩 would publish.
 */
import { THESIS_STAGES, ThesisFileStatus, ThesisScorePart, ThesisScoreStatus, ThesisSelectionStatus, ThesisStage } from '@activity/wire'
import type {
  DefenceSession,
  ThesisBatch,
  ThesisBatchInput,
  ThesisDetail,
  ThesisFile,
  ThesisSelection,
  ThesisTopic,
} from '../../api/thesis'
import { formatDateTime } from '../../format'

/** The status filter's and tags' looks (status.tsx EnumTag). */
export const SELECTION_STATUS_LOOKS = {
  [ThesisSelectionStatus.pending]: { text: ThesisSelectionStatus.pending, status: 'Warning' },
  [ThesisSelectionStatus.accepted]: { text: ThesisSelectionStatus.accepted, status: 'Success' },
  [ThesisSelectionStatus.refused]: { text: ThesisSelectionStatus.refused, status: 'Error' },
} as const

export const FILE_STATUS_LOOKS = {
  [ThesisFileStatus.pending]: { text: ThesisFileStatus.pending, status: 'Processing' },
  [ThesisFileStatus.passed]: { text: ThesisFileStatus.passed, status: 'Success' },
  [ThesisFileStatus.returned]: { text: ThesisFileStatus.returned, status: 'Warning' },
} as const

export const SCORE_STATUS_LOOKS = {
  [ThesisScoreStatus.none]: { text: ThesisScoreStatus.none, status: 'Default' },
  [ThesisScoreStatus.scored]: { text: ThesisScoreStatus.scored, status: 'Processing' },
  [ThesisScoreStatus.published]: { text: ThesisScoreStatus.published, status: 'Success' },
} as const

export const SELECTION_STATUSES: readonly ThesisSelectionStatus[] = Object.values(ThesisSelectionStatus)

/** The batch dialog's values: dates as the pickers' wall-clock text. */
export interface BatchValues {
  name: string
  batchYear: number | undefined
  batch: number | undefined
  topicFrom: string | undefined
  topicTo: string | undefined
  proposalDue: string | undefined
  draftDue: string | undefined
  finalDue: string | undefined
  internshipDue: string | undefined
  advisorWeight: number
  defenceWeight: number
  passScore: number
}

/** A new batch: this year, 40% advisor and 60% defence, 60 to pass; an edit: the batch. */
export function batchValues(b?: ThesisBatch, today = new Date()): BatchValues {
  if (!b)
    return {
      name: '',
      batchYear: today.getFullYear(),
      batch: undefined,
      topicFrom: undefined,
      topicTo: undefined,
      proposalDue: undefined,
      draftDue: undefined,
      finalDue: undefined,
      internshipDue: undefined,
      advisorWeight: 40,
      defenceWeight: 60,
      passScore: 60,
    }
  return { ...b, internshipDue: b.internshipDue ?? undefined }
}

const day = (text: string | undefined) => (text ?? '').slice(0, 10)

/** The windows in the order the server keeps them, with the refusal when one comes before the one before it. */
const ORDER: Array<[keyof BatchValues, keyof BatchValues, string]> = [
  ['topicFrom', 'topicTo', '选题结束日期不能早于开始日期'],
  ['topicTo', 'proposalDue', '开题报告截止日期不能早于选题结束日期'],
  ['proposalDue', 'draftDue', '初稿截止日期不能早于开题报告截止日期'],
  ['draftDue', 'finalDue', '定稿截止日期不能早于初稿截止日期'],
]

/** What is wrong before sending, in the server's words (it checks again), or null. */
export function batchRefusal(v: BatchValues): string | null {
  for (const [from, to, message] of ORDER) {
    const a = day(v[from] as string | undefined)
    const b = day(v[to] as string | undefined)
    if (a && b && b < a) return message
  }
  if ((v.advisorWeight ?? 0) + (v.defenceWeight ?? 0) !== 100) return '指导教师评分与答辩评分的权重之和必须为100%'
  return null
}

/** The body the server takes: the name trimmed, dates as YYYY-MM-DD, no internship date when none. */
export function batchBody(v: BatchValues): ThesisBatchInput {
  const body: ThesisBatchInput = {
    name: v.name.trim(),
    batchYear: v.batchYear ?? 0,
    batch: v.batch ?? 0,
    topicFrom: day(v.topicFrom),
    topicTo: day(v.topicTo),
    proposalDue: day(v.proposalDue),
    draftDue: day(v.draftDue),
    finalDue: day(v.finalDue),
    advisorWeight: v.advisorWeight,
    defenceWeight: v.defenceWeight,
    passScore: v.passScore,
  }
  if (v.internshipDue) body.internshipDue = day(v.internshipDue)
  return body
}

/** 选题 03-01 至 03-14 · 开题 04-01 · 初稿 05-01 · 定稿 06-01 (· 实习报告 …) */
export function windowsLabel(b: ThesisBatch): string {
  const md = (d: string) => d.slice(5)
  const parts = [
    `选题 ${md(b.topicFrom)} 至 ${md(b.topicTo)}`,
    `开题 ${md(b.proposalDue)}`,
    `初稿 ${md(b.draftDue)}`,
    `定稿 ${md(b.finalDue)}`,
  ]
  if (b.internshipDue) parts.push(`实习报告 ${md(b.internshipDue)}`)
  return parts.join(' · ')
}

/** 指导 40% + 答辩 60%，60 分及格 */
export function weightsLabel(b: Pick<ThesisBatch, 'advisorWeight' | 'defenceWeight' | 'passScore'>): string {
  return `指导 ${b.advisorWeight}% + 答辩 ${b.defenceWeight}%，${b.passScore} 分及格`
}

/** The stages a batch asks for: 实习报告 only with its due date. */
export function stagesOf(b: Pick<ThesisBatch, 'internshipDue'>): ThesisStage[] {
  return THESIS_STAGES.filter((s) => s !== ThesisStage.internship || b.internshipDue !== null)
}

/** A stage's last day: the batch's, or the student's extension. */
export function stageDue(
  b: ThesisBatch,
  stage: string,
  extensions: ThesisDetail['extensions'],
): { due: string; extendedTo: string | null } {
  const due =
    stage === ThesisStage.proposal
      ? b.proposalDue
      : stage === ThesisStage.draft
        ? b.draftDue
        : stage === ThesisStage.final
          ? b.finalDue
          : (b.internshipDue ?? '')
  const extended = extensions.filter((e) => e.stage === stage).map((e) => e.until)
  return { due, extendedTo: extended.length ? extended.sort().at(-1)! : null }
}

/** Each stage the batch asks for with its versions, newest first (a stage with files the batch no longer asks for kept too). */
export function filesByStage(files: readonly ThesisFile[], stages: readonly string[]): Array<{ stage: string; versions: ThesisFile[] }> {
  const seen = [...stages, ...files.map((f) => f.stage).filter((s) => !stages.includes(s))]
  return [...new Set(seen)].map((stage) => ({
    stage,
    versions: files.filter((f) => f.stage === stage).sort((a, b) => b.version - a.version),
  }))
}

/** The operator as the back-office knows them. */
export interface Me {
  id: number
  name: string
}

/** What the rights allow on the thesis screens (access.ts). */
export interface ThesisRights {
  canAdviseThesis: boolean
  canEditThesis: boolean
  canPublishThesis: boolean
}

/** What the operator may do for one student (the server checks again). */
export interface StudentActions {
  /** 确认 / 拒绝: their advisor, while 待确认. */
  decide: boolean
  /** 通过 / 退回修改 of a 待审阅 version: their advisor. */
  review: boolean
  /** 代学员上传: their advisor, or the office. */
  uploadFor: boolean
  /** 延期: the office. */
  extend: boolean
  /** 指导教师评分: their advisor, before publication. */
  advisorScore: boolean
  /** 答辩评分: a member of their session's panel, before publication. */
  defenceScore: boolean
}

export function studentActions(
  selection: Pick<ThesisSelection, 'advisorId' | 'status' | 'scoreStatus'>,
  panelIds: readonly number[] | null,
  me: Me | undefined,
  rights: ThesisRights,
): StudentActions {
  const advisor = rights.canAdviseThesis && me !== undefined && selection.advisorId === me.id
  const accepted = selection.status === ThesisSelectionStatus.accepted
  const open = selection.scoreStatus !== ThesisScoreStatus.published
  return {
    decide: advisor && selection.status === ThesisSelectionStatus.pending,
    review: advisor && accepted,
    uploadFor: accepted && (advisor || rights.canEditThesis),
    extend: accepted && rights.canEditThesis,
    advisorScore: advisor && accepted && open,
    defenceScore: rights.canAdviseThesis && accepted && open && me !== undefined && (panelIds ?? []).includes(me.id),
  }
}

/** The score parts the operator may enter for the student. */
export function scoreParts(actions: Pick<StudentActions, 'advisorScore' | 'defenceScore'>): ThesisScorePart[] {
  const parts: ThesisScorePart[] = []
  if (actions.advisorScore) parts.push(ThesisScorePart.advisor)
  if (actions.defenceScore) parts.push(ThesisScorePart.defence)
  return parts
}

/** 2026-06-10 14:00 · 教学楼301 · 线上 (the time in office time; place and/or online). */
export function sessionLabel(s: Pick<DefenceSession, 'startsAt' | 'place' | 'onlineUrl'>): string {
  const where = [s.place, s.onlineUrl ? '线上' : null].filter(Boolean).join(' / ')
  return where ? `${formatDateTime(s.startsAt)} · ${where}` : formatDateTime(s.startsAt)
}

export interface PanelOption {
  value: number
  label: string
}

/**
 * The panel's choices: the batch's advisors first (their topics), then the other enabled operators
 * (the class form's list, when the operator may read it), each once.
 */
export function panelOptions(
  topics: readonly Pick<ThesisTopic, 'advisorId' | 'advisorName'>[],
  operators: readonly PanelOption[],
): PanelOption[] {
  const options: PanelOption[] = []
  const add = (o: PanelOption) => {
    if (!options.some((known) => known.value === o.value)) options.push(o)
  }
  for (const t of topics) add({ value: t.advisorId, label: `${t.advisorName}（指导教师）` })
  for (const o of operators) add(o)
  return options
}

/** The students a session may take: confirmed, and not yet in one. */
export function assignable(rows: readonly ThesisSelection[]): ThesisSelection[] {
  return rows.filter((r) => r.status === ThesisSelectionStatus.accepted && r.defenceSessionId === null)
}

/** The rows of a status (the filter in the address); every row without one. */
export function withStatus(rows: readonly ThesisSelection[], status: string | null): ThesisSelection[] {
  return status && (SELECTION_STATUSES as readonly string[]).includes(status) ? rows.filter((r) => r.status === status) : [...rows]
}

/** 发布成绩 publishes the complete scores not yet published: how many there are. */
export function publishableCount(rows: readonly Pick<ThesisSelection, 'scoreStatus' | 'totalScore'>[]): number {
  return rows.filter((r) => r.scoreStatus === ThesisScoreStatus.scored && r.totalScore !== null).length
}

/** A score, or — when not given yet. */
export function scoreText(score: number | null | undefined): string {
  return score === null || score === undefined ? '—' : String(score)
}

/** Whether a total passes the batch's mark (null: no total yet). */
export function passed(total: number | null, passScore: number): boolean | null {
  return total === null ? null : total >= passScore
}

/** 1.2 MB, 350 KB: a file's size. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/** The files the review and the upload take (the server checks the content). */
export const THESIS_FILE_ACCEPT = '.pdf,.doc,.docx'
export const THESIS_FILE_MAX_MB = 20

/** Why a file is refused before sending, or null. */
export function thesisFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(pdf|docx?)$/i.test(file.name)) return '请上传 PDF 或 Word 文件'
  if (file.size > THESIS_FILE_MAX_MB * 1024 * 1024) return `文件不能超过${THESIS_FILE_MAX_MB}MB`
  if (file.size === 0) return '文件是空的'
  return null
}
