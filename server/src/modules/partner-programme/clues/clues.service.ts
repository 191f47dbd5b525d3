import type { Executor } from '../../../db/types.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { dayRange, days, timeTypeRange } from '../../../lib/time-range.ts'
import { ClueSource, ClueStatus, MessageKind, PartnerStatus } from '../../../wire.ts'
import { type Actor, adminOfShareCode, recordAudit } from '../../platform/index.ts'
import { recordMessage } from '../../platform/index.ts'
import { createNotActiveError, createPartnersRepository } from '../partners/index.ts'
import {
  createAlreadySubmittedError,
  createClueNotFoundError,
  createClueTransitionError,
  createNextContactPastError,
  createDuplicatePhoneError,
  createRefNotFoundError,
} from './clues.errors.ts'
import {
  type ClueRow,
  type ConsoleClueFilter,
  type ConsoleClueRow,
  createCluesRepository,
  type PartnerClueRow,
} from './clues.repository.ts'
import type { exportQuery } from './clues.schemas.ts'
import type { z } from 'zod'

export type { ConsoleClueFilter, ConsoleClueRow } from './clues.repository.ts'

export const DEDUP_DAYS = 90

/** What a partner sees of a clue: the phone masked. */
export function toPartnerClue(c: PartnerClueRow) {
  return {
    id: c.id,
    name: c.name,
    phone: maskPhone(c.phone),
    contactMethod: c.contactMethod,
    intention: c.intention,
    remark: c.remark,
    source: c.source,
    activityId: c.activityId,
    status: c.status,
    programme: c.programme,
    amount: c.amount,
    commission: c.commission,
    levelName: c.levelName,
    invalidReason: c.invalidReason,
    cancelReason: c.cancelReason,
    cancelledAt: c.cancelledAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    followedAt: c.followedAt?.toISOString() ?? null,
    dealAt: c.dealAt?.toISOString() ?? null,
  }
}

export function toAdminClue(
  c: ClueRow,
  partner: { partnerPhone: string | null; partnerName: string | null; partnerCode: string | null; assigneeName?: string | null },
) {
  return {
    ...toPartnerClue(c),
    phone: c.phone,
    partnerId: c.partnerId,
    partnerName: partner.partnerName,
    partnerPhone: partner.partnerPhone,
    partnerCode: partner.partnerCode,
    assigneeId: c.assigneeId,
    assigneeName: c.assigneeId === null ? null : (partner.assigneeName ?? null),
    lastTouchedAt: c.lastTouchedAt.toISOString(),
    nextContactAt: c.nextContactAt?.toISOString() ?? null,
  }
}

export const toConsoleClue = (r: ConsoleClueRow) => toAdminClue(r.clue, r)

/** An earlier clue of the same phone, as the console shows it where the de-dup rule applies. */
export function toDuplicateClue(r: ConsoleClueRow) {
  return {
    id: r.clue.id,
    name: r.clue.name,
    phone: r.clue.phone,
    status: r.clue.status,
    createdAt: r.clue.createdAt.toISOString(),
    partnerId: r.clue.partnerId,
    partnerName: r.partnerName,
    partnerCode: r.partnerCode,
    assigneeName: r.clue.assigneeId === null ? null : r.assigneeName,
  }
}

interface NewClue {
  name: string
  phone: string
  contactMethod?: string
  intention?: string
  remark?: string
  activityId?: string
}

/** Creates a clue unless the phone was registered by anyone in the last 90 days (the first partner keeps it). */
async function insertClue({
  db,
  partnerId,
  assigneeId = null,
  source,
  input,
  now,
}: {
  db: Executor
  partnerId: number | null
  /** A 招生老师's own poster: the clue is theirs from the start. */
  assigneeId?: number | null
  source: string
  input: NewClue
  now: Date
}): Promise<ClueRow> {
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    await repo.lockPhone({ phone: input.phone })
    if (await repo.existsSince({ phone: input.phone, since: new Date(now.getTime() - days(DEDUP_DAYS)) })) {
      throw source === ClueSource.activity || source === ClueSource.staff ? createAlreadySubmittedError() : createDuplicatePhoneError()
    }
    return repo.insert({
      partnerId,
      assigneeId,
      assignedAt: assigneeId === null ? null : now,
      source,
      status: ClueStatus.new,
      name: input.name,
      phone: input.phone,
      contactMethod: input.contactMethod ?? null,
      intention: input.intention ?? null,
      remark: input.remark ?? null,
      activityId: input.activityId ?? null,
      createdAt: now,
      updatedAt: now,
      lastTouchedAt: now,
    })
  })
}

export async function createPartnerClue({
  db,
  partnerId,
  input,
  now = new Date(),
}: {
  db: Executor
  partnerId: number
  input: NewClue
  now?: Date
}) {
  const partner = await createPartnersRepository({ db }).findById({ id: partnerId })
  if (!partner || partner.status !== PartnerStatus.active) throw createNotActiveError()
  return insertClue({ db, partnerId, source: ClueSource.partner, input, now })
}

/**
 * A prospect's details from a poster's link: `ref` is a partner's code (the partner's clue, 活动) or
 * a 招生老师's (no partner: assigned to that teacher at once, 招生老师推广). A disabled partner's or
 * operator's link takes nothing.
 */
export async function createActivityClue({ db, ref, input, now = new Date() }: { db: Executor; ref: string; input: NewClue; now?: Date }) {
  const partner = await createPartnersRepository({ db }).findByCode({ code: ref })
  if (partner) {
    if (partner.status === PartnerStatus.disabled) throw createRefNotFoundError()
    return insertClue({ db, partnerId: partner.id, source: ClueSource.activity, input, now })
  }
  const teacher = await adminOfShareCode({ db, code: ref })
  if (!teacher?.enabled) throw createRefNotFoundError()
  return insertClue({ db, partnerId: null, assigneeId: teacher.id, source: ClueSource.staff, input, now })
}

export function assertOpen(clue: ClueRow) {
  if (clue.status === ClueStatus.deal) throw createClueTransitionError({ message: '该线索已成交' })
  if (clue.status === ClueStatus.invalid) throw createClueTransitionError({ message: '该线索已标记为无效' })
  if (clue.status === ClueStatus.cancelled) throw createClueTransitionError({ message: '该线索已退费' })
}

/** Whether an operator sees a clue: every clue with 查看全部线索, otherwise the pool's and their own. */
export const seesClue = (actor: Pick<Actor, 'id' | 'rights'>, assigneeId: number | null) =>
  actor.rights.has('clues.viewAll') || assigneeId === null || assigneeId === actor.id

/**
 * Locks the clue an operator acts on. A 招生老师 may act on their own clues and the pool; another
 * teacher's clue does not exist for them (404). `actor` undefined = the system (seed, tests).
 */
export async function lockForActor({ tx, id, actor }: { tx: Executor; id: number; actor?: Actor }): Promise<ClueRow> {
  const clue = await createCluesRepository({ db: tx }).findByIdForUpdate({ id })
  if (!clue) throw createClueNotFoundError()
  if (actor && !seesClue(actor, clue.assigneeId)) throw createClueNotFoundError()
  return clue
}

/** A teacher acting on a pool clue takes it with the same update. */
export const takeOnAct = (clue: ClueRow, actor?: Actor, now: Date = new Date()) =>
  actor && !actor.rights.has('clues.viewAll') && clue.assigneeId === null ? { assigneeId: actor.id, assignedAt: now } : {}

export async function followClue({ db, id, remark, actor }: { db: Executor; id: number; remark?: string; actor?: Actor }) {
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    const clue = await lockForActor({ tx, id, actor })
    assertOpen(clue)
    const now = new Date()
    const updated = await repo.update({
      id,
      values: {
        status: ClueStatus.following,
        followedAt: clue.followedAt ?? now,
        lastTouchedAt: now,
        ...takeOnAct(clue, actor),
        ...(remark ? { remark } : {}),
      },
    })
    if (clue.status === ClueStatus.new)
      await recordMessage(tx, clue.partnerId, { kind: MessageKind.clueFollowed, clueId: id, clueName: clue.name }, now)
    if (actor)
      await recordAudit({
        tx,
        actor,
        entry: {
          action: 'clue.follow',
          entityType: 'clue',
          entityId: id,
          summary: `开始跟进线索「${clue.name}」${remark ? `：${remark}` : ''}`,
          before: { status: clue.status },
          after: { status: updated.status },
        },
      })
    return updated
  })
}

export async function invalidateClue({ db, id, reason, actor }: { db: Executor; id: number; reason: string; actor?: Actor }) {
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    const clue = await lockForActor({ tx, id, actor })
    assertOpen(clue)
    const updated = await repo.update({
      id,
      values: {
        status: ClueStatus.invalid,
        invalidReason: reason,
        nextContactAt: null,
        lastTouchedAt: new Date(),
        ...takeOnAct(clue, actor),
      },
    })
    await recordMessage(tx, clue.partnerId, { kind: MessageKind.clueInvalid, clueId: id, clueName: clue.name, reason })
    if (actor)
      await recordAudit({
        tx,
        actor,
        entry: {
          action: 'clue.invalid',
          entityType: 'clue',
          entityId: id,
          summary: `线索「${clue.name}」标记无效：${reason}`,
          before: { status: clue.status },
          after: { status: updated.status, invalidReason: reason },
        },
      })
    return updated
  })
}

/** A follow-up record: a 待跟进 clue becomes 跟进中; the clue keeps the latest next-contact time. */
export async function addFollowUp({
  db,
  id,
  method,
  note,
  nextContactAt,
  actor,
  now = new Date(),
}: {
  db: Executor
  id: number
  method: string
  note: string
  nextContactAt?: Date
  actor: Actor
  now?: Date
}) {
  if (nextContactAt && nextContactAt.getTime() <= now.getTime()) throw createNextContactPastError()
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    const clue = await lockForActor({ tx, id, actor })
    assertOpen(clue)
    await repo.insertFollowUp({
      clueId: id,
      adminId: actor.id,
      adminName: actor.name,
      method,
      note,
      nextContactAt: nextContactAt ?? null,
      createdAt: now,
    })
    const updated = await repo.update({
      id,
      values: {
        status: ClueStatus.following,
        followedAt: clue.followedAt ?? now,
        lastTouchedAt: now,
        nextContactAt: nextContactAt ?? null,
        ...takeOnAct(clue, actor, now),
      },
    })
    if (clue.status === ClueStatus.new)
      await recordMessage(tx, clue.partnerId, { kind: MessageKind.clueFollowed, clueId: id, clueName: clue.name }, now)
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'clue.followUp',
        entityType: 'clue',
        entityId: id,
        summary: `${method}跟进「${clue.name}」：${note}`,
        ...(clue.status !== updated.status ? { before: { status: clue.status }, after: { status: updated.status } } : {}),
      },
    })
    return updated
  })
}

/** A partner's clues, all and dealt (the operator's partner details). */
export async function partnerClueCounts({ db, partnerId }: { db: Executor; partnerId: number }) {
  const clues = createCluesRepository({ db })
  const [total, deal] = await Promise.all([clues.count({ partnerId }), clues.countByStatus({ partnerId, status: ClueStatus.deal })])
  return { total, deal }
}

/**
 * A clue as another module reads it to turn its deal into a student (转为学员), locked in `db`'s
 * transaction; undefined when it does not exist or the operator may not see it (a 招生老师: their
 * own and the pool's).
 */
export async function clueForConversion({ db, id, actor }: { db: Executor; id: number; actor: Actor }) {
  const clue = await createCluesRepository({ db }).findByIdForUpdate({ id })
  if (!clue) return undefined
  if (!seesClue(actor, clue.assigneeId)) return undefined
  return { id: clue.id, name: clue.name, phone: clue.phone, status: clue.status, programme: clue.programme }
}

/** The partner's own clues, newest first (a page, or after a cursor). */
export async function listPartnerClues({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createCluesRepository>['listForPartner']>[0]) {
  return createCluesRepository({ db }).listForPartner(query)
}

/** One clue (undefined: none). */
export async function findClue({ db, ...query }: { db: Executor } & Parameters<ReturnType<typeof createCluesRepository>['findById']>[0]) {
  return createCluesRepository({ db }).findById(query)
}

/** The console's clue list, by the filter. */
export async function listConsoleClues({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createCluesRepository>['listForConsole']>[0]) {
  return createCluesRepository({ db }).listForConsole(query)
}

/** The console's clue filters as the list's address gives them (after validation). */
export type ConsoleClueQuery = Partial<z.infer<typeof exportQuery>>

/**
 * The console's filter as the repository reads it; a 招生老师 is always scoped to their own clues and
 * the pool. The list, its export and the counts (工作台) build their filter here.
 */
export function consoleClueFilter(q: ConsoleClueQuery, actor: Actor, now = new Date()): ConsoleClueFilter {
  return {
    status: q.status,
    partnerId: q.partnerId,
    phone: q.phone,
    assigneeId: q.mine ? actor.id : q.assigneeId,
    pool: q.pool || undefined,
    source: q.source,
    activityId: q.activityId,
    range: dayRange({ from: q.dateFrom, to: q.dateTo }) ?? (q.timeType ? timeTypeRange(q.timeType, now) : undefined),
    staleBefore: q.staleHours ? new Date(now.getTime() - q.staleHours * 3600_000) : undefined,
    overdueAt: q.overdue ? now : undefined,
    visibleTo: actor.rights.has('clues.viewAll') ? undefined : actor.id,
  }
}

/** How many clues the console's list shows for this query and operator (uncapped; 工作台's counts). */
export async function countConsoleClues({ db, query, actor, now }: { db: Executor; query: ConsoleClueQuery; actor: Actor; now?: Date }) {
  return createCluesRepository({ db }).countForConsole(consoleClueFilter(query, actor, now))
}

/**
 * The quick finder's clues for an operator, by name or whole phone: only what their clue list would
 * show them (the list's own scope, consoleClueFilter: every clue with 查看全部线索, otherwise the pool's and their own).
 */
export async function quickFindClues({ db, actor, q, limit }: { db: Executor; actor: Actor; q: string; limit: number }) {
  return createCluesRepository({ db }).quickFind({ q, limit, visibleTo: consoleClueFilter({}, actor).visibleTo })
}

/** One clue as the console shows it, with its partner and operator. */
export async function findConsoleClue({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createCluesRepository>['findForConsole']>[0]) {
  return createCluesRepository({ db }).findForConsole(query)
}

/** A clue's follow-ups. */
export async function listClueFollowUps({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createCluesRepository>['listFollowUps']>[0]) {
  return createCluesRepository({ db }).listFollowUps(query)
}

/** The latest clue of a phone in the window (what a new entry would trip over). */
export async function latestClueByPhone({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createCluesRepository>['latestByPhone']>[0]) {
  return createCluesRepository({ db }).latestByPhone(query)
}

/** The export's next batch after `last`. */
export async function exportCluesBatch({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createCluesRepository>['exportBatch']>[0]) {
  return createCluesRepository({ db }).exportBatch(query)
}
