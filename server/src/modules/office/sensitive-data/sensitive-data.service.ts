import type { Right } from '@activity/domain'
import { eq } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { recordAudit, type Actor } from '../../platform/index.ts'
import { cluesView, seesClue } from '../../partner-programme/index.ts'
import { partnersView } from '../../partner-programme/index.ts'
import { goodOrdersView } from '../../points/index.ts'
import { studentsView, textbookRecordsView } from '../../roll/index.ts'
import { isIdNumber, isWholePhone, maskSensitive } from '../../../lib/mask.ts'
import { countHit } from '../../platform/index.ts'
import { createLookupLimitError, createRevealForbiddenError, createRevealNotFoundError } from './sensitive-data.errors.ts'
import { REVEAL_KINDS, type RevealKind } from './sensitive-data.schemas.ts'

/** The screens whose lists show each kind's phone: any one of their view rights lets a phone of that kind be seen. */
export const REVEAL_RIGHTS: Record<RevealKind, readonly Right[]> = {
  clue: ['clues.view', 'clues.work'],
  partner: ['partners.view', 'clues.view', 'clues.work', 'orders.view', 'withdrawals.view', 'ledger.view'],
  student: [
    'students.view',
    'rollRequests.view',
    'fees.view',
    'courses.view',
    'exams.view',
    'night.view',
    'points.view',
    'studentQuestions.view',
  ],
  pointsOrder: ['points.view'],
  textbookRecord: ['textbooks.view'],
}

interface Found {
  phone: string | null
  name: string | null
  /** A clue's teacher: one without clues.viewAll sees the unassigned and their own only (as the clue list does). */
  assigneeId?: number | null
}

async function find({ db, kind, id }: { db: Executor; kind: RevealKind; id: number }): Promise<Found | undefined> {
  switch (kind) {
    case 'clue':
      return (
        await db
          .select({ phone: cluesView.phone, name: cluesView.name, assigneeId: cluesView.assigneeId })
          .from(cluesView)
          .where(eq(cluesView.id, id))
      )[0]
    case 'partner':
      return (
        await db.select({ phone: partnersView.phone, name: partnersView.realName }).from(partnersView).where(eq(partnersView.id, id))
      )[0]
    case 'student':
      return (await db.select({ phone: studentsView.phone, name: studentsView.name }).from(studentsView).where(eq(studentsView.id, id)))[0]
    case 'pointsOrder':
      return (
        await db
          .select({ phone: goodOrdersView.addressPhone, name: goodOrdersView.addressName })
          .from(goodOrdersView)
          .where(eq(goodOrdersView.id, id))
      )[0]
    case 'textbookRecord':
      return (
        await db
          .select({ phone: textbookRecordsView.phone, name: textbookRecordsView.receiver })
          .from(textbookRecordsView)
          .where(eq(textbookRecordsView.id, id))
      )[0]
  }
}

/**
 * One whole phone shown to an operator whose lists mask phones (no data.reveal), recorded in the
 * audit log in the same transaction: who saw whose number, and when.
 */
export async function revealPhone({ db, actor, kind, id }: { db: Executor; actor: Actor; kind: RevealKind; id: number }) {
  if (!REVEAL_RIGHTS[kind].some((r) => actor.rights.has(r))) throw createRevealForbiddenError()
  return db.transaction(async (tx) => {
    const found = await find({ db: tx, kind, id })
    if (!found?.phone) throw createRevealNotFoundError()
    if (kind === 'clue' && !seesClue(actor, found.assigneeId ?? null)) throw createRevealForbiddenError()
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'data.reveal',
        entityType: kind,
        entityId: id,
        summary: `查看${REVEAL_KINDS[kind]}${found.name ? `「${found.name}」` : ` #${id} `}的手机号`,
      },
    })
    return { phone: found.phone }
  })
}

/** How many look-ups by a whole phone or ID number one operator may make in a window. */
export const LOOKUP_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 }

/** A call's query holds a whole phone or ID number: what makes it a look-up. */
export interface LookedUp {
  kind: '手机号' | '身份证号'
  value: string
}

/** The whole phone or ID number among a call's query values, if any. */
export function lookedUpValue(query: unknown): LookedUp | undefined {
  if (!query || typeof query !== 'object') return undefined
  for (const raw of Object.values(query)) {
    const value = typeof raw === 'string' ? raw.trim() : ''
    if (isWholePhone(value)) return { kind: '手机号', value }
    if (value.length === 18 && isIdNumber(value)) return { kind: '身份证号', value }
  }
  return undefined
}

/**
 * A search by a whole phone or ID number (issue 37 §2) is a look-up, like a reveal: at most
 * LOOKUP_LIMIT per operator (counted in the database before the search runs, so every API process
 * shares it; over it, 429), and each one answered is in the audit log with the number masked
 * (recordLookup), so who looked whom up stays on record.
 */
export async function countLookup({ db, actor, query }: { db: Executor; actor: Actor; query: unknown }): Promise<LookedUp | undefined> {
  const looked = lookedUpValue(query)
  if (!looked) return undefined
  const { current } = await countHit({ db, key: `lookup:${actor.id}`, windowMs: LOOKUP_LIMIT.windowMs })
  if (current > LOOKUP_LIMIT.max) throw createLookupLimitError()
  return looked
}

/** The audit entry of a look-up that was answered. */
export async function recordLookup({ db, actor, looked, path }: { db: Executor; actor: Actor; looked: LookedUp; path: string }) {
  await recordAudit({
    tx: db,
    actor,
    entry: {
      action: 'data.lookup',
      entityType: 'lookup',
      entityId: path.slice(0, 120),
      summary: `按${looked.kind}查找 ${maskSensitive(looked.value)}（${path.slice(0, 120)}）`,
    },
  })
}
