// Read-only views of the parcels module's tables, for other modules' queries (they join and read
// these, never the tables, and write only through the face's functions).
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { parcels } from './parcels.table.ts'

const qb = new QueryBuilder()

export const parcelsView = qb.select(getTableColumns(parcels)).from(parcels).as('parcels')
