import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { AdminRole, ClueSource, ClueStatus, FollowUpMethod } from '../../../wire.ts'
import { adminClient, insertPartner } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, type TestApp } from '../../../../test/helper.ts'
import { readXlsx } from '../../../../test/xlsx.ts'
import { clueFollowUps } from '../../partner-programme/clues/clue-follow-ups.table.ts'
import { clues } from '../../partner-programme/clues/clues.table.ts'

const BASE = '/api/bms/statistics/enrollTarget'
const MONTH = '2026-03'
const HOUR = 3600_000
/** The Beijing month of an instant, computed here without the server's helpers. */
const beijingMonth = (d: Date | null) => (d ? new Date(d.getTime() + 8 * HOUR).toISOString().slice(0, 7) : null)
/** 2026-03-01 00:00 and 2026-04-01 00:00 in Beijing. */
const MARCH = new Date('2026-02-28T16:00:00Z')
const APRIL = new Date('2026-03-31T16:00:00Z')

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface SeedClue {
  assigneeId: number | null
  createdAt: Date
  assignedAt: Date | null
  status: string
  dealAt: Date | null
}
interface SeedFollowUp {
  clue: number
  adminId: number
  at: Date
}

const median = (xs: number[]) => {
  if (xs.length === 0) return null
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return Math.round(s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2)
}
const pct = (part: number, whole: number | null) => (whole === null || whole <= 0 ? null : Math.round((part * 1000) / whole) / 10)

interface Figures {
  assigned: number
  followed: number
  deals: number
  followTarget: number | null
  dealTarget: number | null
  followProgress: number | null
  dealProgress: number | null
  conversionRate: number | null
  medianFirstFollowUpSeconds: number | null
  firstFollowUpClues: number
  rank: number
}
interface Stats {
  all: boolean
  from: string
  to: string
  teachers: Array<Figures & { adminId: number; departmentId: number | null }>
  departments: Array<Figures & { departmentId: number; members: number }>
}

function withRanks<T extends Omit<Figures, 'rank'>>(rows: T[], key: (r: T) => number) {
  const conv = (r: T) => r.conversionRate ?? -1
  const sorted = [...rows].sort((a, b) => b.deals - a.deals || conv(b) - conv(a) || key(a) - key(b))
  return sorted.map((r) => ({
    ...r,
    rank: 1 + sorted.filter((o) => o.deals > r.deals || (o.deals === r.deals && conv(o) > conv(r))).length,
  }))
}

describe('招生目标: the month figures per teacher and department match the clue records', () => {
  let t: TestApp
  let office: Client
  let officeId: number
  const teacher: Array<{ client: Client; id: number }> = []
  const dept: number[] = []
  const seeded: SeedClue[] = []
  const followUps: SeedFollowUp[] = []
  const targets = { teacher: new Map<number, [number, number]>(), dept: new Map<number, [number, number]>() }

  before(async () => {
    t = await buildTestApp()
    const a = await adminClient(t.app)
    office = a.client
    officeId = a.admin.id
    for (let i = 0; i < 4; i++) {
      const x = await adminClient(t.app, AdminRole.enrollTeacher)
      teacher.push({ client: x.client, id: x.admin.id })
    }
    for (const name of ['一部', '二部']) {
      const res = await office.post('/api/bms/system/dept', { name })
      assert.equal(res.statusCode, 200, res.body)
      dept.push(res.json().data.id)
    }
    // 一部: teachers 0 and 2; 二部: teacher 1; teacher 3 in no department.
    for (const [i, d] of [
      [0, dept[0]],
      [1, dept[1]],
      [2, dept[0]],
    ] as const) {
      const res = await office.put('/api/bms/system/dept/member', { adminId: teacher[i]!.id, departmentId: d })
      assert.equal(res.statusCode, 200, res.body)
    }

    const partner = await insertPartner(t.app)
    const rnd = random(26)
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!
    const ids = teacher.map((x) => x.id)
    const span = new Date('2026-04-06T00:00:00Z').getTime() - new Date('2026-02-24T00:00:00Z').getTime()
    for (let i = 0; i < 80; i++) {
      const createdAt = new Date(new Date('2026-02-24T00:00:00Z').getTime() + Math.floor(rnd() * span))
      const assigneeId = pick([...ids.slice(0, 3), ...ids.slice(0, 3), null])
      const assignedAt = assigneeId === null ? null : new Date(createdAt.getTime() + Math.floor(rnd() * 48 * HOUR))
      const status = pick([
        ClueStatus.new,
        ClueStatus.following,
        ClueStatus.deal,
        ClueStatus.deal,
        ClueStatus.cancelled,
        ClueStatus.invalid,
      ])
      const dealt = status === ClueStatus.deal || status === ClueStatus.cancelled
      const dealAt = dealt ? new Date((assignedAt ?? createdAt).getTime() + Math.floor(rnd() * 10 * 24 * HOUR)) : null
      seeded.push({ assigneeId, createdAt, assignedAt, status, dealAt })
      const n = Math.floor(rnd() * 4)
      for (let k = 0; k < n; k++) {
        // Mostly the assignee, some by another teacher or the office; some before the assignment.
        const by = assigneeId !== null && rnd() < 0.7 ? assigneeId : pick([...ids, officeId])
        followUps.push({ clue: i, adminId: by, at: new Date(createdAt.getTime() + Math.floor(rnd() * 72 * HOUR)) })
      }
    }
    // On the boundaries, to the millisecond (Beijing midnight): in March and just outside it.
    const [t0, t1] = [ids[0]!, ids[1]!]
    const edge = (assigneeId: number, assignedAt: Date, dealAt: Date | null) =>
      seeded.push({
        assigneeId,
        createdAt: new Date(assignedAt.getTime() - HOUR),
        assignedAt,
        status: dealAt ? ClueStatus.deal : ClueStatus.following,
        dealAt,
      })
    edge(t0, new Date(MARCH.getTime() - 1), new Date(MARCH.getTime() - 1)) // all February
    edge(t0, MARCH, MARCH) // all March
    edge(t1, new Date(APRIL.getTime() - 1), new Date(APRIL.getTime() - 1)) // March
    edge(t1, new Date(APRIL.getTime() - 2), APRIL) // assigned in March, the deal in April
    followUps.push({ clue: seeded.length - 4, adminId: t0, at: MARCH }) // followed the first instant of March
    followUps.push({ clue: seeded.length - 3, adminId: t0, at: new Date(MARCH.getTime() + 90_000) })
    followUps.push({ clue: seeded.length - 2, adminId: t1, at: APRIL }) // April: not followed in March, but it times the first follow-up

    const inserted = await t.app.db
      .insert(clues)
      .values(
        seeded.map((c, i) => ({
          partnerId: partner.id,
          name: `线索${i}`,
          phone: `171${String(i).padStart(8, '0')}`,
          source: ClueSource.partner,
          status: c.status,
          assigneeId: c.assigneeId,
          assignedAt: c.assignedAt,
          dealAt: c.dealAt,
          cancelledAt: c.status === ClueStatus.cancelled ? new Date(c.dealAt!.getTime() + HOUR) : null,
          createdAt: c.createdAt,
        })),
      )
      .returning({ id: clues.id })
    await t.app.db.insert(clueFollowUps).values(
      followUps.map((f) => ({
        clueId: inserted[f.clue]!.id,
        adminId: f.adminId,
        adminName: '老师',
        method: FollowUpMethod.phone,
        note: '电话沟通',
        createdAt: f.at,
      })),
    )

    const set = async (body: Record<string, unknown>) => {
      const res = await office.put(BASE, { month: MONTH, ...body })
      assert.equal(res.statusCode, 200, res.body)
    }
    await set({ adminId: t0, followTarget: 12, dealTarget: 5 })
    await set({ adminId: t0, followTarget: 10, dealTarget: 4 }) // replaces the first
    await set({ adminId: t1, followTarget: 8, dealTarget: 0 })
    await set({ departmentId: dept[0], followTarget: 20, dealTarget: 7 })
    await set({ adminId: t1, month: '2026-04', followTarget: 99, dealTarget: 99 }) // another month
    targets.teacher.set(t0, [10, 4]).set(t1, [8, 0])
    targets.dept.set(dept[0]!, [20, 7])
  })
  after(() => t.close())

  /** Every figure of one operator (or a set of them, pooled), from the seeded rows alone. */
  function expected(members: number[], target: [number, number] | undefined): Omit<Figures, 'rank'> {
    const inMarch = (d: Date | null) => beijingMonth(d) === MONTH
    const mine = seeded.map((c, i) => ({ ...c, i })).filter((c) => c.assigneeId !== null && members.includes(c.assigneeId))
    const assigned = mine.filter((c) => inMarch(c.assignedAt))
    const followed = members
      .map((m) => new Set(followUps.filter((f) => f.adminId === m && inMarch(f.at)).map((f) => f.clue)).size)
      .reduce((a, b) => a + b, 0)
    const deals = mine.filter((c) => c.status === ClueStatus.deal && inMarch(c.dealAt)).length
    const waits = assigned.flatMap((c) => {
      const times = followUps
        .filter((f) => f.clue === c.i && f.adminId === c.assigneeId && f.at >= c.assignedAt!)
        .map((f) => f.at.getTime())
      return times.length ? [(Math.min(...times) - c.assignedAt!.getTime()) / 1000] : []
    })
    const [followTarget, dealTarget] = target ?? [null, null]
    return {
      assigned: assigned.length,
      followed,
      deals,
      followTarget,
      dealTarget,
      followProgress: pct(followed, followTarget),
      dealProgress: pct(deals, dealTarget),
      conversionRate: pct(deals, assigned.length),
      medianFirstFollowUpSeconds: median(waits),
      firstFollowUpClues: waits.length,
    }
  }

  const stats = async (client: Client, month = MONTH) => {
    const res = await client.get(`${BASE}/statistics`, { month })
    assert.equal(res.statusCode, 200, res.body)
    return res.json().data as Stats
  }

  test('the office sees every teacher and department, each figure recomputed from the rows, ranked by deals then conversion', async () => {
    const s = await stats(office)
    assert.equal(s.all, true)
    assert.equal(s.from, MARCH.toISOString())
    assert.equal(s.to, APRIL.toISOString())
    const teacherRows = withRanks(
      teacher.map((x) => ({ adminId: x.id, ...expected([x.id], targets.teacher.get(x.id)) })),
      (r) => r.adminId,
    )
    const pick = (r: Figures & { adminId: number }) => ({
      adminId: r.adminId,
      assigned: r.assigned,
      followed: r.followed,
      deals: r.deals,
      followTarget: r.followTarget,
      dealTarget: r.dealTarget,
      followProgress: r.followProgress,
      dealProgress: r.dealProgress,
      conversionRate: r.conversionRate,
      medianFirstFollowUpSeconds: r.medianFirstFollowUpSeconds,
      firstFollowUpClues: r.firstFollowUpClues,
      rank: r.rank,
    })
    const byId = (a: { adminId: number }, b: { adminId: number }) => a.adminId - b.adminId
    assert.deepEqual(s.teachers.map(pick).sort(byId), teacherRows.map(pick).sort(byId))
    // The office (管理员) wrote follow-ups but holds no clues: not a row.
    assert.ok(!s.teachers.some((r) => r.adminId === officeId))
    // The seed is rich enough to mean something.
    assert.ok(teacherRows.every((r, i) => i === 3 || (r.assigned > 3 && r.followed > 0 && r.medianFirstFollowUpSeconds !== null)))
    assert.ok(teacherRows.some((r) => r.deals > 0))

    const members = (d: number) => teacher.filter((_, i) => (d === dept[0] ? i === 0 || i === 2 : i === 1)).map((x) => x.id)
    const deptRows = withRanks(
      dept.map((d) => ({ departmentId: d, members: members(d).length, ...expected(members(d), targets.dept.get(d)) })),
      (r) => r.departmentId,
    )
    const keys = Object.keys(pick({ ...deptRows[0]!, adminId: 0 })).filter((k) => k !== 'adminId')
    const strip = (r: object) => Object.fromEntries(['departmentId', 'members', ...keys].map((k) => [k, (r as Record<string, unknown>)[k]]))
    const byDept = (a: Record<string, unknown>, b: Record<string, unknown>) => Number(a.departmentId) - Number(b.departmentId)
    assert.deepEqual(s.departments.map(strip).sort(byDept), deptRows.map(strip).sort(byDept))
    // A department's counts are its teachers' summed.
    const one = s.departments.find((d) => d.departmentId === dept[0])!
    const inOne = s.teachers.filter((r) => r.departmentId === dept[0])
    assert.equal(
      one.assigned,
      inOne.reduce((n, r) => n + r.assigned, 0),
    )
    assert.equal(
      one.deals,
      inOne.reduce((n, r) => n + r.deals, 0),
    )
  })

  test('a teacher sees their own row and their department only, with the office-wide rank', async () => {
    const all = await stats(office)
    const s = await stats(teacher[1]!.client)
    assert.equal(s.all, false)
    assert.deepEqual(
      s.teachers.map((r) => r.adminId),
      [teacher[1]!.id],
    )
    assert.deepEqual(
      s.teachers[0],
      all.teachers.find((r) => r.adminId === teacher[1]!.id),
    )
    assert.deepEqual(
      s.departments.map((d) => d.departmentId),
      [dept[1]],
    )
    const loner = await stats(teacher[3]!.client)
    assert.equal(loner.teachers.length, 1)
    assert.equal(loner.departments.length, 0)
    // The targets list is the office's.
    assert.equal((await teacher[1]!.client.get(`${BASE}/list`, { month: MONTH })).statusCode, 403)
    assert.equal(
      (await teacher[1]!.client.put(BASE, { month: MONTH, adminId: teacher[1]!.id, followTarget: 1, dealTarget: 1 })).statusCode,
      403,
    )
  })

  test("the targets list shows the month's targets, null where none is set", async () => {
    const res = await office.get(`${BASE}/list`, { month: MONTH })
    assert.equal(res.statusCode, 200, res.body)
    const list = res.json().data as {
      teachers: Array<{ adminId: number; followTarget: number | null; dealTarget: number | null }>
      departments: Array<{ departmentId: number; followTarget: number | null; dealTarget: number | null }>
    }
    const row = (id: number) => list.teachers.find((r) => r.adminId === id)
    assert.deepEqual([row(teacher[0]!.id)?.followTarget, row(teacher[0]!.id)?.dealTarget], [10, 4])
    assert.deepEqual([row(teacher[3]!.id)?.followTarget, row(teacher[3]!.id)?.dealTarget], [null, null])
    assert.deepEqual(
      list.departments.map((d) => [d.departmentId, d.followTarget, d.dealTarget]),
      [
        [dept[0], 20, 7],
        [dept[1], null, null],
      ],
    )
    const april = (await office.get(`${BASE}/list`, { month: '2026-04' })).json().data as typeof list
    assert.equal(april.teachers.find((r) => r.adminId === teacher[1]!.id)?.followTarget, 99)
  })

  test('every input is checked: a bad month, no owner or both, a negative or huge target, an unknown teacher', async () => {
    const bad = [
      ['2026-13', { adminId: teacher[0]!.id }],
      ['2026-3', { adminId: teacher[0]!.id }],
      [MONTH, {}],
      [MONTH, { adminId: teacher[0]!.id, departmentId: dept[0] }],
      [MONTH, { adminId: teacher[0]!.id, followTarget: -1 }],
      [MONTH, { adminId: teacher[0]!.id, dealTarget: 100_001 }],
      [MONTH, { adminId: teacher[0]!.id, dealTarget: '1.5' }],
      [MONTH, { adminId: 'x' }],
    ] as const
    for (const [month, body] of bad) {
      const res = await office.put(BASE, { month, followTarget: 1, dealTarget: 1, ...body })
      assert.equal(res.statusCode, 400, `${month} ${JSON.stringify(body)}: ${res.body}`)
      assert.equal(res.json().code, 100000001)
      assert.ok(res.json().message)
    }
    const unknown = await office.put(BASE, { month: MONTH, adminId: 999999, followTarget: 1, dealTarget: 1 })
    assert.equal(unknown.statusCode, 404, unknown.body)
    assert.equal((await office.get(`${BASE}/statistics`, { month: '2026/03' })).statusCode, 400)
    assert.equal((await office.get(`${BASE}/export`, { month: '1999-12' })).statusCode, 400)
  })

  test('setting a target is in the audit log', async () => {
    const res = await office.get('/api/bms/system/auditLog/list', { action: 'enrollTarget.set' })
    assert.equal(res.statusCode, 200, res.body)
    const list = res.json().data.list as Array<{ summary: string; before: unknown; after: unknown }>
    assert.ok(list.length >= 5)
    assert.ok(list.some((e) => e.summary.includes('2026-03招生目标：跟进10条，成交4单') && e.before !== null))
  })

  test('the export holds the rows the operator may see', async () => {
    const all = await stats(office)
    const res = await office.get(`${BASE}/export`, { month: MONTH })
    assert.equal(res.statusCode, 200)
    const rows = await readXlsx(res.rawPayload)
    assert.equal(rows[0]![0], '类型')
    assert.equal(rows.length, 1 + all.teachers.length + all.departments.length)
    const mine = await readXlsx((await teacher[0]!.client.get(`${BASE}/export`, { month: MONTH })).rawPayload)
    assert.deepEqual(
      mine.slice(1).map((r) => r[0]),
      ['老师', '部门'],
    )
    const me = all.teachers.find((r) => r.adminId === teacher[0]!.id)!
    assert.equal(mine[1]![4], String(me.assigned))
    assert.equal(mine[1]![8], String(me.deals))
  })

  test('assigning and following up through the calls sets the assignment time the figures read', async () => {
    const partner = await insertPartner(t.app)
    const [clue] = await t.app.db
      .insert(clues)
      .values({ partnerId: partner.id, name: '新线索', phone: '17299990000', source: ClueSource.partner, status: ClueStatus.new })
      .returning()
    const now = new Date()
    const month = beijingMonth(now)!
    const beforeStats = (await stats(office, month)).teachers.find((r) => r.adminId === teacher[3]!.id)!
    const assign = await office.put('/api/ems/partner/clue/assign', { id: clue!.id, assigneeId: teacher[3]!.id })
    assert.equal(assign.statusCode, 200, assign.body)
    const [row] = await t.app.db.select().from(clues).where(eq(clues.id, clue!.id))
    assert.ok(row!.assignedAt && Math.abs(row!.assignedAt.getTime() - now.getTime()) < 60_000)
    const follow = await teacher[3]!.client.post('/api/ems/partner/clue/followUp', {
      id: clue!.id,
      method: FollowUpMethod.wechat,
      note: '加了微信',
    })
    assert.equal(follow.statusCode, 200, follow.body)
    const afterStats = (await stats(teacher[3]!.client, month)).teachers[0]!
    assert.equal(afterStats.assigned, beforeStats.assigned + 1)
    assert.equal(afterStats.followed, beforeStats.followed + 1)
    assert.ok(afterStats.medianFirstFollowUpSeconds !== null && afterStats.medianFirstFollowUpSeconds < 60)
    // Back to the pool: no longer theirs, no assignment time.
    await office.put('/api/ems/partner/clue/assign', { id: clue!.id })
    const [pooled] = await t.app.db.select().from(clues).where(eq(clues.id, clue!.id))
    assert.equal(pooled!.assignedAt, null)
  })
})
