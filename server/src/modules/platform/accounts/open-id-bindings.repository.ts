import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { LoginPlatform, LoginType } from '../../../wire.ts'
import { openIdBindings } from './open-id-bindings.table.ts'

// The partner profile's account. Partners belong to a higher area, so this reads their table by
// name (as accounts.sessions.ts does); the binding's foreign key to partners is in the table file.
const accountOfPartner = (partnerId: number) => sql<number>`(select p."account_id" from "partners" p where p."id" = ${partnerId})`

async function accountIdOfPartner(db: Executor, partnerId: number): Promise<number | undefined> {
  // Both drivers (node-postgres, PGlite) answer a raw statement with its `rows`.
  const result = (await db.execute(sql`select ${accountOfPartner(partnerId)} as "account_id"`)) as unknown as {
    rows: Array<{ account_id: number | null }>
  }
  return result.rows[0]?.account_id ?? undefined
}

/** Open ids bound to people (accounts): one per account, platform and type; an open id is one person's. */
export function createOpenIdBindingsRepository({ db }: { db: Executor }) {
  return {
    async findByOpenId({ platform, type, openId }: { platform: string; type: string; openId: string }) {
      const [row] = await db
        .select()
        .from(openIdBindings)
        .where(and(eq(openIdBindings.platform, platform), eq(openIdBindings.type, type), eq(openIdBindings.openId, openId)))
        .limit(1)
      return row
    },
    async findForAccount({ accountId, platform, type }: { accountId: number; platform: string; type: string }) {
      const [row] = await db
        .select()
        .from(openIdBindings)
        .where(and(eq(openIdBindings.accountId, accountId), eq(openIdBindings.platform, platform), eq(openIdBindings.type, type)))
        .limit(1)
      return row
    },
    /** The binding of the partner's person for a platform and type (where a payment or a transfer goes). */
    async findForPartner({ partnerId, platform, type }: { partnerId: number; platform: string; type: string }) {
      const [row] = await db
        .select()
        .from(openIdBindings)
        .where(
          and(
            eq(openIdBindings.accountId, accountOfPartner(partnerId)),
            eq(openIdBindings.platform, platform),
            eq(openIdBindings.type, type),
          ),
        )
        .limit(1)
      return row
    },
    /**
     * Binds the open id to the person (named by account, or by their partner profile), replacing
     * their earlier binding of that platform and type; an open id already bound to someone else
     * stays theirs.
     */
    async bind({
      platform,
      type,
      openId,
      ...who
    }: ({ accountId: number } | { partnerId: number }) & {
      platform: string
      type: string
      openId: string
    }): Promise<boolean> {
      const accountId = 'accountId' in who ? who.accountId : await accountIdOfPartner(db, who.partnerId)
      if (!accountId) return false
      const taken = await this.findByOpenId({ platform, type, openId })
      if (taken) return taken.accountId === accountId
      await db
        .delete(openIdBindings)
        .where(and(eq(openIdBindings.accountId, accountId), eq(openIdBindings.platform, platform), eq(openIdBindings.type, type)))
      const rows = await db
        .insert(openIdBindings)
        .values({ accountId, platform, type, openId })
        .onConflictDoNothing()
        .returning({ id: openIdBindings.id })
      return rows.length === 1
    },
    async unbindAll({ accountId }: { accountId: number }) {
      await db.delete(openIdBindings).where(eq(openIdBindings.accountId, accountId))
    },
    async unbind({ accountId, platform, type }: { accountId: number; platform: string; type: string }) {
      await db
        .delete(openIdBindings)
        .where(and(eq(openIdBindings.accountId, accountId), eq(openIdBindings.platform, platform), eq(openIdBindings.type, type)))
    },
    /** The open id the person signed in to the mini-program with (subscribe messages go there). */
    async miniOpenId({ accountId }: { accountId: number }): Promise<string | undefined> {
      const [row] = await db
        .select({ openId: openIdBindings.openId })
        .from(openIdBindings)
        .where(
          and(
            eq(openIdBindings.accountId, accountId),
            eq(openIdBindings.platform, LoginPlatform.weixin),
            eq(openIdBindings.type, LoginType.miniProgram),
          ),
        )
      return row?.openId
    },
  }
}
