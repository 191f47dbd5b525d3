import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../../../db/columns.ts'

/**
 * 登录记录: one row per sign-in attempt of an operator or of the app, success or failure. The
 * operator (admin_id) or the app's account (account_id) is set when known, with no foreign key:
 * a record outlives a deleted operator. Rows older than SIGN_IN_RECORDS_KEEP_DAYS are pruned.
 */
export const signInRecords = pgTable(
  'sign_in_records',
  {
    id: id(),
    /** SignInKind: 'operator' or 'app'. */
    kind: text('kind').notNull(),
    adminId: integer('admin_id'),
    accountId: integer('account_id'),
    /** What was typed: the operator's account name or the phone (null for a WeChat/Alipay code). */
    identifier: text('identifier'),
    /** The operator's name when known (a snapshot, like the audit log's). */
    name: text('name'),
    /** SignInMethod: password, sms, wechat, alipay. */
    method: text('method').notNull(),
    success: boolean('success').notNull(),
    /** SignInReason of a failure; null on success. */
    reason: text('reason'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('sign_in_records_kind', sql`${t.kind} in ('operator', 'app')`),
    check('sign_in_records_reason', sql`(${t.success} and ${t.reason} is null) or (not ${t.success} and ${t.reason} is not null)`),
    index('sign_in_records_created_idx').on(t.createdAt, t.id),
    index('sign_in_records_admin_created_idx').on(t.adminId, t.createdAt, t.id),
    index('sign_in_records_ip_created_idx').on(t.ip, t.createdAt),
  ],
)
