import { eq } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { accounts } from './accounts.table.ts'
import { rowById } from '../../../db/rows.ts'

export type AccountRow = typeof accounts.$inferSelect

export function createAccountsRepository({ db }: { db: Executor }) {
  return {
    async findById({ id }: { id: number }): Promise<AccountRow | undefined> {
      return rowById(db, accounts, id)
    },
    async findByPhone({ phone }: { phone: string }): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(accounts).where(eq(accounts.phone, phone)).limit(1)
      return row
    },
    /** Moves the account to a new phone (its profiles follow in the same transaction: see changePhone in students). */
    async setPhone({ id, phone }: { id: number; phone: string }): Promise<void> {
      await db.update(accounts).set({ phone }).where(eq(accounts.id, id))
    },
  }
}
