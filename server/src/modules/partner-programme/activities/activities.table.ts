import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'

/** Activities the operator publishes: a 招生活动 (campaign with a clue form) or a 资讯 (news). */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    title: text('title').notNull(),
    cover: text('cover'),
    summary: text('summary'),
    /** Sanitised HTML (lib/sanitize-html.ts), never raw operator input. */
    body: text('body').notNull(),
    /** ActivityType label. */
    type: text('type').notNull(),
    /** ActivityStatus label. */
    status: text('status').notNull(),
    /** A 招生活动's page shows the clue form while it is 进行中; the operator may switch it off. */
    clueForm: boolean('clue_form').notNull().default(true),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    publishedAt: ts('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('activities_status_start_idx').on(t.status, t.startAt, t.id),
    index('activities_start_idx').on(t.startAt, t.id),
    check('activities_window_check', sql`${t.endAt} > ${t.startAt}`),
  ],
)
