// Read-only views of the ledger module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { ledgerEntries, wallets } from './ledger.table.ts'

const qb = new QueryBuilder()

export const ledgerEntriesView = qb.select(getTableColumns(ledgerEntries)).from(ledgerEntries).as('ledger_entries')
export const walletsView = qb.select(getTableColumns(wallets)).from(wallets).as('wallets')
