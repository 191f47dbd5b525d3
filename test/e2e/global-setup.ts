/**
 * Once before the browser tests (playwright.config.ts's `globalSetup`): with TEST_PG_URL, the
 * browser tests' databases an interrupted earlier run left on that server are dropped, and this
 * run's templates are named (TEST_RUN_ID; npm test names them for the whole run).
 */
import { startRun, testPostgresUrl } from '../../server/test/postgres-databases'

export default async function globalSetup(): Promise<void> {
  const url = testPostgresUrl()
  if (url) await startRun(url, ['e2e'])
}
