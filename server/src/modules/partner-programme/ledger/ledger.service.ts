import { formatYuan } from '@activity/money'
import type { Executor } from '../../../db/types.ts'
import { LedgerType } from '../../../wire.ts'
import { type Actor, recordAudit } from '../../platform/index.ts'
import { createPartnerNotFoundError, createPartnersRepository } from '../partners/index.ts'
import { createLedgerRepository, type LedgerEntryRow } from './ledger.repository.ts'

export function toLedgerEntry(e: LedgerEntryRow, now = new Date()) {
  return {
    id: e.id,
    type: e.type,
    amount: e.amount,
    balanceAfter: e.balanceAfter,
    debtAfter: e.debtAfter,
    frozenUntil: e.frozenUntil?.toISOString() ?? null,
    frozen: !!e.frozenUntil && e.frozenUntil > now,
    note: e.note,
    createdAt: e.createdAt.toISOString(),
  }
}

/** Opens a partner's wallet (at registration; nothing when it is open). */
export async function openWallet({ db, partnerId }: { db: Executor; partnerId: number }) {
  await createLedgerRepository({ db }).ensureWallet({ partnerId })
}

/** Balance, still-frozen commissions, what can be withdrawn now, and the debt (what short claw-backs left owing). */
export async function walletSummary({ db, partnerId, now = new Date() }: { db: Executor; partnerId: number; now?: Date }) {
  const repo = createLedgerRepository({ db })
  const [{ balance, debt }, frozen] = await Promise.all([repo.wallet({ partnerId }), repo.frozen({ partnerId, now })])
  return { balance, frozen: Math.max(0, Math.min(frozen, balance)), withdrawable: Math.max(0, balance - frozen), debt }
}

/** Operator adjustment (+/-, with a note); the balance never goes negative. Audited in the same transaction. */
export async function adjustBalance({
  db,
  partnerId,
  amount,
  note,
  adminId,
  actor,
}: {
  db: Executor
  partnerId: number
  amount: number
  note: string
  adminId: number
  actor?: Actor
}) {
  const partner = await createPartnersRepository({ db }).findById({ id: partnerId })
  if (!partner) throw createPartnerNotFoundError()
  return db.transaction(async (tx) => {
    const ledger = createLedgerRepository({ db: tx })
    const balance = await ledger.lockWallet({ partnerId })
    const entry = await ledger.post({ partnerId, type: LedgerType.adjustment, amount, note, refType: 'admin', refId: adminId })
    if (actor)
      await recordAudit({
        tx,
        actor,
        entry: {
          action: 'ledger.adjust',
          entityType: 'wallet',
          entityId: partnerId,
          summary: `调整${partner.realName ?? partner.phone}的余额${amount > 0 ? '+' : '-'}${formatYuan(Math.abs(amount), { grouping: false })}：${note}`,
          before: { balance },
          after: { balance: entry.balanceAfter, amount },
        },
      })
    return entry
  })
}

/** What an adjustment would do, without doing it (the console's confirmation). */
export async function previewAdjustment({ db, partnerId, amount }: { db: Executor; partnerId: number; amount: number }) {
  const partner = await createPartnersRepository({ db }).findById({ id: partnerId })
  if (!partner) throw createPartnerNotFoundError()
  const wallet = await walletSummary({ db, partnerId })
  const balanceAfter = wallet.balance + amount
  const allowed = balanceAfter >= 0
  return {
    partnerId,
    partnerName: partner.realName,
    ...wallet,
    amount,
    balanceAfter,
    allowed,
    message: allowed ? null : '余额不足',
  }
}

type LedgerRepository = ReturnType<typeof createLedgerRepository>

/** A partner's own fund records, newest first. */
export async function listLedger({ db, ...query }: { db: Executor } & Parameters<LedgerRepository['list']>[0]) {
  return createLedgerRepository({ db }).list(query)
}

/** Every partner's fund records, with the partner (财务's list). */
export async function listAllLedger({ db, ...query }: { db: Executor } & Parameters<LedgerRepository['listAll']>[0]) {
  return createLedgerRepository({ db }).listAll(query)
}
