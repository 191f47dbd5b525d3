import { count } from 'drizzle-orm'
import type { Executor } from '../db/types.ts'
import { hashPassword } from '../lib/crypto.ts'
import { cycleRange } from '../lib/time-range.ts'
import { type AdminWithPosition, builtinPositionId, createAdmin } from '../modules/platform/index.ts'
import {
  addFollowUp,
  createActivityClue,
  createPartnerClue,
  followClue,
  invalidateClue,
  recordDeal,
  takeClue,
} from '../modules/partner-programme/index.ts'
import { adjustBalance, createLedgerRepository } from '../modules/partner-programme/index.ts'
import { levelsView, seedLevelsDemo } from '../modules/partner-programme/index.ts'
import { createPartnersRepository, partnersView } from '../modules/partner-programme/index.ts'
import { seedNoticesDemo } from '../modules/roll/index.ts'
import { seedCoursesDemo } from '../modules/learning/index.ts'
import { seedQuestionBankDemo } from '../modules/learning/index.ts'
import { seedExamsDemo } from '../modules/learning/index.ts'
import { seedStudentQuestionsDemo } from '../modules/learning/index.ts'
import { seedNightDemo } from '../modules/roll/index.ts'
import { seedPointsDemo } from '../modules/points/index.ts'
import { seedFeesDemo } from '../modules/money/index.ts'
import type { Storage } from '../gateways/storage/index.ts'
import { createPostersRepository } from '../modules/partner-programme/index.ts'
import { seedGraduationDemo, seedStudentsDemo, seedTextbooksDemo, STUDENTS_DEMO } from '../modules/roll/index.ts'
import { applyWithdrawal, finishPay } from '../modules/partner-programme/index.ts'
import { FollowUpMethod, PartnerStatus } from '../wire.ts'
import { BUILTIN_POSITION } from '@activity/domain'
import { seedGraduationAuditDemo } from '../modules/office/index.ts'
import { seedOtherScreensDemo } from './other-screens.ts'
import { seedStaffDemo } from './staff.ts'

export const DEMO = {
  partner: { phone: '13800000000', password: 'demo1234' },
  secondPartner: { phone: '13800000001', password: 'demo1234' },
  teacher: { account: 'teacher', password: 'demo1234' },
  finance: { account: 'finance', password: 'demo1234' },
}

function poster(title: string, from: string, to: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="1334"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="750" height="1334" fill="url(#g)"/><text x="375" y="300" font-size="64" text-anchor="middle" fill="#fff" font-family="sans-serif">${title}</text><text x="375" y="390" font-size="32" text-anchor="middle" fill="#fff" font-family="sans-serif">让学习成为一种习惯</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/**
 * Demo data for a fresh database (runs only when there are no partners and no levels). With
 * `storage`, the demo courses' videos are made (scripts/make-media.mjs) and stored too.
 */
export async function seedDemo({
  db,
  freezeDays,
  storage,
  log,
}: {
  db: Executor
  freezeDays: number
  storage?: Storage
  log?: (message: string) => void
}): Promise<boolean> {
  const [p] = await db.select({ n: count() }).from(partnersView)
  const [l] = await db.select({ n: count() }).from(levelsView)
  if ((p?.n ?? 0) > 0 || (l?.n ?? 0) > 0) return false

  await seedLevelsDemo({ db })
  const passwordHash = await hashPassword(DEMO.partner.password)
  const partners = createPartnersRepository({ db })
  const demo = await partners.insert({
    phone: DEMO.partner.phone,
    passwordHash,
    code: 'DEMO01',
    status: PartnerStatus.active,
    nickname: '演示合伙人',
    realName: '陈晓明',
    gender: '男',
    idCard: '11010519491231002X',
    province: '浙江省',
    city: '杭州市',
    wechatId: 'chenxm_demo',
    payoutType: '支付宝',
    payoutAccount: '13800000000',
    payoutName: '陈晓明',
    school: '浙江开放大学',
    major: '工商企业管理',
    discipline: '学历教育(大专)-工商企业管理(大专)',
    intakeYear: '2024',
    batch: '3期',
    submittedAt: new Date(),
    reviewedAt: new Date(),
  })
  const second = await partners.insert({
    phone: DEMO.secondPartner.phone,
    passwordHash,
    code: 'DEMO02',
    status: PartnerStatus.pending,
    realName: '林小雨',
    gender: '女',
    idCard: '11010519491231002X',
    province: '江苏省',
    city: '南京市',
    payoutType: '微信',
    payoutAccount: 'linxy_wx',
    payoutName: '林小雨',
    school: '南京大学',
    major: '会计',
    discipline: '学历教育(本科)-会计学(本科)',
    intakeYear: '2025',
    batch: '1期',
    referrerId: null,
    submittedAt: new Date(),
  })
  const ledger = createLedgerRepository({ db })
  await ledger.ensureWallet({ partnerId: demo!.id })
  await ledger.ensureWallet({ partnerId: second!.id })

  const finance = await createAdmin({
    db,
    account: DEMO.finance.account,
    name: '财务演示',
    password: DEMO.finance.password,
    positionId: await builtinPositionId(db, BUILTIN_POSITION.finance),
  })
  const teacher = await createAdmin({
    db,
    account: DEMO.teacher.account,
    name: '招生老师演示',
    password: DEMO.teacher.password,
    positionId: await builtinPositionId(db, BUILTIN_POSITION.enrollTeacher),
  })

  const names = ['王芳', '李伟', '张敏', '刘洋', '陈静', '杨磊', '赵丽', '黄强', '周婷', '吴刚']
  const ids: number[] = []
  for (let i = 0; i < names.length; i++) {
    const input = {
      name: names[i]!,
      phone: `1370000${String(i).padStart(4, '0')}`,
      contactMethod: i % 2 ? '微信' : '电话',
      intention: '学历教育(本科)-会计学(本科)',
      remark: i === 0 ? '周末方便联系' : undefined,
    }
    const clue =
      i % 3 === 0 ? await createActivityClue({ db, ref: 'DEMO01', input }) : await createPartnerClue({ db, partnerId: demo!.id, input })
    ids.push(clue.id)
  }
  // 待跟进: 0-2 (0 and 1 in the pool, 2 taken by the teacher); 跟进中: 3-4 with follow-ups (4 overdue
  // for a call); 已成交: 5-8 (one early in the cycle, its commission unfrozen); 无效: 9.
  // The teacher's and finance's actions go through the audit log, as the console's would.
  const actorOf = (a: AdminWithPosition) => ({ id: a.id, name: a.name, role: a.positionName, rights: new Set(a.rights) })
  const teacherActor = actorOf(teacher)
  const financeActor = actorOf(finance)
  const now = Date.now()
  await takeClue({ db, id: ids[2]!, actor: teacherActor })
  await followClue({ db, id: ids[3]!, actor: teacherActor })
  await addFollowUp({
    db,
    id: ids[3]!,
    method: FollowUpMethod.phone,
    note: '已电话沟通，对会计学本科感兴趣，想了解学费分期',
    nextContactAt: new Date(now + 2 * 86400_000),
    actor: teacherActor,
  })
  await followClue({ db, id: ids[4]!, remark: '已约下周面谈', actor: teacherActor })
  await addFollowUp({
    db,
    id: ids[4]!,
    method: FollowUpMethod.wechat,
    note: '已加微信，发送了招生简章',
    nextContactAt: new Date(now - 3600_000),
    actor: teacherActor,
    now: new Date(now - 2 * 86400_000),
  })
  // The early deal's commission is withdrawable whatever the day: in a cycle's first freezeDays days
  // no deal of the cycle is old enough to have thawed, so this one was frozen for the days it has had.
  const monthStart = cycleRange(new Date(now)).from.getTime()
  const early = new Date(Math.min(now, Math.max(monthStart + 3600_000, now - (freezeDays + 1) * 86400_000)))
  const thawed = Math.min(freezeDays, Math.floor((now - early.getTime()) / 86400_000) - 1)
  await recordDeal({
    db,
    id: ids[5]!,
    programme: '会计学(本科)',
    amount: 680000,
    freezeDays: Math.max(0, thawed),
    now: early,
    actor: teacherActor,
  })
  for (const id of [ids[6]!, ids[7]!, ids[8]!])
    await recordDeal({ db, id, programme: '工商企业管理(大专)', amount: 520000, freezeDays, actor: teacherActor })
  await invalidateClue({ db, id: ids[9]!, reason: '号码为空号', actor: teacherActor })

  await adjustBalance({ db, partnerId: demo!.id, amount: 50000, note: '新合伙人奖励', adminId: finance.id, actor: financeActor })
  const paid = await applyWithdrawal({ db, partnerId: demo!.id, amount: 20000, idempotencyKey: 'demo-withdrawal-paid' })
  await finishPay({ db, id: paid.withdrawal.id, transactionNo: 'DEMO-TX-0001', adminId: finance.id, actor: financeActor })
  await applyWithdrawal({ db, partnerId: demo!.id, amount: 10000, idempotencyKey: 'demo-withdrawal-pending' })

  const posters = createPostersRepository({ db })
  await posters.insert({ name: '春季招生', url: poster('春季招生火热进行中', '#ff8a00', '#e52e71'), sort: 1 })
  await posters.insert({ name: '学历提升', url: poster('学历提升 成就未来', '#2193b0', '#6dd5ed'), sort: 2 })
  await seedOtherScreensDemo({ db, partnerId: demo!.id })
  // Students (issue 22): a student, and the demo partner as a student too; two notices.
  await seedStudentsDemo({ db })
  await seedNoticesDemo({ db })
  // Courses (issue 23): one for sale with a trial section, one granted, a live course live now.
  await seedCoursesDemo({ db, storage, log })
  // The question bank (issue 24): questions of every type and difficulty for the two textbook courses.
  await seedQuestionBankDemo({ db })
  // Exams (issue 24): papers drawn from the demo courses' question bank (seeded before this; none: no papers).
  await seedExamsDemo({ db })
  // 答疑 (issue 24): 林小雨's question about 高等数学, answered by the demo teacher and not read yet.
  await seedStudentQuestionsDemo({ db, storage, teacherId: teacher.id })
  // 夜校 (issue 25): a class today open for check-in (林小雨 signed up), one later with 1 seat left, one past she attended.
  await seedNightDemo({ db })
  // Points and the shop (issue 25): ways, levels, goods of each kind, 林小雨's records and a pending application.
  await seedPointsDemo({ db })
  // Fees (issue 25): standards, 林小雨's unpaid tuition and paid textbook order (with its receipt), coupons.
  await seedFeesDemo({ db, actor: financeActor, studentPhone: STUDENTS_DEMO.student.phone })
  // Staff (issue 40): 班主任 王老师 (headteacher) and 教务处 (office), 林小雨's class, the leave flow, her leaves.
  await seedStaffDemo({ db })
  // Graduation (issue 43): 林小雨's batch (2026年1期) collects its graduation photos for 30 days.
  await seedGraduationDemo({ db })
  // 毕业审核 (issue 43): her batch's audit, its checklist her roll, tuition, thesis and photo.
  await seedGraduationAuditDemo({ db })
  // 教材邮寄 (issue 44): a draft mailing of textbooks to her batch, for the office to publish.
  await seedTextbooksDemo({ db })
  return true
}
