import assert from 'node:assert/strict'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { partners } from '../../src/modules/partner-programme/partners/partners.table.ts'
import { COOKIE_NAMES } from '../../src/modules/platform/sessions/sessions.service.ts'
import type { RouteEntry } from '../../src/plugins/route-table.ts'
import { DEMO, seedDemo } from '../../src/seed/demo.ts'
import { AdminRole, PartnerStatus } from '../../src/wire.ts'
import { adminClient } from '../fixtures.ts'

/** Shared by the hardening tests: the app's own route table, principals, envelopes and a write detector. */

const CJK = /[\u4e00-\u9fff]/

/** Every route the app declares, except the HEAD twins Fastify adds and the Swagger UI's static files. */
export function appRoutes(app: FastifyInstance): RouteEntry[] {
  return app.routeTable.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/docs/static'))
}

/** The routes that take an upload (their schema consumes multipart/form-data), as declared: a new one is in. */
export function multipartRoutes(app: FastifyInstance): RouteEntry[] {
  return appRoutes(app).filter((r) => ((r.schema?.consumes as string[] | undefined) ?? []).includes('multipart/form-data'))
}

/** The zod object shape's keys of a route's body / querystring / params. */
export function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape
  return shape ? Object.keys(shape) : []
}

export function isApi(url: string): boolean {
  return url.startsWith('/api/')
}

/**
 * What every API answer must be: JSON `{code, message, data}` and nothing else; a refusal (4xx) has
 * a non-zero code and a message a person reads (Chinese); never a 5xx. Returns the problems found.
 */
export function envelopeProblems(
  res: Pick<LightMyRequestResponse, 'statusCode' | 'body'> & { headers: Record<string, unknown> },
  { api = true }: { api?: boolean } = {},
): string[] {
  const out: string[] = []
  if (res.statusCode >= 500) out.push(`status ${res.statusCode}`)
  const type = String(res.headers['content-type'] ?? '')
  const mustBeEnvelope = res.statusCode >= 400 || (api && type.startsWith('application/json'))
  if (!mustBeEnvelope) return out
  let body: unknown
  try {
    body = JSON.parse(res.body)
  } catch {
    out.push(`not JSON: ${res.body.slice(0, 80)}`)
    return out
  }
  const keys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).sort() : []
  if (keys.join(',') !== 'code,data,message') out.push(`not an envelope: ${res.body.slice(0, 120)}`)
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown }
  if (typeof code !== 'number' || typeof message !== 'string') out.push(`bad code/message: ${res.body.slice(0, 120)}`)
  if (res.statusCode >= 400) {
    if (code === 0) out.push('a refusal with code 0')
    if (typeof message !== 'string' || !CJK.test(message)) out.push(`message not Chinese: ${String(message).slice(0, 80)}`)
  } else if (code !== 0) out.push(`2xx with code ${String(code)}`)
  return out
}

/** What the write watch leaves out, because refusals write it by design. */
const WRITTEN_BY_DESIGN = [
  'sign_in_failures', // a failed sign-in is counted to lock the account
  'sign_in_known_sources', // a right password on a disabled account still makes its source known
  'rate_limit_hits',
]
/**
 * The columns of a table whose change counts as a write, where not every column does: a wrong code
 * counts its attempts (verification_codes.attempts), and a message's push state (a person's or an
 * approver's) is the outbox sender's background work after an earlier success.
 */
const COUNTED_COLUMNS: Record<string, string[]> = {
  verification_codes: ['id', 'phone', 'type', 'code_hash', 'expires_at', 'consumed_at', 'created_at'],
  messages: ['id', 'partner_id', 'kind', 'title', 'body', 'target_type', 'target_id', 'read_at', 'created_at'],
  approval_messages: ['id', 'admin_id', 'request_id', 'kind', 'title', 'read_at', 'created_at'],
}

/**
 * A write detector for the hardening tests: a row trigger on every table of the app's database logs
 * the table of each row inserted, deleted or changed (an update that leaves a row as it was is not a
 * write) into a log of its own; a rolled-back write leaves nothing there. The returned function
 * takes the log: the tables written since its last call, each once, sorted. One cheap statement per
 * check (a fingerprint of every table's rows took about 90 ms on the demo data).
 */
export async function watchWrites(app: FastifyInstance): Promise<() => Promise<string[]>> {
  const result = (await app.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> }
  const tables = result.rows.map((r) => r.table_name).filter((t) => !WRITTEN_BY_DESIGN.includes(t))
  const row = (t: string, side: 'old' | 'new') =>
    COUNTED_COLUMNS[t] ? `row(${COUNTED_COLUMNS[t].map((c) => `${side}."${c}"`).join(', ')})::text` : `(${side}.*)::text`
  const statements = [
    'create schema if not exists test_watch',
    'create unlogged table if not exists test_watch.writes (t text not null)',
    `create or replace function test_watch.log() returns trigger language plpgsql as $$
      begin insert into test_watch.writes values (tg_table_name); return null; end $$`,
    ...tables.flatMap((t) => [
      `drop trigger if exists test_watch_rows on "${t}"`,
      `drop trigger if exists test_watch_changes on "${t}"`,
      `create trigger test_watch_rows after insert or delete on "${t}" for each row execute function test_watch.log()`,
      `create trigger test_watch_changes after update on "${t}" for each row
        when (${row(t, 'old')} is distinct from ${row(t, 'new')}) execute function test_watch.log()`,
    ]),
  ]
  // One statement per call: the embedded database's driver takes no more.
  for (const statement of statements) await app.db.execute(sql.raw(statement))
  return async () => {
    const taken = (await app.db.execute(sql.raw('delete from test_watch.writes returning t'))) as unknown as { rows: Array<{ t: string }> }
    return [...new Set(taken.rows.map((r) => r.t))].sort()
  }
}

export interface Principal {
  /** Cookie header for the request, or none (public). */
  cookie?: string
  /** Makes a new session when the previous one ended (sign-out, password change). */
  refresh(): Promise<void>
}

/** The demo data (partners, clues, ledger, withdrawals, orders, activities, contents, versions, volunteer data). */
export async function seedHardeningData(app: FastifyInstance) {
  assert.ok(await seedDemo({ db: app.db, freezeDays: app.config.commissionFreezeDays }))
  const [demo] = await app.db.select().from(partners).where(eq(partners.phone, DEMO.partner.phone))
  return { demoPartnerId: demo!.id }
}

/**
 * A principal who may call `route`: the demo partner (who is also a student, so the student's and
 * the person's calls take them too), a fresh 管理员 (every right), or nobody.
 */
export async function principalFor(app: FastifyInstance, route: RouteEntry, { partnerId }: { partnerId: number }): Promise<Principal> {
  const access = route.access
  if (!access) return { refresh: async () => {} }
  if (access.kind !== 'admin') {
    const principal: Principal = {
      refresh: async () => {
        // A fuzzed call may not sign the partner out for good: keep them active with a live session.
        await app.db.update(partners).set({ status: PartnerStatus.active }).where(eq(partners.id, partnerId))
        const { token } = await app.sessions.create({ db: app.db, kind: 'user', partnerId })
        principal.cookie = `${COOKIE_NAMES.user}=${token}`
      },
    }
    await principal.refresh()
    return principal
  }
  const principal: Principal = {
    refresh: async () => {
      const { client } = await adminClient(app, AdminRole.admin)
      principal.cookie = `${COOKIE_NAMES.admin}=${client.jar.get(COOKIE_NAMES.admin)}`
    },
  }
  await principal.refresh()
  return principal
}

/** Percent-encodes any string, lone surrogates included (as U+FFFD, like a browser). */
const encode = (s: string) => encodeURIComponent(Buffer.from(s, 'utf8').toString('utf8'))

/** Fills `:param` and `*` of a route url. */
export function concreteUrl(url: string, params: Record<string, string> = {}): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => encode(params[name] ?? 'x')).replace(/\*$/, encode(params['*'] ?? 'x'))
}

export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>
