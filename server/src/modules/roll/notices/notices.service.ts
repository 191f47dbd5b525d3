import type { Executor } from '../../../db/types.ts'
import { htmlToText, sanitizeHtml } from '../../../lib/sanitize-html.ts'
import { NoticeStatus } from '../../../wire.ts'
import { recordNoticeMessages } from '../../platform/index.ts'
import {
  createNoticeAlreadyPublishedError,
  createNoticeEmptyContentError,
  createNoticeNotFoundError,
  createNoticeNotPublishedError,
  createNoticePublishedError,
  createNoticeRemovePublishedError,
} from './notices.errors.ts'
import { type AdminNoticeRow, createNoticesRepository, type NoticeRow, type NoticeTarget } from './notices.repository.ts'

export const SUMMARY_LENGTH = 60

export interface NoticeInput {
  title: string
  content: string
  targetSchool?: string
  targetMajor?: string
  targetLevel?: string
  targetBatchYear?: number
  targetBatch?: number
}

/** The plain text a list card and a message show: the first 60 characters of the content. */
export function summaryOf(content: string): string {
  const text = htmlToText(content)
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH)}…` : text
}

/** '全部学员', or the target fields set, in the roll's order: '浙江工商大学 · 工商管理 · 本科 · 2026年1期'. */
export function targetLabel(t: NoticeTarget): string {
  const batch =
    t.targetBatchYear !== null && t.targetBatch !== null
      ? `${t.targetBatchYear}年${t.targetBatch}期`
      : t.targetBatchYear !== null
        ? `${t.targetBatchYear}年`
        : t.targetBatch !== null
          ? `${t.targetBatch}期`
          : null
  const parts = [t.targetSchool, t.targetMajor, t.targetLevel, batch].filter((p): p is string => p !== null)
  return parts.length ? parts.join(' · ') : '全部学员'
}

export function toAdminNotice(n: AdminNoticeRow) {
  return {
    id: n.id,
    title: n.title,
    status: n.status,
    targetSchool: n.targetSchool,
    targetMajor: n.targetMajor,
    targetLevel: n.targetLevel,
    targetBatchYear: n.targetBatchYear,
    targetBatch: n.targetBatch,
    targetLabel: targetLabel(n),
    audience: n.audience,
    readCount: n.readCount,
    publishedAt: n.publishedAt?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
  }
}
export const toAdminNoticeDetail = (n: AdminNoticeRow) => ({ ...toAdminNotice(n), content: n.content })

export function toClientNoticeItem(n: { id: number; title: string; content: string; publishedAt: Date | null; read: boolean }) {
  return {
    id: n.id,
    title: n.title,
    summary: summaryOf(n.content),
    publishedAt: (n.publishedAt ?? new Date(0)).toISOString(),
    read: n.read,
  }
}

export const toTarget = (input: Omit<NoticeInput, 'title' | 'content'>): NoticeTarget => ({
  targetSchool: input.targetSchool ?? null,
  targetMajor: input.targetMajor ?? null,
  targetLevel: input.targetLevel ?? null,
  targetBatchYear: input.targetBatchYear ?? null,
  targetBatch: input.targetBatch ?? null,
})

/** Sanitises the content: what is stored is always safe to render. */
function prepare(input: NoticeInput) {
  const content = sanitizeHtml(input.content)
  if (htmlToText(content) === '' && !/<(img|video)\b/.test(content)) throw createNoticeEmptyContentError()
  return { title: input.title, content, ...toTarget(input) }
}

/** The notice with the console's figures (audience, readCount), after a write in `db`. */
async function forAdmin(db: Executor, id: number): Promise<AdminNoticeRow> {
  const row = await createNoticesRepository({ db }).findForAdmin({ id })
  if (!row) throw createNoticeNotFoundError()
  return row
}

export async function saveNotice({ db, input, adminId }: { db: Executor; input: NoticeInput; adminId?: number }) {
  const row = await createNoticesRepository({ db }).insert({ ...prepare(input), status: NoticeStatus.draft, createdBy: adminId ?? null })
  return forAdmin(db, row.id)
}

/** Drafts and withdrawn notices change; a published one is taken down first (students may have read it). */
export async function updateNotice({ db, id, input }: { db: Executor; id: number; input: NoticeInput }) {
  const repo = createNoticesRepository({ db })
  const current = await repo.lockById({ id })
  if (!current) throw createNoticeNotFoundError()
  if (current.status === NoticeStatus.published) throw createNoticePublishedError()
  await repo.update({ id, values: prepare(input) })
  return forAdmin(db, id)
}

/**
 * Publishes a draft or a withdrawn notice: 已发布 from `now`, and one message (通知公告) for every
 * student it addresses, in `db`'s transaction. A student messaged by an earlier publication of it
 * gets no second one. Returns the notice and how many messages were written.
 */
export async function publishNotice({ db, id, now = new Date() }: { db: Executor; id: number; now?: Date }) {
  const repo = createNoticesRepository({ db })
  const current = await repo.lockById({ id })
  if (!current) throw createNoticeNotFoundError()
  if (current.status === NoticeStatus.published) throw createNoticeAlreadyPublishedError()
  const row = (await repo.update({ id, values: { status: NoticeStatus.published, publishedAt: now } }))!
  const messaged = await recordNoticeMessages({
    tx: db,
    notice: { id: row.id, title: row.title, summary: summaryOf(row.content) },
    recipients: repo.recipients(row),
    now,
  })
  return { notice: await forAdmin(db, id), messaged }
}

/** Takes a published notice down (下架): students no longer see it; their messages stay. */
export async function withdrawNotice({ db, id }: { db: Executor; id: number }) {
  const repo = createNoticesRepository({ db })
  const current = await repo.lockById({ id })
  if (!current) throw createNoticeNotFoundError()
  if (current.status !== NoticeStatus.published) throw createNoticeNotPublishedError()
  await repo.update({ id, values: { status: NoticeStatus.withdrawn } })
  return forAdmin(db, id)
}

/** Removes a draft or a withdrawn notice (with its reads); a published one is taken down first. */
export async function removeNotice({ db, id }: { db: Executor; id: number }): Promise<NoticeRow> {
  const repo = createNoticesRepository({ db })
  const current = await repo.lockById({ id })
  if (!current) throw createNoticeNotFoundError()
  if (current.status === NoticeStatus.published) throw createNoticeRemovePublishedError()
  await repo.delete({ id })
  return current
}

/** The student opens a notice: it must be published and addressed to their roll now; it is read from then on. */
export async function openNotice({ db, studentId, id }: { db: Executor; studentId: number; id: number }) {
  const repo = createNoticesRepository({ db })
  const row = await repo.findForStudent({ studentId, id })
  if (!row) throw createNoticeNotFoundError()
  await repo.markRead({ studentId, noticeId: id })
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    read: true as const,
  }
}

/** The console's list: newest first, by status and a part of the title. */
export async function listNotices({ db, ...query }: { db: Executor } & Parameters<ReturnType<typeof createNoticesRepository>['list']>[0]) {
  return createNoticesRepository({ db }).list(query)
}

/** One notice as the console shows it. */
export async function findNoticeForAdmin({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createNoticesRepository>['findForAdmin']>[0]) {
  return createNoticesRepository({ db }).findForAdmin(query)
}

/** How many students a target addresses now. */
export async function noticeAudienceCount({ db, target }: { db: Executor; target: NoticeTarget }) {
  return createNoticesRepository({ db }).audienceCount(target)
}

/** The student's notices: unread first, then newest first. */
export async function listNoticesForStudent({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createNoticesRepository>['listForStudent']>[0]) {
  return createNoticesRepository({ db }).listForStudent(query)
}

/** Published notices addressed to the student's roll as it is now that they have not opened. */
export async function unreadNoticeCount({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createNoticesRepository>['unreadCountForStudent']>[0]) {
  return createNoticesRepository({ db }).unreadCountForStudent(query)
}

/** The latest published notices addressed to these students, with how many of them read each (a head teacher's workbench). */
export async function noticeReach({ db, studentIds, limit = 5 }: { db: Executor; studentIds: number[]; limit?: number }) {
  return (await createNoticesRepository({ db }).reachAmong({ studentIds, limit })).map((n) => ({
    id: n.id,
    title: n.title,
    publishedAt: n.publishedAt?.toISOString() ?? null,
    audience: n.audience,
    read: n.read,
  }))
}
