import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { adminClient, insertLevels, insertPosition, partnerClient, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, ok, type TestApp } from '../../../../test/helper.ts'
import { ClueSource, ClueStatus } from '../../../wire.ts'
import { admins } from '../../platform/admins/admins.table.ts'
import { shareCodeOfAdmin } from '../../platform/index.ts'
import { messages } from '../../platform/messages/messages.table.ts'
import { clues } from '../clues/clues.table.ts'
import { ledgerEntries } from '../ledger/ledger.table.ts'

const POSTER = '/api/ems/partner/partner/sharePosterForEnroll'
const MINI_CODE = '/api/ems/partner/partner/miniProgramCodeForEnroll'
const SAVE = '/api/ems/partner/clue/saveForActivity'

describe("the 招生老师's own share poster", () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('the teacher gets a share code of their own, made once; a prospect through it becomes their clue, without a partner', async () => {
    const teacher = await adminClient(t.app, '招生老师')
    const poster = ok(await teacher.client.get(POSTER))
    assert.match(poster.code, /^[A-Z2-9]{8}$/)
    assert.equal(poster.name, teacher.admin.name)
    assert.equal(poster.link, `https://partner.example.com/pages/activity/main?ref=${poster.code}`)
    assert.equal(ok(await teacher.client.get(POSTER)).code, poster.code, 'the same code every time')
    const code = ok(await teacher.client.get(MINI_CODE))
    assert.equal(code.scene, `r=${poster.code}`)
    assert.equal(code.page, 'pages/jump/index')

    const phone = uniquePhone()
    const saved = await createClient(t.app).post(SAVE, { name: '孙八', phone, ref: poster.code.toLowerCase() })
    assert.equal(saved.statusCode, 200, saved.body)
    const [row] = await t.app.db.select().from(clues).where(eq(clues.phone, phone))
    assert.equal(row!.partnerId, null)
    assert.equal(row!.assigneeId, teacher.admin.id)
    assert.ok(row!.assignedAt)
    assert.equal(row!.source, ClueSource.staff)

    // The teacher's list and detail show it; the console shows no partner.
    const mine = ok(await teacher.client.get('/api/ems/partner/clue/listForAdmin', { mine: 1 }))
    const listed = mine.list.find((c: { id: number }) => c.id === row!.id)
    assert.equal(listed.partnerId, null)
    assert.equal(listed.partnerCode, null)
    assert.equal(listed.partnerPhone, null)
    assert.equal(ok(await teacher.client.get('/api/ems/partner/clue/detailsForAdmin', { id: row!.id })).source, '招生老师推广')

    // The same phone again within 90 days: refused as for any activity form.
    const again = await createClient(t.app).post(SAVE, { name: '孙八', phone, ref: poster.code })
    assert.equal(again.statusCode, 409)

    // A deal earns no commission and tells no partner; cancelling it reverses nothing.
    await insertLevels(t.app, [{ name: '青铜', minDeals: 1, commissionPerDeal: 5000 }])
    const deal = ok(await teacher.client.put('/api/ems/partner/clue/deal', { id: row!.id, programme: '会计学(本科)', amount: 680000 }))
    assert.equal(deal.status, ClueStatus.deal)
    assert.equal(deal.commission, 0)
    assert.equal((await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, row!.id))).length, 0)
    assert.equal((await t.app.db.select().from(messages).where(eq(messages.targetId, row!.id))).length, 0)
    const cancelled = ok(await teacher.client.put('/api/ems/partner/clue/cancelDeal', { id: row!.id, reason: '学员退学' }))
    assert.equal(cancelled.status, ClueStatus.cancelled)
  })

  test("a partner's code still wins, a disabled teacher's link takes nothing, and only 招生工作 may have a poster", async () => {
    const { partner } = await partnerClient(t.app)
    const viaPartner = await createClient(t.app).post(SAVE, { name: '周九', phone: uniquePhone(), ref: partner.code })
    assert.equal(viaPartner.statusCode, 200, viaPartner.body)

    const gone = await adminClient(t.app, '招生老师')
    const goneCode = ok(await gone.client.get(POSTER)).code
    await t.app.db.update(admins).set({ enabled: false }).where(eq(admins.id, gone.admin.id))
    const refused = await createClient(t.app).post(SAVE, { name: '吴十', phone: uniquePhone(), ref: goneCode })
    assert.equal(refused.statusCode, 422)
    assert.equal(refused.json().message, '推广链接无效，请联系推荐人重新获取')

    const finance = await adminClient(t.app, '财务')
    assert.equal((await finance.client.get(POSTER)).statusCode, 403)
    assert.equal((await createClient(t.app).get(POSTER)).statusCode, 401)
    const { client: partnerSession } = await partnerClient(t.app)
    assert.equal((await partnerSession.get(POSTER)).statusCode, 401)
  })

  test('two first uses at once agree on one code', async () => {
    const position = await insertPosition(t.app, ['clues.view', 'clues.work'])
    const teacher = await adminClient(t.app, '招生老师', { positionId: position.id })
    const codes = await Promise.all(Array.from({ length: 4 }, () => shareCodeOfAdmin({ db: t.app.db, adminId: teacher.admin.id })))
    assert.equal(new Set(codes).size, 1)
  })
})
