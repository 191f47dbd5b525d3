// Read-only views of the clues module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { clues } from './clues.table.ts'
import { clueFollowUps } from './clue-follow-ups.table.ts'

const qb = new QueryBuilder()

export const clueFollowUpsView = qb.select(getTableColumns(clueFollowUps)).from(clueFollowUps).as('clue_follow_ups')
export const cluesView = qb.select(getTableColumns(clues)).from(clues).as('clues')
