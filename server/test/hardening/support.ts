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

/**
 * A fingerprint of every table (row count and an order-independent hash of the rows), in one
 * statement. Left out on purpose, because refusals write them by design: sign_in_failures (a failed
 * sign-in is counted to lock the account), sign_in_known_sources (a right password on a disabled
 * account still makes its source known) and verification_codes.attempts (a wrong code is counted).
 */
export async function createFingerprint(app: FastifyInstance) {
  const result = (await app.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> }
  const tables = result.rows
    .map((r) => r.table_name)
    .filter((t) => !['sign_in_failures', 'sign_in_known_sources', 'rate_limit_hits'].includes(t))
  // A message's push state (a person's or an approver's) is the outbox sender's background work
  // after an earlier success, not a write of the request being checked.
  const rowOf = (t: string) =>
    t === 'verification_codes'
      ? `(x.id, x.phone, x.type, x.code_hash, x.expires_at, x.consumed_at, x.created_at)::text`
      : t === 'messages'
        ? `(x.id, x.partner_id, x.kind, x.title, x.body, x.target_type, x.target_id, x.read_at, x.created_at)::text`
        : t === 'approval_messages'
          ? `(x.id, x.admin_id, x.request_id, x.kind, x.title, x.read_at, x.created_at)::text`
          : 'x::text'
  const text = tables
    .map((t) => `select '${t}' as t, count(*)::int as n, coalesce(sum(hashtextextended(${rowOf(t)}, 0)), 0)::text as h from "${t}" x`)
    .join(' union all ')
  return async (): Promise<Map<string, string>> => {
    const rows = (await app.db.execute(sql.raw(text))) as unknown as { rows: Array<{ t: string; n: number; h: string }> }
    return new Map(rows.rows.map((r) => [r.t, `${r.n}:${r.h}`]))
  }
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([t, v]) => before.get(t) !== v).map(([t]) => t)
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
