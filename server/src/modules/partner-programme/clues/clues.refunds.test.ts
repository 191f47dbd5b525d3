import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, desc, eq } from 'drizzle-orm'
import { adminAndTeacher, adminClient, credit, insertLevels, insertPartner, partnerClient, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, openRaceApp, type TestApp } from '../../../../test/helper.ts'
import { cycleRange } from '../../../lib/time-range.ts'
import { ClueSource, ClueStatus, LedgerType, PartnerStatus } from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { createLedgerRepository } from '../ledger/ledger.repository.ts'
import { walletSummary } from '../ledger/ledger.service.ts'
import { ledgerEntries } from '../ledger/ledger.table.ts'
import { partners } from '../partners/partners.table.ts'
import { COOKIE_NAMES } from '../../platform/sessions/sessions.service.ts'
import { createCluesRepository } from './clues.repository.ts'
import { recordDeal } from './deals.service.ts'
import { clues } from './clues.table.ts'

const CANCEL = '/api/ems/partner/clue/cancelDeal'
const BONUS = '/api/ems/partner/config/level/referralBonus'
const PROGRAMME = '会计学(本科)'

describe('refunds claw back: cancelling a deal reverses its commission and referral bonus', () => {
  let t: TestApp
  let admin: Client
  let teacher: { client: Client; id: number }
  before(async () => {
    t = await buildTestApp()
    // 青铜 from the first deal (¥100.00), 白银 from the third (¥200.00).
    await insertLevels(t.app, [
      { name: '青铜', minDeals: 0, commissionPerDeal: 10000 },
      { name: '白银', minDeals: 3, commissionPerDeal: 20000 },
    ])
    ;({ admin, teacher } = await adminAndTeacher(t.app))
  })
  after(async () => t.close())

  const newClue = async (partnerId: number, overrides: Partial<typeof clues.$inferInsert> = {}) => {
    const [row] = await t.app.db
      .insert(clues)
      .values({ partnerId, name: '学员', phone: uniquePhone(), source: ClueSource.partner, status: ClueStatus.following, ...overrides })
      .returning()
    return row!
  }
  /** A deal through the service: freezeDays 0 makes its commission withdrawable at once. */
  const deal = async (partnerId: number, { freezeDays = 7, assigneeId }: { freezeDays?: number; assigneeId?: number } = {}) => {
    const clue = await newClue(partnerId, { assigneeId: assigneeId ?? null })
    return recordDeal({ db: t.app.db, id: clue.id, programme: PROGRAMME, amount: 880000, freezeDays })
  }
  const entries = async (partnerId: number) =>
    (await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.partnerId, partnerId)).orderBy(ledgerEntries.id)).map((e) => ({
      type: e.type,
      amount: e.amount,
      frozen: !!e.frozenUntil && e.frozenUntil > new Date(),
      debtAfter: e.debtAfter,
    }))
  /** The invariants: the ledger sums to the balance, nothing negative, the wallet's debt is the last entry's. */
  async function consistent(partnerId: number) {
    const repo = createLedgerRepository({ db: t.app.db })
    const [{ balance, debt }, sum] = await Promise.all([repo.wallet({ partnerId }), repo.sumEntries({ partnerId })])
    assert.equal(sum, balance, 'the ledger sums to the balance')
    assert.ok(balance >= 0, 'the balance is never negative')
    assert.ok(debt >= 0, 'the debt is never negative')
    const [last] = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.partnerId, partnerId))
      .orderBy(desc(ledgerEntries.id))
      .limit(1)
    assert.equal(last?.debtAfter ?? 0, debt, "the wallet's debt is the last entry's debt_after")
    return walletSummary({ db: t.app.db, partnerId })
  }

  test('a deal whose commission is still frozen is clawed back from the frozen part; the withdrawable money is untouched', async () => {
    const partner = await insertPartner(t.app)
    await credit(t.app, partner.id, 5000)
    const clue = await deal(partner.id)
    assert.deepEqual(await consistent(partner.id), { balance: 15000, frozen: 10000, withdrawable: 5000, debt: 0 })

    const res = await admin.put(CANCEL, { id: clue.id, reason: '学员退学，学费已退' })
    assert.equal(res.statusCode, 200, res.body)
    const detail = res.json().data
    assert.equal(detail.status, ClueStatus.cancelled)
    assert.equal(detail.cancelReason, '学员退学，学费已退')
    assert.ok(detail.cancelledAt)
    assert.equal(detail.commission, 10000, 'the clue still says what the deal had earned')
    assert.ok(detail.timeline.some((e: { title: string; detail: string }) => e.title === '退费撤销成交' && /学员退学/.test(e.detail)))

    assert.deepEqual(await consistent(partner.id), { balance: 5000, frozen: 0, withdrawable: 5000, debt: 0 })
    assert.deepEqual((await entries(partner.id)).slice(-1), [{ type: LedgerType.clawback, amount: -10000, frozen: true, debtAfter: 0 }])
    const [audit] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'clue.cancel'), eq(auditLogs.entityId, String(clue.id))))
    assert.ok(audit, 'the cancel is audit-logged')
    assert.match(audit.summary, /撤回佣金¥100\.00/)
    assert.deepEqual(audit.before, { status: ClueStatus.deal, commission: 10000 })

    // The partner sees 已退费 with the reason on their own list.
    const partnerView = await createCluesRepository({ db: t.app.db }).listForPartner({ partnerId: partner.id, page: 1, size: 10 })
    assert.equal(partnerView.rows[0]!.status, ClueStatus.cancelled)
    assert.equal(partnerView.rows[0]!.cancelReason, '学员退学，学费已退')
  })

  test('a commission already withdrawable is clawed back from the balance', async () => {
    const partner = await insertPartner(t.app)
    await credit(t.app, partner.id, 3000)
    const clue = await deal(partner.id, { freezeDays: 0 })
    assert.deepEqual(await consistent(partner.id), { balance: 13000, frozen: 0, withdrawable: 13000, debt: 0 })
    const res = await admin.put(CANCEL, { id: clue.id, reason: '退费' })
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(await consistent(partner.id), { balance: 3000, frozen: 0, withdrawable: 3000, debt: 0 })
    assert.deepEqual((await entries(partner.id)).slice(-1), [{ type: LedgerType.clawback, amount: -10000, frozen: false, debtAfter: 0 }])
  })

  test('a short balance: the claw-back takes what is left, the rest becomes debt, and the next commissions pay it first', async () => {
    const { client, partner } = await partnerClient(t.app)
    const clue = await deal(partner.id, { freezeDays: 0 })
    const w = await client.post('/api/ems/partner/withdrawalRecord/apply', { amount: 8000, idempotencyKey: 'refund-short-0001' })
    assert.equal(w.statusCode, 200, w.body)
    assert.equal((await consistent(partner.id)).balance, 2000)

    assert.equal((await admin.put(CANCEL, { id: clue.id, reason: '退费' })).statusCode, 200)
    assert.deepEqual(await consistent(partner.id), { balance: 0, frozen: 0, withdrawable: 0, debt: 8000 })
    assert.deepEqual((await entries(partner.id)).slice(-1), [{ type: LedgerType.clawback, amount: -2000, frozen: false, debtAfter: 8000 }])
    // The console's partner detail shows the debt.
    const shown = (await admin.get('/api/ems/partner/partner/details', { id: partner.id })).json().data
    assert.deepEqual(shown.wallet, { balance: 0, frozen: 0, withdrawable: 0, debt: 8000 })
    // The adjustment preview carries it too.
    const finance = (await adminClient(t.app, '财务')).client
    const preview = await finance.get('/api/ems/partner/withdrawalRecord/adjustPreview', { partnerId: partner.id, amount: 100 })
    assert.equal(preview.json().data.debt, 8000, preview.body)

    // The next deal (the cycle's first again: ¥100.00, frozen) pays ¥80.00 of debt first, from its frozen part.
    await deal(partner.id)
    assert.deepEqual(await consistent(partner.id), { balance: 2000, frozen: 2000, withdrawable: 0, debt: 0 })
    assert.deepEqual((await entries(partner.id)).slice(-2), [
      { type: LedgerType.commission, amount: 10000, frozen: true, debtAfter: 8000 },
      { type: LedgerType.debtRepayment, amount: -8000, frozen: true, debtAfter: 0 },
    ])
    // With the debt paid, the next commission is credited whole.
    await deal(partner.id)
    assert.deepEqual(await consistent(partner.id), { balance: 12000, frozen: 12000, withdrawable: 0, debt: 0 })
    assert.equal((await entries(partner.id)).filter((e) => e.type === LedgerType.debtRepayment).length, 1)
  })

  test('a debt larger than the next commission is paid over several commissions', async () => {
    const partner = await insertPartner(t.app)
    // Three deals withdrawable at once: ¥100 + ¥100 + ¥200 (白银 from the third).
    await deal(partner.id, { freezeDays: 0 })
    await deal(partner.id, { freezeDays: 0 })
    const third = await deal(partner.id, { freezeDays: 0 })
    assert.equal(third.commission, 20000)
    // The partner withdrew everything but ¥50.
    await t.app.db.transaction(async (tx) => {
      const ledger = createLedgerRepository({ db: tx })
      await ledger.lockWallet({ partnerId: partner.id })
      await ledger.post({ partnerId: partner.id, type: LedgerType.adjustment, amount: -35000, note: 'paid out' })
    })
    assert.equal((await admin.put(CANCEL, { id: third.id, reason: '退费' })).statusCode, 200)
    assert.deepEqual(await consistent(partner.id), { balance: 0, frozen: 0, withdrawable: 0, debt: 15000 })
    // The next deal is the cycle's third again (白银, ¥200.00): it pays ¥150 of debt and keeps ¥50.
    const next = await deal(partner.id)
    assert.equal(next.commission, 20000)
    assert.deepEqual(await consistent(partner.id), { balance: 5000, frozen: 5000, withdrawable: 0, debt: 0 })
  })

  test('a cancelled deal stops counting for its tier; the other deals keep their price', async () => {
    const partner = await insertPartner(t.app)
    const first = await deal(partner.id)
    const second = await deal(partner.id)
    const third = await deal(partner.id)
    assert.deepEqual(
      [first, second, third].map((c) => [c.levelName, c.commission]),
      [
        ['青铜', 10000],
        ['青铜', 10000],
        ['白银', 20000],
      ],
    )
    const count = () => createCluesRepository({ db: t.app.db }).countDeals({ partnerId: partner.id, range: cycleRange(new Date()) })
    assert.equal(await count(), 3)
    assert.equal((await teacher.client.put(CANCEL, { id: second.id, reason: '退费' })).statusCode, 403, 'not assigned to this teacher')
    assert.equal((await admin.put(CANCEL, { id: second.id, reason: '退费' })).statusCode, 200)
    assert.equal(await count(), 2)
    // The earlier deals keep their price: nothing of theirs changed.
    const rows = await t.app.db.select().from(clues).where(eq(clues.partnerId, partner.id)).orderBy(clues.id)
    assert.deepEqual(
      rows.map((r) => [r.status, r.levelName, r.commission]),
      [
        [ClueStatus.deal, '青铜', 10000],
        [ClueStatus.cancelled, '青铜', 10000],
        [ClueStatus.deal, '白银', 20000],
      ],
    )
    assert.equal((await entries(partner.id)).filter((e) => e.type === LedgerType.clawback).length, 1)
    // The next deal is the cycle's third: 白银 again.
    const fourth = await deal(partner.id)
    assert.deepEqual([fourth.levelName, fourth.commission], ['白银', 20000])
    assert.equal(await count(), 3)
    assert.deepEqual(await consistent(partner.id), { balance: 50000, frozen: 50000, withdrawable: 0, debt: 0 }) // 100 + 100 + 200 - 100 + 200
  })

  test('who may cancel: 管理员 and the assigned 招生老师; a reason is required; only a deal can be cancelled, once', async () => {
    const partner = await insertPartner(t.app)
    const mine = await deal(partner.id, { assigneeId: teacher.id })
    const finance = (await adminClient(t.app, '财务')).client
    assert.equal((await finance.put(CANCEL, { id: mine.id, reason: '退费' })).statusCode, 403)
    const other = (await adminClient(t.app, '招生老师')).client
    const hidden = await other.put(CANCEL, { id: mine.id, reason: '退费' })
    assert.equal(hidden.statusCode, 404, "another teacher's clue does not exist for them")
    const noReason = await teacher.client.put(CANCEL, { id: mine.id, reason: '  ' })
    assert.equal(noReason.statusCode, 400)
    assert.equal(noReason.json().message, '请填写退费原因')
    const long = await teacher.client.put(CANCEL, { id: mine.id, reason: '长'.repeat(201) })
    assert.equal(long.json().message, '退费原因不能超过200个字符')

    const pool = await deal(partner.id)
    const refused = await teacher.client.put(CANCEL, { id: pool.id, reason: '退费' })
    assert.equal(refused.statusCode, 403)
    assert.equal(refused.json().message, '只有负责该线索的招生老师或管理员可以退费撤销成交')

    const ok = await teacher.client.put(CANCEL, { id: mine.id, reason: '家长要求退费' })
    assert.equal(ok.statusCode, 200, ok.body)
    const again = await admin.put(CANCEL, { id: mine.id, reason: '退费' })
    assert.equal(again.statusCode, 409)
    assert.equal(again.json().message, '该成交已撤销（已退费）')
    // A cancelled clue is closed: no new deal, no follow-up.
    const redeal = await admin.put('/api/ems/partner/clue/deal', { id: mine.id, programme: PROGRAMME, amount: 100 })
    assert.equal(redeal.statusCode, 409)
    assert.equal(redeal.json().message, '该线索已退费')
    const open = await newClue(partner.id)
    const notDeal = await admin.put(CANCEL, { id: open.id, reason: '退费' })
    assert.equal(notDeal.statusCode, 409)
    assert.equal(notDeal.json().message, '只有已成交的线索可以退费撤销')
    assert.equal((await admin.put(CANCEL, { id: 99999999, reason: '退费' })).statusCode, 404)
    await consistent(partner.id)
  })

  test('the referral bonus: off by default, set by 管理员 with validation, credited to the direct referrer with the deal and reversed with it', async () => {
    assert.deepEqual((await admin.get(BONUS)).json().data, { mode: '关闭', amount: 0, percent: 0 })
    const grand = await insertPartner(t.app, { realName: '祖推荐' })
    const referrer = await insertPartner(t.app, { realName: '李推荐', referrerId: grand.id })
    const referred = await insertPartner(t.app, { realName: '陈小明', referrerId: referrer.id })
    await deal(referred.id)
    assert.deepEqual(await entries(referrer.id), [], 'off: no bonus')

    for (const [body, message] of [
      [{ mode: '固定金额' }, '请填写每单奖励金额'],
      [{ mode: '固定金额', amount: 0 }, '每单奖励金额不能小于1分'],
      [{ mode: '佣金比例' }, '请填写奖励比例'],
      [{ mode: '佣金比例', percent: 101 }, '奖励比例不能大于100%'],
      [{ mode: '佣金比例', percent: 2.5 }, '奖励比例必须为整数（%）'],
      [{ mode: '全部' }, '请选择推荐奖励方式'],
    ] as const) {
      const res = await admin.put(BONUS, body)
      assert.equal(res.statusCode, 400, res.body)
      assert.equal(res.json().message, message)
    }
    assert.equal((await teacher.client.put(BONUS, { mode: '固定金额', amount: 500 })).statusCode, 403)

    const set = await admin.put(BONUS, { mode: '佣金比例', percent: 15, amount: 999 })
    assert.equal(set.statusCode, 200, set.body)
    assert.deepEqual(set.json().data, { mode: '佣金比例', amount: 0, percent: 15 })
    const [audit] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'referralBonus.update'))
    assert.equal(audit?.summary, '修改推荐奖励：每单佣金的15%')

    const bonusDeal = await deal(referred.id) // the referred partner's second deal: ¥100.00 -> 15% = ¥15.00
    assert.deepEqual(await entries(referrer.id), [{ type: LedgerType.referralBonus, amount: 1500, frozen: true, debtAfter: 0 }])
    const [bonusEntry] = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.partnerId, referrer.id))
    assert.equal(bonusEntry!.note, '推荐的合伙人陈**成交一单，推荐奖励')
    assert.deepEqual(await entries(grand.id), [], 'one level only')
    // The referrer's own deals earn nothing extra for themselves.
    await deal(referrer.id)
    assert.equal((await entries(referrer.id)).filter((e) => e.type === LedgerType.referralBonus).length, 1)
    assert.equal((await entries(grand.id)).length, 1, "the referrer's deal pays the grand-referrer, who referred them directly")

    // Cancelling the deal reverses the bonus the same way (still frozen: from the frozen part).
    const res = await admin.put(CANCEL, { id: bonusDeal.id, reason: '退费' })
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual((await entries(referrer.id)).slice(-1), [{ type: LedgerType.clawback, amount: -1500, frozen: true, debtAfter: 0 }])
    assert.deepEqual(await consistent(referrer.id), { balance: 10000, frozen: 10000, withdrawable: 0, debt: 0 })
    await consistent(referred.id)

    // A fixed bonus: the same amount per deal.
    assert.equal((await admin.put(BONUS, { mode: '固定金额', amount: 800 })).statusCode, 200)
    await deal(referred.id)
    assert.deepEqual((await entries(referrer.id)).slice(-1), [{ type: LedgerType.referralBonus, amount: 800, frozen: true, debtAfter: 0 }])
    // A disabled referrer earns nothing.
    await t.app.db.update(partners).set({ status: PartnerStatus.disabled }).where(eq(partners.id, referrer.id))
    const before = (await entries(referrer.id)).length
    await deal(referred.id)
    assert.equal((await entries(referrer.id)).length, before)
    assert.equal((await admin.put(BONUS, { mode: '关闭' })).statusCode, 200)
    assert.deepEqual((await admin.get(BONUS)).json().data, { mode: '关闭', amount: 0, percent: 0 })
  })

  test('a referrer with debt has it paid first by the bonus', async () => {
    const referrer = await insertPartner(t.app)
    const referred = await insertPartner(t.app, { referrerId: referrer.id })
    const own = await deal(referrer.id, { freezeDays: 0 })
    await t.app.db.transaction(async (tx) => {
      const ledger = createLedgerRepository({ db: tx })
      await ledger.lockWallet({ partnerId: referrer.id })
      await ledger.post({ partnerId: referrer.id, type: LedgerType.adjustment, amount: -10000, note: 'paid out' })
    })
    await admin.put(CANCEL, { id: own.id, reason: '退费' })
    assert.equal((await consistent(referrer.id)).debt, 10000)
    assert.equal((await admin.put(BONUS, { mode: '固定金额', amount: 3000 })).statusCode, 200)
    await deal(referred.id)
    assert.deepEqual(await consistent(referrer.id), { balance: 0, frozen: 0, withdrawable: 0, debt: 7000 })
    assert.deepEqual((await entries(referrer.id)).slice(-2), [
      { type: LedgerType.referralBonus, amount: 3000, frozen: true, debtAfter: 10000 },
      { type: LedgerType.debtRepayment, amount: -3000, frozen: true, debtAfter: 7000 },
    ])
    await admin.put(BONUS, { mode: '关闭' })
  })

  describe('under concurrency', () => {
    let race: Awaited<ReturnType<typeof openRaceApp>>
    before(async () => {
      // On PostgreSQL, a second app over a pool of 10 makes the race real; PGlite runs one transaction at a time.
      race = await openRaceApp(t)
    })
    after(async () => race.close())
    const adminCookie = async () => {
      const { admin: op } = await adminClient(t.app, '管理员')
      const { token } = await t.app.sessions.create({ db: t.app.db, kind: 'admin', adminId: op.id })
      return `${COOKIE_NAMES.admin}=${token}`
    }
    const inject = (method: 'PUT' | 'POST', url: string, cookie: string, payload: string) =>
      race.app.inject({ method, url, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload })

    test('the same deal cancelled five times at once is reversed once', async () => {
      const referrer = await insertPartner(t.app)
      const partner = await insertPartner(t.app, { referrerId: referrer.id })
      assert.equal((await admin.put(BONUS, { mode: '固定金额', amount: 1000 })).statusCode, 200)
      const clue = await deal(partner.id, { freezeDays: 0 })
      await admin.put(BONUS, { mode: '关闭' })
      const cookie = await adminCookie()
      const results = await Promise.all(Array.from({ length: 5 }, () => inject('PUT', CANCEL, cookie, `id=${clue.id}&reason=race`)))
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409, 409, 409, 409], results.map((r) => r.body).join('\n'))
      assert.equal((await entries(partner.id)).filter((e) => e.type === LedgerType.clawback).length, 1)
      assert.equal((await entries(referrer.id)).filter((e) => e.type === LedgerType.clawback).length, 1)
      assert.deepEqual(await consistent(partner.id), { balance: 0, frozen: 0, withdrawable: 0, debt: 0 })
      assert.deepEqual(await consistent(referrer.id), { balance: 0, frozen: 0, withdrawable: 0, debt: 0 })
    })

    test('a cancel racing a withdrawal of the same money: either the withdrawal wins and the rest is debt, or it is refused', async () => {
      for (let round = 0; round < 4; round++) {
        const { partner } = await partnerClient(t.app)
        const clue = await deal(partner.id, { freezeDays: 0 })
        const { token } = await t.app.sessions.create({ db: t.app.db, kind: 'user', partnerId: partner.id })
        const cookie = await adminCookie()
        const [cancel, withdrawal] = await Promise.all([
          inject('PUT', CANCEL, cookie, `id=${clue.id}&reason=race`),
          inject(
            'POST',
            '/api/ems/partner/withdrawalRecord/apply',
            `${COOKIE_NAMES.user}=${token}`,
            `amount=10000&idempotencyKey=race-cancel-${round}`,
          ),
        ])
        assert.equal(cancel.statusCode, 200, cancel.body)
        const wallet = await consistent(partner.id)
        if (withdrawal.statusCode === 200) assert.deepEqual(wallet, { balance: 0, frozen: 0, withdrawable: 0, debt: 10000 })
        else {
          assert.equal(withdrawal.statusCode, 422, withdrawal.body)
          assert.deepEqual(wallet, { balance: 0, frozen: 0, withdrawable: 0, debt: 0 })
        }
      }
    })

    test('deals and cancels of one partner at once keep the ledger summing to the balance', async () => {
      const partner = await insertPartner(t.app)
      const done = await Promise.all(Array.from({ length: 4 }, () => deal(partner.id, { freezeDays: 0 })))
      const cookie = await adminCookie()
      const open = await Promise.all(Array.from({ length: 4 }, () => newClue(partner.id)))
      const results = await Promise.all([
        ...done.map((c) => inject('PUT', CANCEL, cookie, `id=${c.id}&reason=race`)),
        ...open.map((c) =>
          inject('PUT', '/api/ems/partner/clue/deal', cookie, `id=${c.id}&programme=${encodeURIComponent(PROGRAMME)}&amount=100`),
        ),
      ])
      assert.ok(
        results.every((r) => r.statusCode === 200),
        results.map((r) => r.body).join('\n'),
      )
      const counted = await createCluesRepository({ db: t.app.db }).countDeals({ partnerId: partner.id, range: cycleRange(new Date()) })
      assert.equal(counted, 4)
      await consistent(partner.id)
    })
  })
})
