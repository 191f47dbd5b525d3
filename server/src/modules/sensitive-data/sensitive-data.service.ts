import type { Right } from '@activity/domain'
import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/types.ts'
import { recordAudit, type Actor } from '../audit/index.ts'
import { clues, seesClue } from '../clues/index.ts'
import { partners } from '../partners/index.ts'
import { goodOrders } from '../points/index.ts'
import { students } from '../students/index.ts'
import { createRevealForbiddenError, createRevealNotFoundError } from './sensitive-data.errors.ts'
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
        await db.select({ phone: clues.phone, name: clues.name, assigneeId: clues.assigneeId }).from(clues).where(eq(clues.id, id))
      )[0]
    case 'partner':
      return (await db.select({ phone: partners.phone, name: partners.realName }).from(partners).where(eq(partners.id, id)))[0]
    case 'student':
      return (await db.select({ phone: students.phone, name: students.name }).from(students).where(eq(students.id, id)))[0]
    case 'pointsOrder':
      return (
        await db.select({ phone: goodOrders.addressPhone, name: goodOrders.addressName }).from(goodOrders).where(eq(goodOrders.id, id))
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
