// Read-only views of the textbooks module's tables, for other modules' queries (they join and read
// these, never the tables, and write only through the face's functions).
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { textbookRecords } from './textbooks.table.ts'

const qb = new QueryBuilder()

export const textbookRecordsView = qb.select(getTableColumns(textbookRecords)).from(textbookRecords).as('textbook_records')
