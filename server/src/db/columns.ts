import { integer, timestamp } from 'drizzle-orm/pg-core'

/** Shared column builders: identity ids and timezone-aware timestamps. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity()
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
export const ts = (name: string) => timestamp(name, { withTimezone: true })
