import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../db/types.ts'
import { LoginPlatform, LoginType } from '../../wire.ts'
import { openIdBindings } from './users.table.ts'

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
    async findForPartner({ partnerId, platform, type }: { partnerId: number; platform: string; type: string }) {
      const [row] = await db
        .select()
        .from(openIdBindings)
        .where(and(eq(openIdBindings.partnerId, partnerId), eq(openIdBindings.platform, platform), eq(openIdBindings.type, type)))
        .limit(1)
      return row
    },
    /** Binds the open id to the partner, replacing the partner's earlier binding of that platform and type; an open id already bound to someone else stays theirs. */
    async bind({
      partnerId,
      platform,
      type,
      openId,
    }: {
      partnerId: number
      platform: string
      type: string
      openId: string
    }): Promise<boolean> {
      const taken = await this.findByOpenId({ platform, type, openId })
      if (taken) return taken.partnerId === partnerId
      await db
        .delete(openIdBindings)
        .where(and(eq(openIdBindings.partnerId, partnerId), eq(openIdBindings.platform, platform), eq(openIdBindings.type, type)))
      const rows = await db
        .insert(openIdBindings)
        .values({ partnerId, platform, type, openId })
        .onConflictDoNothing()
        .returning({ id: openIdBindings.id })
      return rows.length === 1
    },
    async unbindAll({ partnerId }: { partnerId: number }) {
      await db.delete(openIdBindings).where(eq(openIdBindings.partnerId, partnerId))
    },
    async unbind({ partnerId, platform, type }: { partnerId: number; platform: string; type: string }) {
      await db
        .delete(openIdBindings)
        .where(and(eq(openIdBindings.partnerId, partnerId), eq(openIdBindings.platform, platform), eq(openIdBindings.type, type)))
    },
    /** The open id the partner signed in to the mini-program with (subscribe messages go there). */
    async miniOpenId({ partnerId }: { partnerId: number }): Promise<string | undefined> {
      const [row] = await db
        .select({ openId: openIdBindings.openId })
        .from(openIdBindings)
        .where(
          and(
            eq(openIdBindings.partnerId, partnerId),
            eq(openIdBindings.platform, LoginPlatform.weixin),
            eq(openIdBindings.type, LoginType.miniProgram),
          ),
        )
      return row?.openId
    },
  }
}
