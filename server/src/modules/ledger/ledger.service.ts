import type { Executor } from '../../db/types.ts'
import { LedgerType } from '../../wire.ts'
import { createPartnerNotFoundError } from '../partners/partners.errors.ts'
import { createPartnersRepository } from '../partners/partners.repository.ts'
import { createLedgerRepository, type LedgerEntryRow } from './ledger.repository.ts'

export function toLedgerEntry(e: LedgerEntryRow, now = new Date()) {
  return {
    id: e.id,
    type: e.type,
    amount: e.amount,
    balanceAfter: e.balanceAfter,
    frozenUntil: e.frozenUntil?.toISOString() ?? null,
    frozen: !!e.frozenUntil && e.frozenUntil > now,
    note: e.note,
    createdAt: e.createdAt.toISOString(),
  }
}

/** Balance, still-frozen commissions and what can be withdrawn now. */
export async function walletSummary({ db, partnerId, now = new Date() }: { db: Executor; partnerId: number; now?: Date }) {
  const repo = createLedgerRepository({ db })
  const [balance, frozen] = await Promise.all([repo.balance({ partnerId }), repo.frozen({ partnerId, now })])
  return { balance, frozen: Math.min(frozen, balance), withdrawable: Math.max(0, balance - frozen) }
}

/** Operator adjustment (+/-, with a note); the balance never goes negative. */
export async function adjustBalance({
  db,
  partnerId,
  amount,
  note,
  adminId,
}: {
  db: Executor
  partnerId: number
  amount: number
  note: string
  adminId: number
}) {
  if (!(await createPartnersRepository({ db }).findById({ id: partnerId }))) throw createPartnerNotFoundError()
  return db.transaction(async (tx) => {
    const ledger = createLedgerRepository({ db: tx })
    await ledger.lockWallet({ partnerId })
    return ledger.post({ partnerId, type: LedgerType.adjustment, amount, note, refType: 'admin', refId: adminId })
  })
}
