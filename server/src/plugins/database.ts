import fp from 'fastify-plugin'
import type { Database, DatabaseKind, Executor } from '../db/types.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Executor
    dbKind: DatabaseKind
  }
}

/** Decorates `db` (and `dbKind`); closes the database with the app when the app owns it. */
export const databasePlugin = fp<{ database: Database; owned: boolean }>(
  async (app, { database, owned }) => {
    app.decorate('db', database.db)
    app.decorate('dbKind', database.kind)
    if (owned) app.addHook('onClose', async () => database.close())
  },
  { name: 'database' },
)
