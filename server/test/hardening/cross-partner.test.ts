import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { createPartnerClue } from '../../src/modules/partner-programme/clues/clues.service.ts'
import { recordDeal } from '../../src/modules/partner-programme/clues/deals.service.ts'
import { clues } from '../../src/modules/partner-programme/clues/clues.table.ts'
import { ledgerEntries } from '../../src/modules/partner-programme/ledger/ledger.table.ts'
import { createOrder } from '../../src/modules/money/orders/orders.service.ts'
import { orderItems, orders } from '../../src/modules/money/orders/orders.table.ts'
import { COOKIE_NAMES } from '../../src/modules/platform/sessions/sessions.service.ts'
import { createOpenIdBindingsRepository } from '../../src/modules/platform/accounts/open-id-bindings.repository.ts'
import { applyWithdrawal, finishPay } from '../../src/modules/partner-programme/withdrawals/withdrawals.service.ts'
import { withdrawals } from '../../src/modules/partner-programme/withdrawals/withdrawals.table.ts'
import type { RouteEntry } from '../../src/plugins/route-table.ts'
import { COMPLETE_PERSONAL, COMPLETE_SIGN_UP, credit, insertLevels, insertPartner, PASSWORD } from '../fixtures.ts'
import { buildTestApp, type TestApp } from '../helper.ts'
import { appRoutes, envelopeProblems, fieldsOf } from './support.ts'

/**
 * Partner A cannot read or change partner B's data through any partner route (enumerated from the
 * app, so a new route is covered): every id-like field carries each of B's ids, and `partnerId`-like
 * fields are added to every call. A's answers never contain B's data (B's names, phones, codes,
 * payout account, order numbers, ids where an id is asked for), an id of B's is a 404/403, and B's
 * rows are byte-for-byte unchanged after every call.
 */

interface Owned {
  partnerId: number
  code: string
  clueIds: number[]
  withdrawalIds: number[]
  ledgerIds: number[]
  orderIds: number[]
  orderItemIds: number[]
  orderNos: string[]
  markers: string[]
}

async function makePartner(app: FastifyInstance, tag: 'A' | 'B', adminId: number | null): Promise<Owned> {
  const n = tag === 'A' ? 1 : 2
  if (tag === 'B') {
    // B's ids live in ranges of their own, so no id of B's is also one of A's (of any kind).
    const tables = ['partners', 'clues', 'ledger_entries', 'withdrawals', 'orders', 'order_items', 'open_id_bindings']
    for (const [i, table] of tables.entries())
      await app.db.execute(sql.raw(`ALTER TABLE ${table} ALTER COLUMN id RESTART WITH ${(i + 1) * 10_000 + 1}`))
  }
  const partner = await insertPartner(app, {
    code: `X${tag}MARK${n}`,
    realName: `${tag}合伙人姓名`,
    nickname: `${tag}昵称标记`,
    wechatId: `${tag.toLowerCase()}_marker_wx`,
    payoutAccount: `${tag.toLowerCase()}-payout-marker@example.com`,
    payoutName: `${tag}收款人`,
  })
  await credit(app, partner.id, 500_000)
  const clueIds: number[] = []
  for (let i = 0; i < 3; i++) {
    const clue = await createPartnerClue({
      db: app.db,
      partnerId: partner.id,
      input: { name: `${tag}线索${i}号`, phone: `13${n}9999000${i}`, remark: `${tag}备注标记${i}` },
    })
    clueIds.push(clue.id)
  }
  await recordDeal({ db: app.db, id: clueIds[0]!, programme: `${tag}成交专业`, amount: 880000, freezeDays: 0 })
  const paid = await applyWithdrawal({ db: app.db, partnerId: partner.id, amount: 11_000, idempotencyKey: `${tag}-paid-key-1` })
  await finishPay({ db: app.db, id: paid.withdrawal.id, transactionNo: `${tag}TXN0001`, adminId: adminId ?? 0 })
  const pending = await applyWithdrawal({ db: app.db, partnerId: partner.id, amount: 12_000, idempotencyKey: `${tag}-pending-key` })
  const orderIds: number[] = []
  const orderNos: string[] = []
  for (let i = 0; i < 2; i++) {
    const { order } = await createOrder({
      db: app.db,
      input: {
        partnerId: partner.id,
        title: `${tag}的订单${i}`,
        items: [{ name: `${tag}学费项目${i}`, quantity: 1, unitPrice: 1000 + i }],
      },
      adminId,
    })
    orderIds.push(order.id)
    orderNos.push(order.orderNo)
  }
  await createOpenIdBindingsRepository({ db: app.db }).bind({
    partnerId: partner.id,
    platform: 'weixin',
    type: 'mini',
    openId: `${tag}-openid-marker`,
  })
  const ledgerIds = (await app.db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.partnerId, partner.id))).map(
    (r) => r.id,
  )
  const orderItemIds = (
    await app.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.partnerId, partner.id))
  ).map((r) => r.id)
  return {
    partnerId: partner.id,
    code: partner.code,
    clueIds,
    withdrawalIds: [paid.withdrawal.id, pending.withdrawal.id],
    ledgerIds,
    orderIds,
    orderItemIds,
    orderNos,
    markers: [
      partner.code,
      partner.phone,
      `${partner.phone.slice(0, 3)}****${partner.phone.slice(-4)}`,
      `${tag}合伙人姓名`,
      `${tag}昵称标记`,
      `${tag.toLowerCase()}_marker_wx`,
      `${tag.toLowerCase()}-payout-marker`,
      `${tag}收款人`,
      `${tag}线索`,
      `${tag}备注标记`,
      `${tag}成交专业`,
      `${tag}TXN0001`,
      `${tag}的订单`,
      `${tag}学费项目`,
      `${tag}-openid-marker`,
      ...orderNos,
    ],
  }
}

/** B's rows in every table that holds a partner's data, hashed (and counted) in one statement. */
async function rowsOf(app: FastifyInstance, partnerId: number): Promise<string> {
  const result = (await app.db.execute(sql`
    select
      (select coalesce(string_agg(md5(p::text), ',' order by p.id), '') from partners p where p.id = ${partnerId}) as partner,
      (select coalesce(string_agg(md5(w::text), ','), '') from wallets w where w.partner_id = ${partnerId}) as wallet,
      (select coalesce(string_agg(md5(e::text), ',' order by e.id), '') from ledger_entries e where e.partner_id = ${partnerId}) as ledger,
      (select coalesce(string_agg(md5(c::text), ',' order by c.id), '') from clues c where c.partner_id = ${partnerId}) as clues,
      (select coalesce(string_agg(md5(w::text), ',' order by w.id), '') from withdrawals w where w.partner_id = ${partnerId}) as withdrawals,
      (select coalesce(string_agg(md5(o::text), ',' order by o.id), '') from orders o where o.partner_id = ${partnerId}) as orders,
      (select coalesce(string_agg(md5(i::text), ',' order by i.id), '') from order_items i join orders o on o.id = i.order_id where o.partner_id = ${partnerId}) as items,
      (select coalesce(string_agg(md5(b::text), ',' order by b.id), '') from open_id_bindings b where b.partner_id = ${partnerId}) as bindings,
      (select count(*) from sessions s where s.partner_id = ${partnerId}) as sessions`)) as unknown as { rows: unknown[] }
  return JSON.stringify(result.rows[0])
}

const VALID: Record<string, string> = {
  name: '丙线索',
  contactMethod: '电话',
  remark: '跨账号测试',
  amount: '1000',
  channel: 'wechat-mini',
  oldPassword: PASSWORD,
  password: PASSWORD,
  ...COMPLETE_PERSONAL,
  ...COMPLETE_SIGN_UP,
}

// Fields that name another record (wechatId and the like are the partner's own text).
const ID_FIELD = /^(id|clueId|orderId|withdrawalId|entryId|orderNo)$/
const FORGED_OWNER_FIELDS = ['partnerId', 'userId', 'ownerId', 'partner_id']

describe('partner A against partner B, on every partner route', () => {
  let t: TestApp
  let a: Owned
  let b: Owned
  let routes: RouteEntry[]
  let phoneCounter = 0

  before(async () => {
    t = await buildTestApp()
    await insertLevels(t.app, [{ name: '青铜', minDeals: 0, commissionPerDeal: 5000 }])
    a = await makePartner(t.app, 'A', null)
    b = await makePartner(t.app, 'B', null)
    // A person's calls (orders are the payer's since issue 23) take a partner too.
    routes = appRoutes(t.app).filter((r) => r.access?.kind === 'partner' || r.access?.kind === 'person')
  })
  after(async () => t?.close())

  /** A fresh session of A for each call (a call may end it: change password, sign-out). */
  async function asA(options: InjectOptions) {
    const { token } = await t.app.sessions.create({ db: t.app.db, kind: 'user', partnerId: a.partnerId })
    return t.app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie: `${COOKIE_NAMES.user}=${token}` } })
  }

  function request(route: RouteEntry, fields: Record<string, string>): InjectOptions {
    const params = new URLSearchParams(fields).toString()
    if (route.method === 'GET' || route.method === 'DELETE') return { method: route.method, url: `${route.url}?${params}` }
    return { method: route.method, url: route.url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: params }
  }

  function validFields(route: RouteEntry): Record<string, string> {
    const out: Record<string, string> = {}
    for (const f of [...fieldsOf(route.schema?.body), ...fieldsOf(route.schema?.querystring)]) {
      if (f === 'phone') out[f] = `1370000${String(++phoneCounter).padStart(4, '0')}`
      else if (f === 'idempotencyKey') out[f] = `cross-${Date.now()}-${++phoneCounter}`
      else if (VALID[f] !== undefined) out[f] = VALID[f]!
    }
    return out
  }

  test('the partner routes are enumerated from the app', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`)
    for (const expected of [
      'GET /api/ems/partner/clue/details',
      'GET /api/fms/finance/order/payStatus',
      'POST /api/fms/finance/order/payFee',
      'GET /api/ems/partner/partner/sharePoster',
      'PUT /api/ems/partner/client/savePersonal',
    ])
      assert.ok(urls.includes(expected), expected)
    assert.ok(routes.length >= 18, `${routes.length} partner routes`)
  })

  test("no partner route shows B's data to A or changes B's rows, whatever ids A sends", async () => {
    const bIds = [...b.clueIds, ...b.withdrawalIds, ...b.ledgerIds, ...b.orderIds, ...b.orderItemIds, b.partnerId]
    const aIds = new Set([...a.clueIds, ...a.withdrawalIds, ...a.ledgerIds, ...a.orderIds, ...a.orderItemIds, a.partnerId])
    const problems: string[] = []
    let calls = 0
    const bBefore = await rowsOf(t.app, b.partnerId)

    for (const route of routes) {
      const fields = [...fieldsOf(route.schema?.body), ...fieldsOf(route.schema?.querystring)]
      const idFields = fields.filter((f) => ID_FIELD.test(f))
      const attempts: Array<{ fields: Record<string, string>; bId?: string }> = []
      // The route with plausible values and a forged owner.
      attempts.push({ fields: { ...validFields(route), ...Object.fromEntries(FORGED_OWNER_FIELDS.map((f) => [f, String(b.partnerId)])) } })
      // Every id field with each of B's ids (and order numbers).
      for (const field of idFields)
        for (const id of [...bIds.map(String), ...b.orderNos]) attempts.push({ fields: { ...validFields(route), [field]: id }, bId: id })

      let ownerControl = idFields.length === 0
      for (const attempt of attempts) {
        const res = await asA(request(route, attempt.fields))
        calls++
        const where = `${route.method} ${route.url} ${JSON.stringify(attempt.fields).slice(0, 160)} -> ${res.statusCode}`
        problems.push(...envelopeProblems(res).map((p) => `${where}: ${p}`))
        for (const marker of b.markers) if (res.body.includes(marker)) problems.push(`${where}: shows B's "${marker}"`)
        if (attempt.bId && res.statusCode < 300)
          problems.push(`${where}: answered 2xx for B's id ${attempt.bId}: ${res.body.slice(0, 160)}`)
        if (attempt.bId && res.statusCode >= 300 && ![400, 403, 404, 422].includes(res.statusCode))
          problems.push(`${where}: unexpected status for B's id`)
        const bNow = await rowsOf(t.app, b.partnerId)
        if (bNow !== bBefore) {
          problems.push(`${where}: changed B's rows`)
          break
        }
      }
      // Control: the same id field with one of A's own ids is answered (the refusal above is ownership, not shape).
      for (const field of idFields) {
        for (const id of [...aIds].map(String)) {
          const res = await asA(request(route, { ...validFields(route), [field]: id }))
          calls++
          if (res.statusCode === 200) ownerControl = true
          if (ownerControl) break
        }
      }
      if (!ownerControl) problems.push(`${route.method} ${route.url}: A's own ids were never answered (control)`)
    }
    assert.deepEqual(problems, [])
    assert.equal(await rowsOf(t.app, b.partnerId), bBefore)
    assert.ok(calls > 80, `${calls} calls`)
  })

  test("B's ids in A's lists never appear, with or without filters and forged owners", async () => {
    const lists = routes.filter((r) => r.method === 'GET' && !fieldsOf(r.schema?.querystring).some((f) => ID_FIELD.test(f)))
    for (const route of lists) {
      const res = await asA(request(route, { partnerId: String(b.partnerId), size: '100' }))
      assert.equal(res.statusCode, 200, `${route.url}: ${res.body.slice(0, 200)}`)
      const seen = JSON.stringify(res.json().data)
      for (const marker of b.markers) assert.ok(!seen.includes(marker), `${route.url} shows ${marker}`)
      // A's own data is there (the filter is real, not an empty answer).
      if (/clue\/list|order\/listForClient/.test(route.url)) assert.match(seen, /A(线索|的订单)/)
    }
    const clueIds = (await t.app.db.select({ id: clues.id }).from(clues).where(eq(clues.partnerId, b.partnerId))).map((r) => r.id)
    const listed = (
      await asA(
        request(
          routes.find((r) => r.url === '/api/ems/partner/clue/list')!,
          { size: '100' },
        ),
      )
    ).json().data.list as Array<{
      id: number
    }>
    assert.deepEqual(
      listed.filter((c) => clueIds.includes(c.id)),
      [],
    )
    const bWithdrawals = await t.app.db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.partnerId, b.partnerId))
    assert.equal(bWithdrawals.length, 2)
  })
})
