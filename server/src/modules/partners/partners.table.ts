import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../db/columns.ts'

export const partners = pgTable(
  'partners',
  {
    id: id(),
    phone: text('phone').notNull().unique(),
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
