import assert from 'node:assert/strict'
import { execFileSync, spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../helper.ts'
import { freePort, ROOT, ServerProcess } from './support.ts'

/** The worker processes of a cluster primary (its children running node). */
function workersOf(pid: number): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' })
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([, comm]) => comm === 'node')
    .map(([p]) => Number(p))
}

describe('npm run start:cluster', () => {
  test('refuses to start on PGlite, saying why', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cluster.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', CLUSTER_WORKERS: '2' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stderr.on('data', (d) => (output += d))
    const code = await new Promise((r) => child.once('exit', r))
    assert.equal(code, 1)
    assert.match(output, /npm run start:cluster needs DATABASE_URL/)
  })

  test('refuses a worker count that is not a number', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cluster.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: 'postgres://127.0.0.1:1/x', WEB_CONCURRENCY: 'many' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stderr.on('data', (d) => (output += d))
    assert.equal(await new Promise((r) => child.once('exit', r)), 1)
    assert.match(output, /WEB_CONCURRENCY must be a whole number from 1 to 64/)
  })

  describe('on PostgreSQL', { skip: TEST_DATABASE_URL ? false : 'PostgreSQL only (DATABASE_URL)' }, () => {
    let testDb: TestDatabase
    let cluster: ServerProcess
    let metricsPort: number
    before(async () => {
      testDb = await createTestDatabase()
      metricsPort = await freePort()
      cluster = new ServerProcess(
        {
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATABASE_URL: testDb.url!,
          DATABASE_POOL_SIZE: '4',
          CLUSTER_WORKERS: '2',
          METRICS_PORT: String(metricsPort),
          SEED_DEMO: 'off',
          H5_DIR: path.join(os.tmpdir(), 'activity-mobile-no-h5'),
        },
        'server/src/cluster.ts',
      )
      await cluster.start()
    })
    after(async () => {
      await cluster?.stop()
      await testDb?.dispose()
    })

    test(
      'two workers answer on one port; a worker killed is replaced; SIGTERM stops them all with exit 0',
      { timeout: 120_000 },
      async () => {
        const primary = cluster.child!.pid!
        let workers: number[] = []
        for (const deadline = Date.now() + 60_000; workers.length < 2 && Date.now() < deadline;) {
          workers = workersOf(primary)
          await new Promise((r) => setTimeout(r, 200))
        }
        assert.equal(workers.length, 2, cluster.log)
        // Both answer before one is killed: the other one then carries every call alone.
        const listening = (pid: number) => cluster.log.includes(`worker ${pid} listening`)
        for (const deadline = Date.now() + 60_000; !workers.every(listening) && Date.now() < deadline;)
          await new Promise((r) => setTimeout(r, 200))
        assert.ok(workers.every(listening), cluster.log)
        process.kill(workers[0]!, 'SIGKILL')
        let replaced: number[] = []
        for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
          replaced = workersOf(primary)
          if (replaced.length === 2 && !replaced.includes(workers[0]!)) break
          await new Promise((r) => setTimeout(r, 200))
        }
        assert.equal(replaced.length, 2, cluster.log)
        assert.ok(!replaced.includes(workers[0]!), 'the killed worker is gone')
        // The primary's line may reach this process's pipe after its new worker shows in the process table.
        const said = /died \(SIGKILL\).*starting another/
        for (const deadline = Date.now() + 30_000; !said.test(cluster.log) && Date.now() < deadline;)
          await new Promise((r) => setTimeout(r, 100))
        assert.match(cluster.log, said)
        // Every call answers while (and after) a worker is replaced.
        for (let i = 0; i < 20; i++) assert.equal((await fetch(`${cluster.url}/api/health`)).status, 200)
        const { code } = (await cluster.stop('SIGTERM'))!
        assert.equal(code, 0, cluster.log)
        assert.match(cluster.log, /every worker stopped/)
        // Both workers started on one fresh database: the first operator was made (and shown) once.
        assert.equal(cluster.log.match(/First operator created/g)?.length, 1, cluster.log)
      },
    )
  })
})
