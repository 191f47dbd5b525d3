import { sql } from 'drizzle-orm'
import type { Executor } from './types.ts'

/** The database cannot be served: damaged, or its money does not add up. The server refuses to start. */
export class DatabaseUnusableError extends Error {
  override name = 'DatabaseUnusableError'
}

/**
 * What must hold for money whatever happened before (a crash, a damaged disk): every wallet equals
 * the sum of its ledger and its last entry's balance, and none is negative. Returns the partners
 * whose wallet is wrong (at most `limit`).
 */
export async function walletsThatDoNotAddUp({ db, limit = 10 }: { db: Executor; limit?: number }): Promise<number[]> {
  const result = (await db.execute(sql`
    SELECT w.partner_id FROM wallets w
    LEFT JOIN (SELECT partner_id, sum(amount) AS total FROM ledger_entries GROUP BY partner_id) s ON s.partner_id = w.partner_id
    LEFT JOIN LATERAL (SELECT balance_after FROM ledger_entries e WHERE e.partner_id = w.partner_id ORDER BY e.id DESC LIMIT 1) l ON true
    WHERE w.balance <> coalesce(s.total, 0) OR w.balance <> coalesce(l.balance_after, 0) OR w.balance < 0
    ORDER BY w.partner_id
    LIMIT ${limit}`)) as unknown as { rows: Array<{ partner_id: number }> }
  return result.rows.map((r) => Number(r.partner_id))
}

/** Refuses (throws) when the money of the database does not add up, naming the directory or database. */
export async function assertMoneyAddsUp({ db, where }: { db: Executor; where: string }): Promise<void> {
  const wrong = await walletsThatDoNotAddUp({ db })
  if (wrong.length === 0) return
  throw new DatabaseUnusableError(
    `Refusing to start: in ${where}, the balance of partner(s) ${wrong.join(', ')}${wrong.length >= 10 ? ' (and maybe more)' : ''} does not equal their ledger. ` +
      'The data may be damaged (a disk or file-system failure, or a copy taken while the server was running). ' +
      'Restore the database from a backup; the server will not serve money it cannot account for.',
  )
}
