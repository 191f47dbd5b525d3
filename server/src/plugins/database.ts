import fp from 'fastify-plugin'
import type { Database, DatabaseKind, Executor } from '../db/types.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Executor
    dbKind: DatabaseKind
    /** The database's notifications (see Database.listen). */
    dbListen: Database['listen']
    /** The pool's connections (PostgreSQL), for /metrics. */
    dbPoolStats: Database['poolStats']
  }
}

/** Decorates `db` (and `dbKind`, `dbListen`); closes the database with the app when the app owns it. */
export const databasePlugin = fp<{ database: Database; owned: boolean }>(
  async (app, { database, owned }) => {
    app.decorate('db', database.db)
    app.decorate('dbKind', database.kind)
    app.decorate('dbListen', database.listen)
    app.decorate('dbPoolStats', database.poolStats)
    if (owned) app.addHook('onClose', async () => database.close())
  },
  { name: 'database' },
)
