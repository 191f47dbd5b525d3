import { and, count, desc, eq, getTableColumns, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { pageTotal, totalOf } from '../../../db/paging.ts'
import type { Executor } from '../../../db/types.ts'
import { messages, messageSubscriptions, PushState } from './messages.table.ts'

export type MessageRow = typeof messages.$inferSelect
export type NewMessage = typeof messages.$inferInsert

/** The list's order: unread first, then newest first (a backward scan of messages_account_unread_created_idx). */
const unreadFirst = sql`(${messages.readAt} IS NULL)`

/** Messages this process has written waiting for their subscribe message (counted before the commit, rolled back ones too): the pusher's `written`. */
let pendingWritten = 0
export const pendingMessagesWritten = () => pendingWritten

export function createMessagesRepository({ db }: { db: Executor }) {
  return {
    async insert(values: NewMessage): Promise<MessageRow | undefined> {
      if (values.pushState === PushState.pending) pendingWritten++
      const [row] = await db.insert(messages).values(values).onConflictDoNothing().returning()
      return row
    },

    /**
     * One message per recipient in one statement (a notice to its students): `recipients` is a
     * SELECT of (account_id, partner_id) rows; the dedupe key `<dedupePrefix>:<account id>` makes a
     * second call for the same recipients write nothing. Returns how many messages it wrote.
     */
    async insertForRecipients({
      recipients,
      values,
      dedupePrefix,
    }: {
      recipients: SQL
      values: Pick<NewMessage, 'kind' | 'title' | 'body' | 'targetType' | 'targetId' | 'pushState'> & { createdAt: Date }
      dedupePrefix: string
    }): Promise<number> {
      const c = (column: { name: string }) => sql.identifier(column.name)
      if (values.pushState === PushState.pending) pendingWritten++
      // Both drivers (node-postgres, PGlite) answer a raw statement with its `rows`.
      const result = (await db.execute(sql`
        insert into ${messages} (${c(messages.accountId)}, ${c(messages.partnerId)}, ${c(messages.kind)}, ${c(messages.title)},
          ${c(messages.body)}, ${c(messages.targetType)}, ${c(messages.targetId)}, ${c(messages.dedupeKey)}, ${c(messages.pushState)},
          ${c(messages.createdAt)})
        select r.account_id, r.partner_id, ${values.kind}, ${values.title}, ${values.body}, ${values.targetType ?? null},
          ${values.targetId ?? null}::integer, ${`${dedupePrefix}:`}::text || r.account_id, ${values.pushState ?? PushState.none},
          ${values.createdAt.toISOString()}::timestamptz
        from (${recipients}) as r (account_id, partner_id)
        on conflict do nothing
        returning ${c(messages.id)}`)) as unknown as { rows: unknown[] }
      return result.rows.length
    },

    /** A person's messages (partner events and student notices alike). */
    async list({ accountId, page, size, offset }: { accountId: number; page: number; size: number; offset?: number }) {
      const where = eq(messages.accountId, accountId)
      // The page and its total in one round trip.
      const rows = await db
        .select({ ...getTableColumns(messages), total: totalOf(messages, where) })
        .from(messages)
        .where(where)
        .orderBy(desc(unreadFirst), desc(messages.createdAt), desc(messages.id))
        .limit(size)
        .offset(offset ?? (page - 1) * size)
      const total = await pageTotal({
        rows,
        page: offset === undefined ? page : offset === 0 ? 1 : 2,
        count: async () => (await db.select({ n: count() }).from(messages).where(where))[0]?.n ?? 0,
      })
      return { rows, total }
    },

    async unreadCount({ accountId }: { accountId: number }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.accountId, accountId), isNull(messages.readAt)))
      return row?.n ?? 0
    },

    /** Marks one of the person's messages read (once: an already read message keeps its time). */
    async markRead({ accountId, id, now }: { accountId: number; id: number; now: Date }): Promise<MessageRow | undefined> {
      await db
        .update(messages)
        .set({ readAt: now })
        .where(and(eq(messages.id, id), eq(messages.accountId, accountId), isNull(messages.readAt)))
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.id, id), eq(messages.accountId, accountId)))
      return row
    },

    async markAllRead({ accountId, now }: { accountId: number; now: Date }): Promise<number> {
      const rows = await db
        .update(messages)
        .set({ readAt: now })
        .where(and(eq(messages.accountId, accountId), isNull(messages.readAt)))
        .returning({ id: messages.id })
      return rows.length
    },

    /** Claims up to `limit` messages waiting for WeChat (SKIP LOCKED: several processes never claim the same one). */
    async claimPending({ limit }: { limit: number }): Promise<MessageRow[]> {
      const waiting = db
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.pushState, PushState.pending))
        .orderBy(messages.id)
        .limit(limit)
        .for('update', { skipLocked: true })
      return db.update(messages).set({ pushState: PushState.sending }).where(inArray(messages.id, waiting)).returning()
    },

    async setPushState({ id, state }: { id: number; state: PushState }) {
      await db.update(messages).set({ pushState: state }).where(eq(messages.id, id))
    },

    /** Adds one acceptance of each template (capped: WeChat keeps at most a few dozen per user and template). */
    async addSubscriptions({ accountId, templates, cap }: { accountId: number; templates: string[]; cap: number }) {
      if (templates.length === 0) return
      await db
        .insert(messageSubscriptions)
        .values(templates.map((template) => ({ accountId, template, remaining: 1 })))
        .onConflictDoUpdate({
          target: [messageSubscriptions.accountId, messageSubscriptions.template],
          set: { remaining: sql`least(${messageSubscriptions.remaining} + 1, ${cap})`, updatedAt: new Date() },
        })
    },

    async subscriptions({ accountId, templates }: { accountId: number; templates: readonly string[] }) {
      return db
        .select({ template: messageSubscriptions.template, remaining: messageSubscriptions.remaining })
        .from(messageSubscriptions)
        .where(and(eq(messageSubscriptions.accountId, accountId), inArray(messageSubscriptions.template, [...templates])))
    },

    /** Uses one acceptance atomically; false when none is left. */
    async takeSubscription({ accountId, template }: { accountId: number; template: string }): Promise<boolean> {
      const rows = await db
        .update(messageSubscriptions)
        .set({ remaining: sql`${messageSubscriptions.remaining} - 1`, updatedAt: new Date() })
        .where(
          and(
            eq(messageSubscriptions.accountId, accountId),
            eq(messageSubscriptions.template, template),
            gt(messageSubscriptions.remaining, 0),
          ),
        )
        .returning({ remaining: messageSubscriptions.remaining })
      return rows.length > 0
    },

    /** Gives back an acceptance whose send failed (WeChat did not use it). */
    async returnSubscription({ accountId, template }: { accountId: number; template: string }) {
      await db
        .update(messageSubscriptions)
        .set({ remaining: sql`${messageSubscriptions.remaining} + 1`, updatedAt: new Date() })
        .where(and(eq(messageSubscriptions.accountId, accountId), eq(messageSubscriptions.template, template)))
    },
  }
}
