import type { Executor } from '../../db/types.ts'
import { maskPhone } from '../../lib/mask.ts'
import { cycleRange, days } from '../../lib/time-range.ts'
import { CATEGORY_VALUES } from '../../wire.ts'
import { createTooManyRowsError } from '../../lib/spreadsheet.ts'
import type { Column, SheetRow } from '../../lib/spreadsheet.ts'
import type { clues } from './clues.table.ts'
import { AdminRole, ClueSource, ClueStatus, LedgerType, MessageKind, PartnerStatus, ReferralBonusMode } from '../../wire.ts'
import { type Actor, recordAudit } from '../audit/audit.service.ts'
import { type ClawbackResult, clawBack, creditPayingDebt, lockWallets } from '../ledger/ledger.clawback.ts'
import { createLedgerRepository } from '../ledger/ledger.repository.ts'
import { createAdminsRepository } from '../admins/admins.repository.ts'
import { createLevelsRepository } from '../levels/levels.repository.ts'
import { recordMessage } from '../messages/messages.service.ts'
import { referralBonusFor, tierFor } from '../levels/levels.service.ts'
import { createNotActiveError } from '../partners/partners.errors.ts'
import { createPartnersRepository } from '../partners/partners.repository.ts'
import {
  createAlreadySubmittedError,
  createAssigneeInvalidError,
  createCancelNotAllowedError,
  createClueNotFoundError,
  createClueTakenError,
  createClueTransitionError,
  createNextContactPastError,
  createDuplicatePhoneError,
  createRefNotFoundError,
} from './clues.errors.ts'
import { type ClueRow, type ConsoleClueRow, createCluesRepository, type PartnerClueRow } from './clues.repository.ts'

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
  partner: { partnerPhone: string; partnerName: string | null; partnerCode: string; assigneeName?: string | null },
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

export async function createActivityClue({ db, ref, input, now = new Date() }: { db: Executor; ref: string; input: NewClue; now?: Date }) {
  const partner = await createPartnersRepository({ db }).findByCode({ code: ref })
  if (!partner || partner.status === PartnerStatus.disabled) throw createRefNotFoundError()
  return insertClue({ db, partnerId: partner.id, source: ClueSource.activity, input, now })
}

function assertOpen(clue: ClueRow) {
  if (clue.status === ClueStatus.deal) throw createClueTransitionError({ message: '该线索已成交' })
  if (clue.status === ClueStatus.invalid) throw createClueTransitionError({ message: '该线索已标记为无效' })
  if (clue.status === ClueStatus.cancelled) throw createClueTransitionError({ message: '该线索已退费' })
}

/**
 * Locks the clue an operator acts on. A 招生老师 may act on their own clues and the pool; another
 * teacher's clue does not exist for them (404). `actor` undefined = the system (seed, tests).
 */
async function lockForActor({ tx, id, actor }: { tx: Executor; id: number; actor?: Actor }): Promise<ClueRow> {
  const clue = await createCluesRepository({ db: tx }).findByIdForUpdate({ id })
  if (!clue) throw createClueNotFoundError()
  if (actor && actor.role !== AdminRole.admin && clue.assigneeId !== null && clue.assigneeId !== actor.id) throw createClueNotFoundError()
  return clue
}

/** A teacher acting on a pool clue takes it with the same update. */
const takeOnAct = (clue: ClueRow, actor?: Actor) =>
  actor && actor.role !== AdminRole.admin && clue.assigneeId === null ? { assigneeId: actor.id } : {}

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

/** 管理员 assigns a clue to an enabled 招生老师 (or, with no assignee, returns it to the pool). */
export async function assignClue({ db, id, assigneeId, actor }: { db: Executor; id: number; assigneeId?: number; actor: Actor }) {
  return db.transaction(async (tx) => {
    const clue = await lockForActor({ tx, id, actor })
    let assigneeName: string | null = null
    if (assigneeId !== undefined) {
      const admin = await createAdminsRepository({ db: tx }).findById({ id: assigneeId })
      if (!admin || !admin.enabled || admin.role !== AdminRole.enrollTeacher) throw createAssigneeInvalidError()
      assigneeName = admin.name
    }
    const updated = await createCluesRepository({ db: tx }).update({ id, values: { assigneeId: assigneeId ?? null } })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'clue.assign',
        entityType: 'clue',
        entityId: id,
        summary: assigneeName ? `线索「${clue.name}」分配给${assigneeName}` : `线索「${clue.name}」退回线索池`,
        before: { assigneeId: clue.assigneeId },
        after: { assigneeId: updated.assigneeId, assigneeName },
      },
    })
    return updated
  })
}

/** A 招生老师 takes a clue from the pool: one atomic UPDATE ... WHERE assignee_id IS NULL, so of two at once one wins. */
export async function takeClue({ db, id, actor }: { db: Executor; id: number; actor: Actor }) {
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    const taken = await repo.takeIfUnassigned({ id, assigneeId: actor.id })
    if (!taken) {
      const clue = await repo.findById({ id })
      if (!clue) throw createClueNotFoundError()
      if (clue.assigneeId === actor.id) throw createClueTakenError({ message: '该线索已在您名下' })
      throw createClueTakenError()
    }
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'clue.take',
        entityType: 'clue',
        entityId: id,
        summary: `${actor.name}领取线索「${taken.name}」`,
        before: { assigneeId: null },
        after: { assigneeId: actor.id, assigneeName: actor.name },
      },
    })
    return taken
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
        ...takeOnAct(clue, actor),
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

/** 陈小明 -> 陈**: how a referrer sees the partner they brought in. */
const maskName = (name: string | null, phone: string) => (name ? `${name.slice(0, 1)}**` : maskPhone(phone))

/**
 * Records a deal and credits its commission in the same transaction. The partner's wallet row is
 * locked first (with the referrer's, lowest id first), so their deals are counted one at a time: the
 * deal earns the commission of the tier reached counting itself; earlier deals keep their price.
 * With the referral bonus on, the partner's referrer (one level, 已通过 only) is credited the bonus
 * (推荐奖励) in the same transaction. Both credits pay the wallet's debt first.
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
    const levelsRepo = createLevelsRepository({ db: tx })
    const partnersRepo = createPartnersRepository({ db: tx })
    const [partner, bonusSetting] = await Promise.all([partnersRepo.findById({ id: clue.partnerId }), levelsRepo.referralBonus()])
    const referrer =
      bonusSetting.mode !== ReferralBonusMode.off && partner?.referrerId
        ? await partnersRepo.findById({ id: partner.referrerId })
        : undefined
    const bonusTo = referrer && referrer.status === PartnerStatus.active && referrer.id !== clue.partnerId ? referrer : undefined
    await lockWallets({ tx, partnerIds: bonusTo ? [clue.partnerId, bonusTo.id] : [clue.partnerId] })
    const before = await repo.countDeals({ partnerId: clue.partnerId, range: cycleRange(now) })
    const tier = tierFor(await levelsRepo.listAll(), before + 1)
    const commission = tier?.commissionPerDeal ?? 0
    const updated = await repo.update({
      id,
      values: {
        status: ClueStatus.deal,
        programme,
        amount,
        dealAt: now,
        commission,
        levelName: tier?.name ?? null,
        nextContactAt: null,
        lastTouchedAt: now,
        ...takeOnAct(clue, actor),
      },
    })
    await recordMessage(tx, clue.partnerId, { kind: MessageKind.clueDeal, clueId: id, clueName: clue.name, programme }, now)
    const frozenUntil = new Date(now.getTime() + days(freezeDays))
    if (commission > 0) {
      await creditPayingDebt({
        tx,
        partnerId: clue.partnerId,
        type: LedgerType.commission,
        amount: commission,
        frozenUntil,
        note: `线索「${clue.name}」成交，${tier!.name}档位佣金`,
        refType: 'clue',
        refId: clue.id,
      })
      await recordMessage(
        tx,
        clue.partnerId,
        {
          kind: MessageKind.commissionCredited,
          clueId: id,
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
    if (actor)
      await recordAudit({
        tx,
        actor,
        entry: {
          action: 'clue.deal',
          entityType: 'clue',
          entityId: id,
          summary:
            `线索「${clue.name}」成交：${programme}，¥${(amount / 100).toFixed(2)}，佣金¥${(commission / 100).toFixed(2)}` +
            (bonus > 0 ? `，推荐人${bonusTo!.realName ?? bonusTo!.phone}推荐奖励¥${(bonus / 100).toFixed(2)}` : ''),
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
export async function cancelDeal({
  db,
  id,
  reason,
  actor,
  now = new Date(),
}: {
  db: Executor
  id: number
  reason: string
  actor?: Actor
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    const clue = await lockForActor({ tx, id, actor })
    if (actor && actor.role !== AdminRole.admin && clue.assigneeId !== actor.id) throw createCancelNotAllowedError()
    if (clue.status === ClueStatus.cancelled) throw createClueTransitionError({ message: '该成交已撤销（已退费）' })
    if (clue.status !== ClueStatus.deal) throw createClueTransitionError({ message: '只有已成交的线索可以退费撤销' })
    const ledger = createLedgerRepository({ db: tx })
    const bonusHolders = await ledger.partnersWithRef({ type: LedgerType.referralBonus, refType: 'clue', refId: id })
    await lockWallets({ tx, partnerIds: [clue.partnerId, ...bonusHolders] })
    const credits = [
      ...(await ledger.forRef({ partnerId: clue.partnerId, refType: 'clue', refId: id })).filter((e) => e.type === LedgerType.commission),
    ]
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
              ? `线索「${clue.name}」退费，撤回佣金¥${(credit.amount / 100).toFixed(2)}`
              : `推荐的合伙人成交的一单已退费，撤回推荐奖励¥${(credit.amount / 100).toFixed(2)}`,
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
            `线索「${clue.name}」退费撤销成交：${reason}；撤回佣金¥${((own?.amount ?? 0) / 100).toFixed(2)}` +
            (clawbacks.length > (own ? 1 : 0)
              ? `，撤回推荐奖励¥${(clawbacks.filter((c) => c !== own).reduce((t, c) => t + c.amount, 0) / 100).toFixed(2)}`
              : '') +
            (debt > 0 ? `（余额不足，¥${(debt / 100).toFixed(2)}记为欠款）` : ''),
          before: { status: clue.status, commission: clue.commission },
          after: { status: updated.status, cancelReason: reason, clawbacks: clawbacks.map((c) => ({ ...c })) },
        },
      })
    return { clue: updated, clawbacks }
  })
}

export const IMPORT_MAX_ROWS = 5000

export const CLUE_IMPORT_COLUMNS: Column[] = [
  { header: '合伙人推广码', required: true, text: true, width: 14, example: 'AB12CD', note: '线索归属的合伙人（合伙人详情中的推广码）' },
  { header: '姓名', required: true, width: 12, example: '张三', note: '1-20个字符' },
  { header: '手机号', required: true, text: true, width: 16, example: '13800001234', note: '11位手机号；90天内已登记过的手机号不能再导入' },
  { header: '意向专业', required: false, width: 30, example: '学历教育(本科)-会计学(本科)', note: '专业分类中的“类别-专业”，可留空' },
  { header: '备注', required: false, width: 30, example: '晚上方便联系', note: '最多200个字符' },
]
export const CLUE_IMPORT_NOTES = [
  '导入规则：第一行为表头，从第二行起每行一条线索；空行会被跳过。',
  `全部行都正确才会导入（同一事务）：只要有一行有问题，整个文件都不导入，结果中列出每个问题行的行号和原因；修改后重新导入。单次最多${IMPORT_MAX_ROWS}行。`,
  '导入的线索来源为“后台导入”，进入线索池（未分配）。',
]

export interface ClueImportError {
  row: number
  reason: string
  duplicate: ReturnType<typeof toDuplicateClue> | null
}

/**
 * Imports clues all or nothing: every row is checked (fields, partner code, the same phone earlier in
 * the file, the 90-day rule against the database); with any refused row nothing is written and the
 * report lists them all. Otherwise one transaction locks the phones, checks the 90-day rule again
 * (a clue may have arrived meanwhile) and inserts every row, recorded once in the audit log.
 */
export async function importClues({ db, rows, actor, now = new Date() }: { db: Executor; rows: SheetRow[]; actor: Actor; now?: Date }) {
  if (rows.length > IMPORT_MAX_ROWS) throw createTooManyRowsError({ message: `单次最多导入${IMPORT_MAX_ROWS}行，请拆分后分批导入` })
  const since = new Date(now.getTime() - days(DEDUP_DAYS))
  const errors: ClueImportError[] = []
  const codes = [...new Set(rows.map((r) => (r.cells['合伙人推广码'] ?? '').toUpperCase()).filter(Boolean))]
  const partners = await createPartnersRepository({ db }).findByCodes({ codes })
  const byCode = new Map(partners.map((p) => [p.code, p]))
  const valid: Array<{ row: number; values: typeof clues.$inferInsert }> = []
  const seen = new Map<string, number>()
  for (const { row, cells } of rows) {
    const refuse = (reason: string, duplicate: ClueImportError['duplicate'] = null) => errors.push({ row, reason, duplicate })
    const code = (cells['合伙人推广码'] ?? '').toUpperCase()
    const name = cells['姓名'] ?? ''
    const phone = (cells['手机号'] ?? '').replace(/\s/g, '')
    const intention = cells['意向专业'] ?? ''
    const remark = cells['备注'] ?? ''
    if (!code) {
      refuse('请填写合伙人推广码')
      continue
    }
    const partner = byCode.get(code)
    if (!partner) {
      refuse(`推广码${code}不存在`)
      continue
    }
    if (partner.status === PartnerStatus.disabled) {
      refuse(`推广码${code}的合伙人已禁用`)
      continue
    }
    if (!name) {
      refuse('请填写姓名')
      continue
    }
    if (name.length > 20) {
      refuse('姓名不能超过20个字符')
      continue
    }
    if (!/^1[3-9]\d{9}$/.test(phone)) {
      refuse(phone ? '手机号格式不正确' : '请填写手机号')
      continue
    }
    if (intention && !CATEGORY_VALUES.includes(intention)) {
      refuse('意向专业不在可选范围内')
      continue
    }
    if (remark.length > 200) {
      refuse('备注不能超过200个字符')
      continue
    }
    const first = seen.get(phone)
    if (first !== undefined) {
      refuse(`与第${first}行手机号重复`)
      continue
    }
    seen.set(phone, row)
    valid.push({
      row,
      values: {
        partnerId: partner.id,
        source: ClueSource.imported,
        status: ClueStatus.new,
        name,
        phone,
        intention: intention || null,
        remark: remark || null,
        createdAt: now,
        updatedAt: now,
        lastTouchedAt: now,
      },
    })
  }
  const duplicates = async (executor: Executor) => {
    const found = await createCluesRepository({ db: executor }).recentByPhones({ phones: valid.map((v) => v.values.phone), since })
    const latest = new Map<string, ConsoleClueRow>()
    for (const f of found) if (!latest.has(f.clue.phone)) latest.set(f.clue.phone, f)
    return valid
      .filter((v) => latest.has(v.values.phone))
      .map((v) => ({ row: v.row, reason: '该手机号已被登记，90天内不能重复登记', duplicate: toDuplicateClue(latest.get(v.values.phone)!) }))
  }
  errors.push(...(await duplicates(db)))
  const report = (imported: number, list: ClueImportError[]) => ({
    total: rows.length,
    imported,
    failed: list.length,
    errors: list.sort((a, b) => a.row - b.row).slice(0, 1000),
  })
  if (errors.length > 0) return report(0, errors)
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    for (const phone of [...seen.keys()].sort()) await repo.lockPhone({ phone })
    const late = await duplicates(tx)
    if (late.length > 0) return report(0, late)
    const imported = await repo.insertMany(valid.map((v) => v.values))
    await recordAudit({
      tx,
      actor,
      entry: { action: 'clue.import', entityType: 'clue', entityId: 'import', summary: `导入线索${imported}条`, after: { imported } },
    })
    return report(imported, [])
  })
}

/** Every clue of an operator back to the pool (the operator was deleted). */
export async function releaseClues({ db, assigneeId }: { db: Executor; assigneeId: number }) {
  await createCluesRepository({ db }).releaseAll({ assigneeId })
}

/** A partner's clues, all and dealt (the operator's partner details). */
export async function partnerClueCounts({ db, partnerId }: { db: Executor; partnerId: number }) {
  const clues = createCluesRepository({ db })
  const [total, deal] = await Promise.all([clues.count({ partnerId }), clues.countByStatus({ partnerId, status: ClueStatus.deal })])
  return { total, deal }
}
