import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { accounts } from '../../platform/accounts/accounts.table.ts'

export const partners = pgTable(
  'partners',
  {
    id: id(),
    phone: text('phone').notNull().unique(),
    /**
     * The person (accounts) this partner profile belongs to. The database sets it from the phone on
     * every insert and phone change (trigger partners_account, migration 0010); the 0 default only
     * lets an insert leave it out, and the foreign key refuses a 0 that no trigger replaced.
     */
    accountId: integer('account_id')
      .notNull()
      .default(0)
      .unique()
      .references(() => accounts.id),
    passwordHash: text('password_hash').notNull(),
    /** The share code carried by poster links as `ref`. */
    code: text('code').notNull().unique(),
    referrerId: integer('referrer_id'),
    /** PartnerStatus label. */
    status: text('status').notNull(),
    nickname: text('nickname'),
    avatar: text('avatar'),
    realName: text('real_name'),
    gender: text('gender'),
    idCard: text('id_card'),
    province: text('province'),
    city: text('city'),
    wechatId: text('wechat_id'),
    payoutType: text('payout_type'),
    payoutAccount: text('payout_account'),
    payoutName: text('payout_name'),
    school: text('school'),
    major: text('major'),
    discipline: text('discipline'),
    intakeYear: text('intake_year'),
    batch: text('batch'),
    rejectReason: text('reject_reason'),
    submittedAt: ts('submitted_at'),
    reviewedAt: ts('reviewed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('partners_status_created_idx').on(t.status, t.createdAt, t.id),
    index('partners_created_idx').on(t.createdAt, t.id),
    // My team (我的团队): a referrer's partners newest first, in index order.
    index('partners_referrer_created_idx').on(t.referrerId, t.createdAt, t.id),
  ],
)
