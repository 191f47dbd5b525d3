import type { Executor } from '../../db/types.ts'
import { maskPhone } from '../../lib/mask.ts'
import { cycleRange, days } from '../../lib/time-range.ts'
import { ClueSource, ClueStatus, LedgerType, PartnerStatus } from '../../wire.ts'
import { createLedgerRepository } from '../ledger/ledger.repository.ts'
import { createLevelsRepository } from '../levels/levels.repository.ts'
import { tierFor } from '../levels/levels.service.ts'
import { createNotActiveError } from '../partners/partners.errors.ts'
import { createPartnersRepository } from '../partners/partners.repository.ts'
import {
  createAlreadySubmittedError,
  createClueNotFoundError,
  createClueTransitionError,
  createDuplicatePhoneError,
  createRefNotFoundError,
} from './clues.errors.ts'
import { type ClueRow, createCluesRepository, type PartnerClueRow } from './clues.repository.ts'

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
    createdAt: c.createdAt.toISOString(),
    followedAt: c.followedAt?.toISOString() ?? null,
    dealAt: c.dealAt?.toISOString() ?? null,
  }
}

export function toAdminClue(c: ClueRow, partner: { partnerPhone: string; partnerName: string | null; partnerCode: string }) {
  return {
    ...toPartnerClue(c),
    phone: c.phone,
    partnerId: c.partnerId,
    partnerName: partner.partnerName,
    partnerPhone: partner.partnerPhone,
    partnerCode: partner.partnerCode,
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
  source,
  input,
  now,
}: {
  db: Executor
  partnerId: number
  source: string
  input: NewClue
  now: Date
}): Promise<ClueRow> {
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    await repo.lockPhone({ phone: input.phone })
    if (await repo.existsSince({ phone: input.phone, since: new Date(now.getTime() - days(DEDUP_DAYS)) })) {
      throw source === ClueSource.activity ? createAlreadySubmittedError() : createDuplicatePhoneError()
    }
    return repo.insert({
      partnerId,
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

export async function createActivityClue({ db, ref, input, now = new Date() }: { db: Executor; ref: string; input: NewClue; now?: Date }) {
  const partner = await createPartnersRepository({ db }).findByCode({ code: ref })
  if (!partner || partner.status === PartnerStatus.disabled) throw createRefNotFoundError()
  return insertClue({ db, partnerId: partner.id, source: ClueSource.activity, input, now })
}

function assertOpen(clue: ClueRow) {
  if (clue.status === ClueStatus.deal) throw createClueTransitionError({ message: '该线索已成交' })
  if (clue.status === ClueStatus.invalid) throw createClueTransitionError({ message: '该线索已标记为无效' })
}

export async function followClue({ db, id, remark }: { db: Executor; id: number; remark?: string }) {
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    const clue = await repo.findByIdForUpdate({ id })
    if (!clue) throw createClueNotFoundError()
    assertOpen(clue)
    return repo.update({
      id,
      values: { status: ClueStatus.following, followedAt: clue.followedAt ?? new Date(), ...(remark ? { remark } : {}) },
    })
  })
}

export async function invalidateClue({ db, id, reason }: { db: Executor; id: number; reason: string }) {
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    const clue = await repo.findByIdForUpdate({ id })
    if (!clue) throw createClueNotFoundError()
    assertOpen(clue)
    return repo.update({ id, values: { status: ClueStatus.invalid, invalidReason: reason } })
  })
}

/**
 * Records a deal and credits its commission in the same transaction. The partner's wallet row is
 * locked first, so their deals are counted one at a time: the deal earns the commission of the
 * tier reached counting itself; earlier deals keep their price.
 */
export async function recordDeal({
  db,
  id,
  programme,
  amount,
  freezeDays,
  now = new Date(),
}: {
  db: Executor
  id: number
  programme: string
  amount: number
  freezeDays: number
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    const clue = await repo.findByIdForUpdate({ id })
    if (!clue) throw createClueNotFoundError()
    assertOpen(clue)
    const ledger = createLedgerRepository({ db: tx })
    await ledger.lockWallet({ partnerId: clue.partnerId })
    const before = await repo.countDeals({ partnerId: clue.partnerId, range: cycleRange(now) })
    const tier = tierFor(await createLevelsRepository({ db: tx }).listAll(), before + 1)
    const commission = tier?.commissionPerDeal ?? 0
    const updated = await repo.update({
      id,
      values: { status: ClueStatus.deal, programme, amount, dealAt: now, commission, levelName: tier?.name ?? null },
    })
    if (commission > 0) {
      await ledger.post({
        partnerId: clue.partnerId,
        type: LedgerType.commission,
        amount: commission,
        frozenUntil: new Date(now.getTime() + days(freezeDays)),
        note: `线索「${clue.name}」成交，${tier!.name}档位佣金`,
        refType: 'clue',
        refId: clue.id,
      })
    }
    return updated
  })
}
