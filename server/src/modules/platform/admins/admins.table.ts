import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../../db/columns.ts'
import { departments } from '../departments/departments.table.ts'

/**
 * 岗位: a named set of rights (packages/domain rights.ts). The built-in 管理员, 财务 and 招生老师
 * (migration 0015) are today's three roles; 管理员 holds every right whatever its row says, and the
 * built-in ones cannot be deleted or renamed.
 */
export const positions = pgTable('positions', {
  id: id(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  /** Rights as `<screen>.<action>` names; unknown names (a right since removed) are ignored. */
  rights: text('rights').array().notNull().default([]),
  builtin: boolean('builtin').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const admins = pgTable(
  'admins',
  {
    id: id(),
    account: text('account').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The operator's 岗位: what they may see and do. */
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id),
    enabled: boolean('enabled').notNull().default(true),
    /** Where a step-up (二次验证) SMS code goes; none: no SMS step-up. */
    phone: text('phone'),
    /** The bound authenticator's TOTP secret (base32); once bound it replaces the SMS code. */
    totpSecret: text('totp_secret'),
    /** A secret set up but not yet confirmed with a code (binding in progress). */
    totpPendingSecret: text('totp_pending_secret'),
    /** The 30-second step of the last TOTP code accepted: a code is good once (RFC 6238 §5.2). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The department (部门) the operator works in, if any: whose team target their figures count towards. */
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    /**
     * The 招生老师's share code (their poster's `ref`), made on first use: a prospect who leaves
     * details through it becomes a clue assigned to them. Never equal to a partner's code.
     */
    shareCode: text('share_code').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('admins_position_idx').on(t.positionId)],
)
