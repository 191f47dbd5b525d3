import { sql } from 'drizzle-orm'
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { accounts } from '../accounts/accounts.table.ts'
import { partners } from '../../partner-programme/partners/partners.table.ts'
import { PushState } from '../../../gateways/subscribe-outbox.ts'

// Where a message stands towards WeChat: the outbox states every subscribe-message outbox shares.
export { PushState }

/**
 * A person's messages (消息通知): written in the transaction of the change they report. The
 * partner's events name the partner (`partner_id`) and the database fills `account_id` from it
 * (trigger messages_account, migration 0010); a notice to a student names the account.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .default(0)
      .references(() => accounts.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    /** MessageKind label. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** MessageTarget and the id it opens (a clue, a withdrawal, a ledger entry); null opens nothing. */
    targetType: text('target_type'),
    targetId: integer('target_id'),
    /** Set for messages a sweep may try to write twice (佣金可提现 of one ledger entry). */
    dedupeKey: text('dedupe_key'),
    readAt: ts('read_at'),
    /** The outbox state of its WeChat subscribe message (PushState). */
    pushState: text('push_state').notNull().default(PushState.none),
    createdAt: createdAt(),
  },
  (t) => [
    // "My list, unread first, newest first": ORDER BY (read_at IS NULL) DESC, created_at DESC, id DESC is a backward scan.
    index('messages_account_unread_created_idx').on(t.accountId, sql`(${t.readAt} IS NULL)`, t.createdAt, t.id),
    // "My unread count" and "mark all read" read only the unread ones.
    index('messages_account_unread_idx')
      .on(t.accountId)
      .where(sql`${t.readAt} IS NULL`),
    uniqueIndex('messages_dedupe_key_uq').on(t.dedupeKey),
    // The sender's queue: the few messages waiting to go to WeChat.
    index('messages_push_pending_idx')
      .on(t.id)
      .where(sql`${t.pushState} = 'pending'`),
  ],
)

/** One-time WeChat subscriptions a person accepted: each acceptance allows one message of that template. */
export const messageSubscriptions = pgTable(
  'message_subscriptions',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** SubscribeTemplate key. */
    template: text('template').notNull(),
    remaining: integer('remaining').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.template] })],
)
