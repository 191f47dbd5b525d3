import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, inArray } from 'drizzle-orm'
import Fastify, { type FastifyRequest } from 'fastify'
import { adminClient, insertPartner, insertStudent, latestCode, PASSWORD, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, type TestApp, testConfig } from '../../../../test/helper.ts'
import { readXlsx } from '../../../../test/xlsx.ts'
import type { Executor } from '../../../db/types.ts'
import { scheduleSignInRecordsPrune } from '../../../startup.ts'
import { createBadCredentialsError } from '../../partner-programme/partners/partners.errors.ts'
import { admins } from '../admins/admins.table.ts'
import { Code, PartnerStatus } from '../../../wire.ts'
import { createSignInRecorder, pruneSignInRecords } from './sign-in-records.service.ts'
import { signInRecords } from './sign-in-records.table.ts'
import { maskPhone } from '../../../lib/mask.ts'

const LIST = '/api/ums/user/loginRecord/list'
const FAILED_IPS = '/api/ums/user/loginRecord/failedIps'
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

type Row = typeof signInRecords.$inferSelect

describe('sign-in records (登录记录)', () => {
  let t: TestApp
  let admin: Client
  let teacher: Client
  let teacherAccount: string
  let teacherId: number
  let ipCounter = 0
  /** A fresh documentation address (203.0.113.0/24, 198.51.100.0/24) per test, so tests do not see each other's records. */
  const freshIp = () => {
    const n = ++ipCounter
    return n < 250 ? `203.0.113.${n}` : `198.51.100.${n - 249}`
  }

  before(async () => {
    t = await buildTestApp()
    admin = (await adminClient(t.app, '管理员')).client
    const teacherOp = await adminClient(t.app, '招生老师')
    teacher = teacherOp.client
    teacherAccount = teacherOp.admin.account
    teacherId = teacherOp.admin.id
  })
  after(async () => t.close())

  /** A sign-in call from `ip` with a user agent, as a browser would make it. */
  const signIn = (url: string, body: Record<string, string>, ip: string, client = createClient(t.app)) =>
    client.inject({
      method: 'POST',
      url,
      headers: { ...FORM, 'user-agent': 'Mozilla/5.0 (test) 登录记录' },
      payload: new URLSearchParams(body).toString(),
      remoteAddress: ip,
    })

  const recordsFrom = async (ip: string): Promise<Row[]> =>
    t.app.db.select().from(signInRecords).where(eq(signInRecords.ip, ip)).orderBy(signInRecords.id)

  test("an operator's sign-ins are recorded: success, wrong password, unknown account, disabled and locked, with IP and user agent", async () => {
    const ip = freshIp()
    const { admin: op } = await adminClient(t.app, '财务')
    const url = '/api/bms/system/admin/signIn'
    assert.equal((await signIn(url, { account: op.account, password: PASSWORD }, ip)).statusCode, 200)
    assert.equal((await signIn(url, { account: op.account, password: 'wrong999' }, ip)).statusCode, 422)
    assert.equal((await signIn(url, { account: 'nobody_here', password: 'wrong999' }, ip)).statusCode, 422)
    await t.app.db.update(admins).set({ enabled: false }).where(eq(admins.id, op.id))
    assert.equal((await signIn(url, { account: op.account, password: PASSWORD }, ip)).statusCode, 403)
    // The right password cleared this source's count (the account's being disabled aside): five
    // wrong ones, and the next attempt is refused as locked, and recorded so.
    for (let i = 0; i < 5; i++) await signIn(url, { account: op.account, password: 'wrong999' }, ip)
    assert.equal((await signIn(url, { account: op.account, password: PASSWORD }, ip)).statusCode, 429)

    const rows = await recordsFrom(ip)
    assert.deepEqual(
      rows.map((r) => [r.kind, r.method, r.success, r.reason, r.adminId, r.identifier]),
      [
        ['operator', 'password', true, null, op.id, op.account],
        ['operator', 'password', false, 'wrongPassword', op.id, op.account],
        ['operator', 'password', false, 'unknownAccount', null, 'nobody_here'],
        ['operator', 'password', false, 'disabled', op.id, op.account],
        ...Array.from({ length: 5 }, () => ['operator', 'password', false, 'wrongPassword', op.id, op.account]),
        ['operator', 'password', false, 'locked', op.id, op.account],
      ],
    )
    assert.equal(rows[0]!.name, op.name)
    assert.equal(rows[1]!.name, op.name, 'a failed attempt on a known account still names its operator')
    assert.ok(rows.every((r) => r.userAgent === 'Mozilla/5.0 (test) 登录记录'))
  })

  test("the app's sign-ins are recorded: partner password and SMS, student SMS, WeChat and Alipay codes", async () => {
    const ip = freshIp()
    const partner = await insertPartner(t.app, { status: PartnerStatus.active })
    const partnerUrl = '/api/ems/partner/client/signIn'
    assert.equal((await signIn(partnerUrl, { phone: partner.phone, password: PASSWORD }, ip)).statusCode, 200)
    assert.equal((await signIn(partnerUrl, { phone: partner.phone, password: 'wrong999' }, ip)).statusCode, 422)
    assert.equal((await signIn(partnerUrl, { phone: partner.phone, code: '000000' }, ip)).statusCode, 422)
    const stranger = uniquePhone()
    assert.equal((await signIn(partnerUrl, { phone: stranger, code: '000000' }, ip)).statusCode, 422)

    // A WeChat code nobody has bound is an attempt that signs no one in; the student's phone sign-in
    // in the same client binds it, and then it signs the student in.
    const student = await insertStudent(t.app)
    const wx = createClient(t.app)
    const openId = `fake:records-${ip}`
    const first = await signIn('/api/ums/user/user/signIn', { platform: 'weixin', signCode: openId, type: '小程序' }, ip, wx)
    assert.equal(first.json().data.bound, '否')
    assert.equal((await wx.post('/api/ums/user/user/sendVerify', { phone: student.phone, type: '登录' })).statusCode, 200)
    const code = await latestCode(t.app, student.phone)
    assert.equal((await signIn('/api/ums/user/user/signInByCode', { phone: student.phone, code }, ip, wx)).statusCode, 200)
    assert.equal((await signIn('/api/ums/user/user/signInByCode', { phone: stranger, code: '123456' }, ip)).statusCode, 422)
    const bound = await signIn(
      '/api/ums/user/user/signIn',
      { platform: 'weixin', signCode: openId, type: '小程序' },
      ip,
      createClient(t.app),
    )
    assert.equal(bound.json().data.bound, '是')
    const ali = await signIn('/api/ums/user/user/signIn', { platform: 'alipay', signCode: `fake:ali-${ip}`, type: '小程序' }, ip)
    assert.equal(ali.json().data.bound, '否')

    // A typed phone is kept masked (issue 37 §2); the account it named stays linked.
    const rows = await recordsFrom(ip)
    assert.deepEqual(
      rows.map((r) => [r.kind, r.method, r.success, r.reason, r.accountId, r.identifier]),
      [
        ['app', 'password', true, null, partner.accountId, maskPhone(partner.phone)],
        ['app', 'password', false, 'wrongPassword', partner.accountId, maskPhone(partner.phone)],
        ['app', 'sms', false, 'wrongCode', partner.accountId, maskPhone(partner.phone)],
        ['app', 'sms', false, 'notRegistered', null, maskPhone(stranger)],
        ['app', 'wechat', false, 'unbound', null, null],
        ['app', 'sms', true, null, student.accountId, maskPhone(student.phone)],
        ['app', 'sms', false, 'notRegistered', null, maskPhone(stranger)],
        ['app', 'wechat', true, null, student.accountId, null],
        ['app', 'alipay', false, 'unbound', null, null],
      ],
    )
  })

  test('a failure to record is logged and never breaks the sign-in; a failed sign-in still throws its own error', async () => {
    const broken = { insert: () => ({ values: async () => Promise.reject(new Error('database down')) }) } as unknown as Executor
    const warnings: unknown[] = []
    const request = {
      ip: '192.0.2.1',
      headers: {},
      log: { warn: (...args: unknown[]) => warnings.push(args) },
    } as unknown as FastifyRequest
    const recorder = createSignInRecorder({ db: broken })
    const answer = await recorder.track({ request, kind: 'app', method: 'wechat' }, async () => 'signed in')
    assert.equal(answer, 'signed in')
    assert.equal(warnings.length, 1)
    await assert.rejects(
      recorder.track({ request, kind: 'app', method: 'wechat' }, async () => {
        throw createBadCredentialsError()
      }),
      (error: { key?: string }) => error.key === 'partner.badCredentials',
    )
    assert.equal(warnings.length, 2)
  })

  test('the administrator reads every record; any other operator only their own operator records', async () => {
    const ip = freshIp()
    const url = '/api/bms/system/admin/signIn'
    await signIn(url, { account: teacherAccount, password: PASSWORD }, ip)
    await signIn(url, { account: teacherAccount, password: 'wrong999' }, ip)
    const { admin: other } = await adminClient(t.app, '财务')
    await signIn(url, { account: other.account, password: PASSWORD }, ip)
    const partner = await insertPartner(t.app)
    await signIn('/api/ems/partner/client/signIn', { phone: partner.phone, password: PASSWORD }, ip)

    const all = (await admin.get(LIST, { ip })).json().data
    assert.equal(all.total, 4)
    const own = (await teacher.get(LIST, { ip })).json().data
    assert.equal(own.total, 2)
    assert.ok(own.list.every((r: { adminId: number; kind: string }) => r.adminId === teacherId && r.kind === 'operator'))
    assert.deepEqual(
      own.list.map((r: { success: boolean; reason: string | null; reasonLabel: string | null }) => [r.success, r.reason, r.reasonLabel]),
      [
        [false, 'wrongPassword', '密码错误'],
        [true, null, null],
      ],
    )
    // Asking for the app's records or another account does not widen what they see.
    assert.equal((await teacher.get(LIST, { ip, kind: 'app' })).json().data.total, 0)
    assert.equal((await teacher.get(LIST, { identifier: other.account })).json().data.total, 0)
    assert.equal((await admin.get(LIST, { ip, kind: 'app' })).json().data.list[0].identifier, maskPhone(partner.phone))
    assert.equal((await admin.get(LIST, { ip, success: '否' })).json().data.total, 1)
    assert.equal((await admin.get(LIST, { ip, identifier: other.account.slice(2) })).json().data.total, 1)
    assert.equal((await admin.get(LIST, { ip, method: 'sms' })).json().data.total, 0)
    assert.equal((await admin.get(LIST, { ip, dateFrom: '2999-01-01' })).json().data.total, 0)
    // Nobody who is not an operator reads them.
    assert.equal((await createClient(t.app).get(LIST)).statusCode, 401)
  })

  test('IPs with repeated failures in the window are listed with their count, last time and the accounts tried', async () => {
    const noisy = freshIp()
    const quiet = freshIp()
    const old = freshIp()
    const url = '/api/bms/system/admin/signIn'
    for (let i = 0; i < 3; i++) await signIn(url, { account: `guess_${i}`, password: 'wrong999' }, noisy)
    for (let i = 0; i < 3; i++) await signIn(url, { account: teacherAccount, password: 'wrong999' }, noisy)
    for (let i = 0; i < 4; i++) await signIn(url, { account: 'guess_q', password: 'wrong999' }, quiet)
    // Unbound WeChat codes are people opening the app, not guesses: not counted.
    for (let i = 0; i < 6; i++)
      await signIn('/api/ums/user/user/signIn', { platform: 'weixin', signCode: `fake:q-${i}`, type: '公众号' }, quiet)
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000)
    await t.app.db.insert(signInRecords).values(
      Array.from({ length: 6 }, () => ({
        kind: 'operator',
        method: 'password',
        identifier: 'guess_old',
        success: false,
        reason: 'unknownAccount',
        ip: old,
        createdAt: twoDaysAgo,
      })),
    )
    // The teacher's own sign-in clears their lock; the noisy IP stays listed.
    const data = (await admin.get(FAILED_IPS)).json().data
    assert.equal(data.hours, 24)
    assert.equal(data.min, 5)
    const byIp = new Map(data.list.map((r: { ip: string }) => [r.ip, r]))
    const entry = byIp.get(noisy) as { failures: number; identifierCount: number; identifiers: string[]; operators: number; lastAt: string }
    assert.equal(entry.failures, 6)
    assert.equal(entry.identifierCount, 4)
    assert.deepEqual([...entry.identifiers].sort(), ['guess_0', 'guess_1', 'guess_2', teacherAccount].sort())
    assert.equal(entry.operators, 6)
    assert.ok(Date.now() - Date.parse(entry.lastAt) < 60_000)
    assert.ok(!byIp.has(quiet), 'four failures are below the threshold')
    assert.ok(!byIp.has(old), 'failures outside the window are not counted')
    assert.ok(((await admin.get(FAILED_IPS, { hours: 72 })).json().data.list as Array<{ ip: string }>).some((r) => r.ip === old))
    assert.ok(((await admin.get(FAILED_IPS, { min: 4 })).json().data.list as Array<{ ip: string }>).some((r) => r.ip === quiet))
    // A teacher sees only the failures on their own account.
    const own = (await teacher.get(FAILED_IPS, { min: 2 })).json().data.list as Array<{
      ip: string
      failures: number
      identifiers: string[]
    }>
    assert.ok(own.every((r) => r.identifiers.every((i) => i === teacherAccount)))
    assert.equal(own.find((r) => r.ip === noisy)?.failures, 3)
  })

  test('every query parameter is checked: a bad one is refused with a 400 envelope in Chinese', async () => {
    const bad: Array<[string, Record<string, string>, RegExp]> = [
      [LIST, { kind: 'robot' }, /登录类型/],
      [LIST, { method: 'telepathy' }, /登录方式/],
      [LIST, { success: 'maybe' }, /是否成功/],
      [LIST, { ip: '999.1.1.1' }, /IP/],
      [LIST, { identifier: 'x'.repeat(65) }, /64/],
      [LIST, { dateFrom: '2025-02-30' }, /开始日期/],
      [LIST, { dateFrom: '2025-04-01', dateTo: '2025-03-01' }, /开始日期不能晚于结束日期/],
      [LIST, { size: '1000' }, /./],
      [FAILED_IPS, { hours: '0' }, /时间窗口/],
      [FAILED_IPS, { hours: '1000' }, /时间窗口/],
      [FAILED_IPS, { min: '1' }, /失败次数/],
      [FAILED_IPS, { min: 'abc' }, /失败次数/],
      ['/api/ums/user/loginRecord/export', { kind: 'robot' }, /登录类型/],
    ]
    for (const [url, query, message] of bad) {
      const res = await admin.get(url, query)
      assert.equal(res.statusCode, 400, `${url} ${JSON.stringify(query)}: ${res.body}`)
      assert.equal(res.json().code, Code.badRequest)
      assert.match(res.json().message, message)
    }
    assert.equal((await admin.get(LIST, { ip: '2001:db8::1' })).statusCode, 200)
  })

  test('the filtered records export as .xlsx, narrowed like the list', async () => {
    const ip = freshIp()
    await signIn('/api/bms/system/admin/signIn', { account: teacherAccount, password: 'wrong999' }, ip)
    const file = await admin.get('/api/ums/user/loginRecord/export', { ip })
    assert.equal(file.statusCode, 200)
    const rows = await readXlsx(file.rawPayload)
    assert.deepEqual(rows[0]!.slice(0, 7), ['时间', '类型', '账号/手机号', '姓名', '登录方式', '结果', '失败原因'])
    assert.equal(rows.length, 2)
    assert.deepEqual(rows[1]!.slice(1, 7), ['操作员', teacherAccount, rows[1]![3], '密码', '失败', '密码错误'])
    const own = await readXlsx((await teacher.get('/api/ums/user/loginRecord/export', { kind: 'app' })).rawPayload)
    assert.equal(own.length, 1, 'an operator exports only their own records')
  })

  test('records older than the kept period are pruned, the rest stay', async () => {
    const ip = freshIp()
    const now = new Date()
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000)
    const inserted = await t.app.db
      .insert(signInRecords)
      .values(
        [200, 181, 179, 1].map((days) => ({
          kind: 'app',
          method: 'sms',
          identifier: `prune-${days}`,
          success: true,
          ip,
          createdAt: ago(days),
        })),
      )
      .returning()
    assert.equal(t.app.config.signInRecordsKeepDays, 180)
    const deleted = await pruneSignInRecords({ db: t.app.db, keepDays: t.app.config.signInRecordsKeepDays, now })
    assert.ok(deleted >= 2)
    const left = await t.app.db
      .select({ identifier: signInRecords.identifier })
      .from(signInRecords)
      .where(
        inArray(
          signInRecords.id,
          inserted.map((r) => r.id),
        ),
      )
      .orderBy(signInRecords.id)
    assert.deepEqual(
      left.map((r) => r.identifier),
      ['prune-179', 'prune-1'],
    )
    // Run twice (as two processes would): nothing more to delete, nothing fails.
    assert.equal(await pruneSignInRecords({ db: t.app.db, keepDays: 180, now }), 0)
  })

  test('the kept period comes from SIGN_IN_RECORDS_KEEP_DAYS, and the prune job runs at start with it', async () => {
    assert.equal(testConfig({ SIGN_IN_RECORDS_KEEP_DAYS: '30' }).signInRecordsKeepDays, 30)
    assert.throws(() => testConfig({ SIGN_IN_RECORDS_KEEP_DAYS: '0' }))
    const [row] = await t.app.db
      .insert(signInRecords)
      .values({
        kind: 'app',
        method: 'sms',
        identifier: 'job-40',
        success: true,
        ip: freshIp(),
        createdAt: new Date(Date.now() - 40 * 86_400_000),
      })
      .returning()
    const job = Fastify()
    scheduleSignInRecordsPrune({ app: job, db: t.app.db, keepDays: 30 })
    await job.ready()
    const gone = async () => (await t.app.db.select().from(signInRecords).where(eq(signInRecords.id, row!.id))).length === 0
    for (let i = 0; i < 50 && !(await gone()); i++) await new Promise((r) => setTimeout(r, 100))
    await job.close()
    assert.ok(await gone(), 'the 40-day-old record is pruned with 30 days kept')
  })
})
