import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { hashPassword } from '../src/lib/crypto.ts'
import { ALL_RIGHTS, rightsOfPosition } from '@activity/domain'
import { admins, positions } from '../src/modules/platform/admins/admins.table.ts'
import { createOpenIdBindingsRepository } from '../src/modules/platform/accounts/open-id-bindings.repository.ts'
import { createLedgerRepository } from '../src/modules/partner-programme/ledger/ledger.repository.ts'
import { levels } from '../src/modules/partner-programme/levels/levels.table.ts'
import { partners } from '../src/modules/partner-programme/partners/partners.table.ts'
import { COOKIE_NAMES } from '../src/modules/platform/sessions/sessions.service.ts'
import { smsOutbox } from '../src/gateways/sms.table.ts'
import type { SubscribeMessage, SubscribeMessageGateway } from '../src/gateways/subscribe-message.ts'
import { stepUps } from '../src/modules/platform/step-up/step-up.table.ts'
import { studentStatusHistory, students } from '../src/modules/roll/students/students.table.ts'
import {
  type AdminRole,
  EducationType,
  isValidIdCard,
  LoginPlatform,
  LoginType,
  PartnerStatus,
  StudentLevel,
  StudentStatus,
} from '../src/wire.ts'
import { type Client, createClient, ok } from './helper.ts'

/** Plain fixture objects, inserted directly (fast); the routes under test are called through app.inject. */
export const PASSWORD = 'pass1234'
let passwordHash: Promise<string> | undefined
const hashed = () => (passwordHash ??= hashPassword(PASSWORD))

let counter = 0
/** A phone unique within this test process. */
export function uniquePhone(): string {
  counter += 1
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(counter).padStart(4, '0')}`
}

let idCards = 0
/**
 * A valid ID number unique within this test process (an ID number belongs to one student), its
 * first four and last four digits always the same (3301…1235 by default), so it reads alike masked.
 */
export function uniqueIdCard(tail = '1235'): string {
  for (;;) {
    const n = idCards++
    const birth = new Date(Date.UTC(1960, 0, 1) + Math.floor(n / 100) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '')
    const id = `3301${String(n % 100).padStart(2, '0')}${birth}${tail}`
    if (isValidIdCard(id)) return id
  }
}

export const COMPLETE_PERSONAL = {
  realName: '张三',
  gender: '男',
  idCard: '11010519491231002X',
  province: '浙江省',
  city: '杭州市',
  wechatId: 'zhangsan_wx',
  payoutType: '支付宝',
  payoutAccount: '13800000001',
  payoutName: '张三',
}

export const COMPLETE_SIGN_UP = {
  school: '浙江大学',
  major: '计算机',
  discipline: '学历教育(本科)-会计学(本科)',
  intakeYear: '2024',
  batch: '3期',
}

export async function insertPartner(app: FastifyInstance, overrides: Partial<typeof partners.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(partners)
    .values({
      phone: uniquePhone(),
      passwordHash: await hashed(),
      code: `T${process.pid % 1000}${String(++counter).padStart(4, '0')}`.slice(0, 10),
      status: PartnerStatus.active,
      ...COMPLETE_PERSONAL,
      ...COMPLETE_SIGN_UP,
      reviewedAt: new Date(),
      ...overrides,
    })
    .returning()
  await createLedgerRepository({ db: app.db }).ensureWallet({ partnerId: row!.id })
  return row!
}

/** A student registered by the office (在读, 2026年1期 专升本, an ID number of its own by default), inserted directly with its first history row. */
export async function insertStudent(app: FastifyInstance, overrides: Partial<typeof students.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(students)
    .values({
      phone: uniquePhone(),
      name: '林同学',
      idCard: uniqueIdCard(),
      educationType: EducationType.adultExam,
      school: '浙江工商大学',
      major: '工商管理',
      level: StudentLevel.bachelor,
      programme: '专升本',
      batchYear: 2026,
      batch: 1,
      status: StudentStatus.studying,
      ...overrides,
    })
    .returning()
  await app.db.insert(studentStatusHistory).values({ studentId: row!.id, toStatus: row!.status, reason: '登记' })
  return row!
}

/** A student and a client signed in as them (their person's session). */
export async function studentClient(app: FastifyInstance, overrides: Partial<typeof students.$inferInsert> = {}) {
  const student = await insertStudent(app, overrides)
  return { student, client: await sessionClient(app, 'user', { accountId: student.accountId }) }
}

/** A client carrying a fresh session cookie of `kind`. */
async function sessionClient(
  app: FastifyInstance,
  kind: 'user' | 'admin',
  ids: { accountId?: number; partnerId?: number; adminId?: number },
): Promise<Client> {
  return (await startSession(app, kind, ids)).client
}

async function startSession(
  app: FastifyInstance,
  kind: 'user' | 'admin',
  ids: { accountId?: number; partnerId?: number; adminId?: number },
) {
  const client = createClient(app)
  const { token, session } = await app.sessions.create({ db: app.db, kind, ...ids })
  client.jar.set(COOKIE_NAMES[kind], token)
  return { client, session }
}

/** An active partner (complete info) and a client signed in as them. */
export async function partnerClient(app: FastifyInstance, overrides: Partial<typeof partners.$inferInsert> = {}) {
  const partner = await insertPartner(app, overrides)
  return { partner, client: await sessionClient(app, 'user', { partnerId: partner.id }) }
}

/**
 * An operator and a client signed in as them: in the built-in position named `role` (管理员 by
 * default), or in `positionId`. `admin.role` is the position's name and `admin.rights` what it
 * grants. The session holds a step-up (二次验证) by default, as if the operator had confirmed their
 * password, good for a day so a slow run never sees it lapse; `stepUp: false` for a session without
 * one. `sessionId` and `stepUpId` are for step-up tests.
 */
export async function adminClient(
  app: FastifyInstance,
  role: AdminRole = '管理员',
  { positionId, stepUp = true, phone = null }: { positionId?: number; stepUp?: boolean; phone?: string | null } = {},
) {
  const [position] = positionId
    ? await app.db.select().from(positions).where(eq(positions.id, positionId))
    : await app.db.select().from(positions).where(eq(positions.name, role))
  if (!position) throw new Error(`no position ${positionId ?? role}`)
  const [row] = await app.db
    .insert(admins)
    .values({
      account: `op${process.pid}_${++counter}`,
      name: `操作员${counter}`,
      positionId: position.id,
      phone,
      passwordHash: await hashed(),
    })
    .returning()
  const admin = { ...row!, role: position.name, rights: rightsOfPosition(position) }
  const { client, session } = await startSession(app, 'admin', { adminId: admin.id })
  const [step] = stepUp
    ? await app.db
        .insert(stepUps)
        .values({ adminId: admin.id, sessionId: session.id, method: 'password', expiresAt: new Date(Date.now() + 24 * 3600 * 1000) })
        .returning()
    : []
  return { admin, client, sessionId: session.id, stepUpId: step?.id ?? null }
}

/** The pair of operators the clue and register tests work with: a 管理员's client, and an 招生老师's client with their id. */
export async function adminAndTeacher(app: FastifyInstance) {
  const admin = (await adminClient(app, '管理员')).client
  const teacher = await adminClient(app, '招生老师')
  return { admin, teacher: { client: teacher.client, id: teacher.admin.id } }
}

/** A position with `rights` (a fresh name), for tests of what a position allows. */
export async function insertPosition(app: FastifyInstance, rights: readonly string[], name = `岗位${process.pid}_${++counter}`) {
  const [row] = await app.db
    .insert(positions)
    .values({ name, rights: rights.filter((r) => (ALL_RIGHTS as readonly string[]).includes(r)) })
    .returning()
  return row!
}

/** The latest code the local SMS provider "sent" to `phone`. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const [row] = await app.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1)
  if (!row?.code) throw new Error(`no code sent to ${phone}`)
  return row.code
}

export async function insertLevels(app: FastifyInstance, rows: Array<{ name: string; minDeals: number; commissionPerDeal: number }>) {
  return app.db.insert(levels).values(rows).returning()
}

/** Credits a partner directly (an adjustment), for money tests. */
export async function credit(app: FastifyInstance, partnerId: number, amount: number) {
  await app.db.transaction(async (tx) => {
    const ledger = createLedgerRepository({ db: tx })
    await ledger.lockWallet({ partnerId })
    await ledger.post({ partnerId, type: '调整', amount, note: 'test credit' })
  })
}

/**
 * A WeChat subscribe-message gateway for `buildTestApp({ services: { subscribeMessage: gateway } })`
 * that keeps each message it is given in `sent`; while `failing` is set, each send throws instead (WeChat down).
 */
export function subscribeMessageRecorder() {
  const recorder = { sent: [] as SubscribeMessage[], failing: false, gateway: undefined as unknown as SubscribeMessageGateway }
  recorder.gateway = {
    kind: 'local',
    async send(message) {
      if (recorder.failing) throw new Error('WeChat is down')
      recorder.sent.push(message)
    },
  }
  return recorder
}

/** Binds a WeChat mini-program open id to a person (by account, or by partner), as a WeChat sign-in in the mini-program does. */
export async function bindMiniProgramOpenId(app: FastifyInstance, who: { accountId: number } | { partnerId: number }, openId: string) {
  await createOpenIdBindingsRepository({ db: app.db }).bind({ ...who, platform: LoginPlatform.weixin, type: LoginType.miniProgram, openId })
}

/** The head teacher's step of an approval flow (班主任审批, one of them decides). */
export const HEAD_TEACHER_STEP = { name: '班主任审批', approver: { type: 'headTeacher' }, mode: 'any' } as const

/** Sets the flow of an approval kind as `office` (a client whose position edits flows): PUT /api/zms/approval/flow. */
export async function setApprovalFlow(
  office: Client,
  flow: { kind: string; steps: readonly object[]; cc?: readonly object[]; overdueHours?: number; revokeDays?: number },
) {
  return ok(
    await office.inject({ method: 'PUT', url: '/api/zms/approval/flow', payload: { cc: [], overdueHours: 24, revokeDays: 7, ...flow } }),
  )
}
