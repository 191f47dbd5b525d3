import { formatYuan } from '@activity/money'
import type { Executor } from '../../../db/types.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { cycleRange, days } from '../../../lib/time-range.ts'
import { ClueStatus, LedgerType, MessageKind, PartnerStatus, ReferralBonusMode, SettingKey } from '../../../wire.ts'
import { type Actor, type ReasonedAct, recordAudit } from '../../platform/index.ts'
import {
  type ClawbackResult,
  clawBack,
  creditPayingDebt,
  lockWallets,
  createLedgerRepository,
  UNTIL_TUITION_PAID,
} from '../ledger/index.ts'
import { readSetting } from '../../platform/index.ts'
import { createLevelsRepository, referralBonusFor, tierFor } from '../levels/index.ts'
import { recordMessage } from '../../platform/index.ts'
import { createPartnersRepository } from '../partners/index.ts'
import { createCancelNotAllowedError, createClueTransitionError } from './clues.errors.ts'
import { createCluesRepository } from './clues.repository.ts'
import { assertOpen, lockForActor, takeOnAct } from './clues.service.ts'

// Deals: recording one (commission by tier, the referral bonus) and cancelling one (refund, claw-back).

/** 陈小明 -> 陈**: how a referrer sees the partner they brought in. */
const maskName = (name: string | null, phone: string) => (name ? `${name.slice(0, 1)}**` : maskPhone(phone))

/**
 * A partner's side of a deal, in the deal's transaction: the partner's wallet row is locked first
 * (with the referrer's, lowest id first), so their deals are counted one at a time: the deal earns
 * the commission of the tier reached counting itself; earlier deals keep their price. With the
 * referral bonus on, the partner's referrer (one level, 已通过 only) is credited the bonus (推荐奖励).
 * Both credits pay the wallet's debt first; the partner is told (成交, 佣金入账).
 */
async function creditDeal({
  tx,
  clue,
  partnerId,
  programme,
  freezeDays,
  now,
}: {
  tx: Executor
  clue: { id: number; name: string }
  partnerId: number
  programme: string
  freezeDays: number
  now: Date
}) {
  const levelsRepo = createLevelsRepository({ db: tx })
  const partnersRepo = createPartnersRepository({ db: tx })
  const [partner, bonusSetting] = await Promise.all([partnersRepo.findById({ id: partnerId }), levelsRepo.referralBonus()])
  const referrer =
    bonusSetting.mode !== ReferralBonusMode.off && partner?.referrerId ? await partnersRepo.findById({ id: partner.referrerId }) : undefined
  const bonusTo = referrer && referrer.status === PartnerStatus.active && referrer.id !== partnerId ? referrer : undefined
  await lockWallets({ tx, partnerIds: bonusTo ? [partnerId, bonusTo.id] : [partnerId] })
  const before = await createCluesRepository({ db: tx }).countDeals({ partnerId, range: cycleRange(now) })
  const tier = tierFor(await levelsRepo.listAll(), before + 1)
  const commission = tier?.commissionPerDeal ?? 0
  await recordMessage(tx, partnerId, { kind: MessageKind.clueDeal, clueId: clue.id, clueName: clue.name, programme }, now)
  // With commission.untilTuitionPaid on, the credits wait for the student's first tuition payment (releaseTuitionCommission).
  const untilTuition = await readSetting({ db: tx, key: SettingKey.commissionUntilTuitionPaid })
  const frozenUntil = untilTuition ? UNTIL_TUITION_PAID : new Date(now.getTime() + days(freezeDays))
  if (commission > 0) {
    await creditPayingDebt({
      tx,
      partnerId,
      type: LedgerType.commission,
      amount: commission,
      frozenUntil,
      note: `线索「${clue.name}」成交，${tier!.name}档位佣金`,
      refType: 'clue',
      refId: clue.id,
    })
    await recordMessage(
      tx,
      partnerId,
      {
        kind: MessageKind.commissionCredited,
        clueId: clue.id,
        clueName: clue.name,
        amount: commission,
        levelName: tier!.name,
        withdrawableAt: frozenUntil,
      },
      now,
    )
  }
  const bonus = bonusTo ? referralBonusFor(bonusSetting, commission) : 0
  if (bonusTo && bonus > 0) {
    await creditPayingDebt({
      tx,
      partnerId: bonusTo.id,
      type: LedgerType.referralBonus,
      amount: bonus,
      frozenUntil,
      note: `推荐的合伙人${maskName(partner!.realName, partner!.phone)}成交一单，推荐奖励`,
      refType: 'clue',
      refId: clue.id,
    })
  }
  return { commission, levelName: tier?.name ?? null, bonus, bonusTo }
}

/**
 * Records a deal and credits its commission in the same transaction (creditDeal). A clue of a
 * 招生老师's own poster has no partner: its deal earns no commission and no bonus.
 */
export async function recordDeal({
  db,
  id,
  programme,
  amount,
  freezeDays,
  actor,
  now = new Date(),
}: {
  db: Executor
  id: number
  programme: string
  amount: number
  freezeDays: number
  actor?: Actor
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    const clue = await lockForActor({ tx, id, actor })
    assertOpen(clue)
    const credited = clue.partnerId === null ? null : await creditDeal({ tx, clue, partnerId: clue.partnerId, programme, freezeDays, now })
    const commission = credited?.commission ?? 0
    const bonus = credited?.bonus ?? 0
    const bonusTo = credited?.bonusTo
    const updated = await repo.update({
      id,
      values: {
        status: ClueStatus.deal,
        programme,
        amount,
        dealAt: now,
        commission,
        levelName: credited?.levelName ?? null,
        nextContactAt: null,
        lastTouchedAt: now,
        ...takeOnAct(clue, actor, now),
      },
    })
    if (actor)
      await recordAudit({
        tx,
        actor,
        entry: {
          action: 'clue.deal',
          entityType: 'clue',
          entityId: id,
          summary:
            `线索「${clue.name}」成交：${programme}，${formatYuan(amount, { grouping: false })}，佣金${formatYuan(commission, { grouping: false })}` +
            (bonus > 0 ? `，推荐人${bonusTo!.realName ?? bonusTo!.phone}推荐奖励${formatYuan(bonus, { grouping: false })}` : ''),
          before: { status: clue.status },
          after: {
            status: updated.status,
            amount,
            commission,
            levelName: updated.levelName,
            programme,
            ...(bonus > 0 ? { referrerId: bonusTo!.id, referralBonus: bonus } : {}),
          },
        },
      })
    return updated
  })
}

/**
 * Cancels a deal (the enrolment was refunded), with a reason: the clue becomes 已退费 and stops
 * counting for its cycle's tier (the other deals keep their price); its commission, and the referral
 * bonus it earned, are reversed by 佣金撤回 entries (frozen part first, then the balance, the rest as
 * debt). One transaction: the clue row is locked first, so of two cancels at once one reverses and
 * the other is refused; the wallets are locked before their balance is read, so a withdrawal at the
 * same moment is either before (the claw-back then finds less, the rest is debt) or after.
 * 管理员 may cancel any deal, a 招生老师 only one assigned to them.
 */
export async function cancelDeal({ db, id, reason, actor, now = new Date() }: Omit<ReasonedAct, 'actor'> & { actor?: Actor }) {
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    const clue = await lockForActor({ tx, id, actor })
    if (actor && !actor.rights.has('clues.viewAll') && clue.assigneeId !== actor.id) throw createCancelNotAllowedError()
    if (clue.status === ClueStatus.cancelled) throw createClueTransitionError({ message: '该成交已撤销（已退费）' })
    if (clue.status !== ClueStatus.deal) throw createClueTransitionError({ message: '只有已成交的线索可以退费撤销' })
    const ledger = createLedgerRepository({ db: tx })
    const bonusHolders = await ledger.partnersWithRef({ type: LedgerType.referralBonus, refType: 'clue', refId: id })
    const partnerIds = clue.partnerId === null ? [] : [clue.partnerId]
    await lockWallets({ tx, partnerIds: [...partnerIds, ...bonusHolders] })
    const credits = []
    for (const partnerId of partnerIds)
      credits.push(...(await ledger.forRef({ partnerId, refType: 'clue', refId: id })).filter((e) => e.type === LedgerType.commission))
    for (const holder of bonusHolders)
      credits.push(
        ...(await ledger.forRef({ partnerId: holder, refType: 'clue', refId: id })).filter((e) => e.type === LedgerType.referralBonus),
      )
    const clawbacks: ClawbackResult[] = []
    for (const credit of credits)
      clawbacks.push(
        await clawBack({
          tx,
          credit,
          now,
          note:
            credit.type === LedgerType.commission
              ? `线索「${clue.name}」退费，撤回佣金${formatYuan(credit.amount, { grouping: false })}`
              : `推荐的合伙人成交的一单已退费，撤回推荐奖励${formatYuan(credit.amount, { grouping: false })}`,
        }),
      )
    const updated = await repo.update({
      id,
      values: { status: ClueStatus.cancelled, cancelledAt: now, cancelReason: reason, cancelledBy: actor?.id ?? null, lastTouchedAt: now },
    })
    // Each partner whose credit was reversed is told (the partner, and the referrer for a bonus).
    for (const c of clawbacks)
      await recordMessage(
        tx,
        c.partnerId,
        {
          kind: MessageKind.commissionClawedBack,
          clueId: id,
          clueName: clue.name,
          amount: c.amount,
          reason,
          debt: c.debt,
          bonus: c.partnerId !== clue.partnerId,
        },
        now,
      )
    const own = clawbacks.find((c) => c.partnerId === clue.partnerId)
    const debt = clawbacks.reduce((total, c) => total + c.debt, 0)
    if (actor)
      await recordAudit({
        tx,
        actor,
        entry: {
          action: 'clue.cancel',
          entityType: 'clue',
          entityId: id,
          summary:
            `线索「${clue.name}」退费撤销成交：${reason}；撤回佣金${formatYuan(own?.amount ?? 0, { grouping: false })}` +
            (clawbacks.length > (own ? 1 : 0)
              ? `，撤回推荐奖励${formatYuan(
                  clawbacks.filter((c) => c !== own).reduce((t, c) => t + c.amount, 0),
                  { grouping: false },
                )}`
              : '') +
            (debt > 0 ? `（余额不足，${formatYuan(debt, { grouping: false })}记为欠款）` : ''),
          before: { status: clue.status, commission: clue.commission },
          after: { status: updated.status, cancelReason: reason, clawbacks: clawbacks.map((c) => ({ ...c })) },
        },
      })
    return { clue: updated, clawbacks }
  })
}

/**
 * The student of a deal paid their first tuition (in the paid transaction): the deal's credits
 * frozen until then (commission, referral bonus, what they repaid) become frozen until now, so
 * withdrawable. The wallets are locked first. Answers the fen released.
 */
export async function releaseTuitionCommission({ tx, clueId, now = new Date() }: { tx: Executor; clueId: number; now?: Date }) {
  const ledger = createLedgerRepository({ db: tx })
  const holders = [
    ...(await ledger.partnersWithRef({ type: LedgerType.commission, refType: 'clue', refId: clueId })),
    ...(await ledger.partnersWithRef({ type: LedgerType.referralBonus, refType: 'clue', refId: clueId })),
  ]
  if (holders.length === 0) return 0
  await lockWallets({ tx, partnerIds: holders })
  const moved = await ledger.moveFrozenUntil({ refType: 'clue', refId: clueId, until: UNTIL_TUITION_PAID, to: now })
  return moved.reduce((total, m) => total + m.amount, 0)
}

/**
 * The tuition that released a deal's commission was refunded (the student has no paid tuition
 * left): the deal is cancelled as 已退费 with today's claw-back (cancelDeal), in the refund's
 * transaction. Does nothing for a clue that is not 已成交.
 */
export async function clawBackTuitionCommission({
  tx,
  clueId,
  reason,
  now = new Date(),
}: {
  tx: Executor
  clueId: number
  reason: string
  now?: Date
}) {
  const clue = await createCluesRepository({ db: tx }).findById({ id: clueId })
  if (!clue || clue.status !== ClueStatus.deal) return null
  return cancelDeal({ db: tx, id: clueId, reason, now })
}
