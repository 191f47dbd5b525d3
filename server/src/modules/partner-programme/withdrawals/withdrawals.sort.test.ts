import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { adminClient, insertPartner } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, type TestApp } from '../../../../test/helper.ts'
import { readXlsx } from '../../../../test/xlsx.ts'
import { LedgerType, WithdrawalStatus } from '../../../wire.ts'
import { ledgerEntries } from '../ledger/ledger.table.ts'
import { withdrawals } from './withdrawals.table.ts'

const LIST = '/api/ems/partner/withdrawalRecord/listForAdmin'
const EXPORT = '/api/ems/partner/withdrawalRecord/export'
const LEDGER = '/api/ems/partner/withdrawalRecord/ledgerForAdmin'
const ids = (list: Array<{ id: number }>) => list.map((w) => w.id)

describe('the console sorts the withdrawals and the ledger', () => {
  let t: TestApp
  let finance: Client
  /** The rows of the first part, as the tests expect them ordered. */
  const rows: Array<{ id: number; partnerId: number; amount: number; status: string; createdAt: Date }> = []

  before(async () => {
    t = await buildTestApp()
    finance = (await adminClient(t.app, '财务')).client
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 2))
    // Six withdrawals of two partners: pending ones (one per partner) among handled ones, times and amounts shuffled.
    const a = await insertPartner(t.app, { realName: '甲' })
    const b = await insertPartner(t.app, { realName: '乙' })
    const plan = [
      { partnerId: a.id, amount: 5000, status: WithdrawalStatus.paid, createdAt: day(1) },
      { partnerId: b.id, amount: 1200, status: WithdrawalStatus.applying, createdAt: day(2) },
      { partnerId: a.id, amount: 9900, status: WithdrawalStatus.refused, createdAt: day(3) },
      { partnerId: a.id, amount: 3000, status: WithdrawalStatus.applying, createdAt: day(4) },
      { partnerId: b.id, amount: 7000, status: WithdrawalStatus.paid, createdAt: day(5) },
      { partnerId: b.id, amount: 3000, status: WithdrawalStatus.paid, createdAt: day(6) },
    ]
    for (const [i, p] of plan.entries()) {
      const [row] = await t.app.db
        .insert(withdrawals)
        .values({ ...p, idempotencyKey: `sort-${i}`, payoutType: '支付宝', payoutAccount: `acc${i}@example.com`, payoutName: '收款人' })
        .returning()
      rows.push({ id: row!.id, partnerId: p.partnerId, amount: p.amount, status: p.status, createdAt: p.createdAt })
    }
    for (const [i, p] of plan.entries()) {
      await t.app.db
        .insert(ledgerEntries)
        .values({ partnerId: p.partnerId, type: LedgerType.adjustment, amount: 100, balanceAfter: 100 * (i + 1), createdAt: p.createdAt })
    }
  })
  after(async () => t.close())

  test('the queue keeps 审核中 first whether the newest or the oldest come first', async () => {
    const [w1, w2, w3, w4, w5, w6] = rows.map((r) => r.id)
    assert.deepEqual(ids((await finance.get(LIST)).json().data.list), [w4, w2, w6, w5, w3, w1])
    assert.deepEqual(ids((await finance.get(LIST, { sort: 'createdAt_desc' })).json().data.list), [w4, w2, w6, w5, w3, w1])
    assert.deepEqual(ids((await finance.get(LIST, { sort: 'createdAt_asc' })).json().data.list), [w2, w4, w1, w3, w5, w6])
    // A page of the oldest-first queue, and its total.
    const page2 = (await finance.get(LIST, { sort: 'createdAt_asc', page: 2, size: 4 })).json().data
    assert.deepEqual(ids(page2.list), [w5, w6])
    assert.equal(page2.total, 6)
    assert.equal(page2.totalCapped, false)
  })

  test('with a status or partner filter the time order is plain, either way', async () => {
    const [w1, w2, , , w5, w6] = rows.map((r) => r.id)
    assert.deepEqual(ids((await finance.get(LIST, { status: WithdrawalStatus.paid, sort: 'createdAt_asc' })).json().data.list), [
      w1,
      w5,
      w6,
    ])
    assert.deepEqual(ids((await finance.get(LIST, { partnerId: rows[1]!.partnerId, sort: 'createdAt_asc' })).json().data.list), [
      w2,
      w5,
      w6,
    ])
    assert.deepEqual(ids((await finance.get(LIST, { partnerId: rows[1]!.partnerId })).json().data.list), [w6, w5, w2])
  })

  test('by amount, the largest or the smallest first, equal amounts by number, whatever the status', async () => {
    const [w1, w2, w3, w4, w5, w6] = rows.map((r) => r.id)
    assert.deepEqual(ids((await finance.get(LIST, { sort: 'amount_desc' })).json().data.list), [w3, w5, w1, w6, w4, w2])
    assert.deepEqual(ids((await finance.get(LIST, { sort: 'amount_asc' })).json().data.list), [w2, w4, w6, w1, w5, w3])
    assert.deepEqual(ids((await finance.get(LIST, { sort: 'amount_desc', status: WithdrawalStatus.paid })).json().data.list), [w5, w1, w6])
    assert.deepEqual(ids((await finance.get(LIST, { sort: 'amount_asc', partnerId: rows[0]!.partnerId })).json().data.list), [w4, w1, w3])
  })

  test('an unknown order is refused with a message, not ignored', async () => {
    const res = await finance.get(LIST, { sort: 'partnerId_desc' })
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().message, '排序方式不在可选范围内')
    const ledger = await finance.get(LEDGER, { sort: 'amount_desc' })
    assert.equal(ledger.statusCode, 400)
    assert.equal(ledger.json().message, '排序方式不在可选范围内')
    assert.equal((await finance.get(EXPORT, { sort: 'x' })).statusCode, 400)
  })

  test('the ledger lists the newest or the oldest entries first', async () => {
    const newest = (await finance.get(LEDGER)).json().data.list.map((e: { balanceAfter: number }) => e.balanceAfter)
    assert.deepEqual(newest, [600, 500, 400, 300, 200, 100])
    const oldest = (await finance.get(LEDGER, { sort: 'createdAt_asc', size: 4 })).json().data
    assert.deepEqual(
      oldest.list.map((e: { balanceAfter: number }) => e.balanceAfter),
      [100, 200, 300, 400],
    )
    assert.equal(oldest.total, 6)
    const ofB = (await finance.get(LEDGER, { sort: 'createdAt_asc', partnerId: rows[1]!.partnerId })).json().data.list
    assert.deepEqual(
      ofB.map((e: { balanceAfter: number }) => e.balanceAfter),
      [200, 500, 600],
    )
  })

  test('the export follows the list order across its batches, each withdrawal once', async () => {
    // 2 400 more, handled, amounts in three values and times in pairs, so the keyset meets ties on both keys.
    await t.app.db.execute(sql`
      INSERT INTO withdrawals (partner_id, amount, status, idempotency_key, payout_type, payout_account, payout_name, created_at)
      SELECT ${rows[0]!.partnerId}, 1000 + (i % 3) * 100, ${WithdrawalStatus.paid}, 'bulk' || i, '支付宝', 'a', 'b',
             timestamptz '2025-06-01 00:00:00+00' + (i / 2) * interval '1 minute'
      FROM generate_series(1, 2400) AS i`)
    const all = await t.app.db
      .select({ id: withdrawals.id, amount: withdrawals.amount, status: withdrawals.status, createdAt: withdrawals.createdAt })
      .from(withdrawals)
    const pendingFirst = (w: (typeof all)[number]) => (w.status === WithdrawalStatus.applying ? 0 : 1)
    const expected = {
      createdAt_desc: [...all].sort((x, y) => pendingFirst(x) - pendingFirst(y) || +y.createdAt - +x.createdAt || y.id - x.id),
      createdAt_asc: [...all].sort((x, y) => pendingFirst(x) - pendingFirst(y) || +x.createdAt - +y.createdAt || x.id - y.id),
      amount_desc: [...all].sort((x, y) => y.amount - x.amount || y.id - x.id),
      amount_asc: [...all].sort((x, y) => x.amount - y.amount || x.id - y.id),
    }
    for (const [sort, want] of Object.entries(expected)) {
      const res = await finance.get(EXPORT, { sort })
      assert.equal(res.statusCode, 200, res.body)
      const sheet = await readXlsx(res.rawPayload)
      const got = sheet.slice(1).map((r) => Number(r[0]))
      assert.equal(got.length, all.length, sort)
      assert.deepEqual(got, ids(want), sort)
    }
  })
})
