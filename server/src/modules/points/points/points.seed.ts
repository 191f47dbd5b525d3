import { eq } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { GoodKind, GoodStatus, PointsApplicationStatus, PointsRecordType, PointsWayKind } from '../../../wire.ts'
import { COURSES_DEMO, coursesView } from '../../learning/index.ts'
import { STUDENTS_DEMO, studentsView } from '../../roll/index.ts'
import { shanghaiDate } from '../../../lib/time-range.ts'
import { applyChange, lockAccount } from './points.ledger.ts'
import { earnByWay } from './points.service.ts'
import { pointsApplications, pointsLevels, pointsWays, shopGoods } from './points.table.ts'

/** What the demo prints and the tests look for. */
export const POINTS_DEMO = {
  levels: ['青铜学员', '白银学员', '黄金学员'],
  textbook: '《大学英语》配套教材',
  voucher: '课程券：大学英语（专升本）',
  cup: '定制保温杯',
  bag: '帆布书包',
  /** 林小雨's balance after the seed: 5 check-ins (5 each), a 300 welcome bonus, an approved offline application (30). */
  balance: 355,
}

/**
 * The demo's points: a way of every kind, three levels, goods of each kind (the cup: stock 1),
 * and 林小雨's records (five days of check-ins, a welcome bonus, an approved 线下活动 application,
 * and one waiting for review), enough to exchange the textbook or the bag. Only on a database
 * without ways.
 */
export async function seedPointsDemo({ db }: { db: Executor }): Promise<boolean> {
  const [any] = await db.select({ id: pointsWays.id }).from(pointsWays).limit(1)
  if (any) return false
  const ways = await db
    .insert(pointsWays)
    .values([
      { kind: PointsWayKind.checkIn, name: '每日签到', points: 5, dailyCap: 1, description: '每天签到一次得5积分' },
      { kind: PointsWayKind.studyTime, name: '认真学习', points: 10, dailyCap: 4, description: '每学习30分钟得10积分，每天最多4次' },
      { kind: PointsWayKind.examPassed, name: '考试通过', points: 50, dailyCap: 0, description: '每份试卷首次及格得50积分' },
      { kind: PointsWayKind.referral, name: '推荐入学', points: 200, dailyCap: 0, description: '推荐的朋友成为学员得200积分' },
      { kind: PointsWayKind.offline, name: '线下活动', points: 30, dailyCap: 3, description: '参加学校线下活动，上传照片申请积分' },
    ])
    .returning()
  await db.insert(pointsLevels).values([
    { name: POINTS_DEMO.levels[0]!, minPoints: 0 },
    { name: POINTS_DEMO.levels[1]!, minPoints: 500 },
    { name: POINTS_DEMO.levels[2]!, minPoints: 2000 },
  ])
  const [english] = await db.select({ id: coursesView.id }).from(coursesView).where(eq(coursesView.title, COURSES_DEMO.english)).limit(1)
  await db.insert(shopGoods).values([
    {
      kind: GoodKind.textbook,
      name: POINTS_DEMO.textbook,
      description: '专升本大学英语配套教材，含历年真题',
      points: 300,
      stock: 50,
      perPersonLimit: 2,
      status: GoodStatus.listed,
      sort: 40,
    },
    ...(english
      ? [
          {
            kind: GoodKind.courseVoucher,
            name: POINTS_DEMO.voucher,
            description: '兑换后立即开通课程「大学英语（专升本）」',
            points: 800,
            stock: 20,
            perPersonLimit: 1,
            courseId: english.id,
            status: GoodStatus.listed,
            sort: 30,
          },
        ]
      : []),
    {
      kind: GoodKind.physical,
      name: POINTS_DEMO.cup,
      description: '学校定制不锈钢保温杯，仅此一个',
      points: 500,
      stock: 1,
      perPersonLimit: 1,
      status: GoodStatus.listed,
      sort: 20,
    },
    {
      kind: GoodKind.physical,
      name: POINTS_DEMO.bag,
      description: '帆布材质，可装A4书本',
      points: 200,
      stock: 30,
      perPersonLimit: 0,
      status: GoodStatus.listed,
      sort: 10,
    },
  ])
  const [student] = await db
    .select({ id: studentsView.id })
    .from(studentsView)
    .where(eq(studentsView.phone, STUDENTS_DEMO.student.phone))
    .limit(1)
  if (!student) return true
  const offline = ways.find((w) => w.kind === PointsWayKind.offline)!
  const day = 86_400_000
  const now = Date.now()
  await db.transaction(async (tx) => {
    for (let d = 5; d >= 1; d--) {
      const at = new Date(now - d * day)
      await earnByWay({
        db: tx,
        studentId: student.id,
        kind: PointsWayKind.checkIn,
        ref: { type: 'checkIn', id: shanghaiDate(at) },
        now: at,
      })
    }
    const account = await lockAccount({ db: tx, studentId: student.id })
    await applyChange({ db: tx, account, change: 300, type: PointsRecordType.adjust, note: '新学员奖励', now: new Date(now - 4 * day) })
    const [approved] = await tx
      .insert(pointsApplications)
      .values({
        studentId: student.id,
        wayId: offline.id,
        description: '参加了学校组织的周末读书会',
        status: PointsApplicationStatus.approved,
        points: offline.points,
        note: '感谢参与',
        reviewedAt: new Date(now - 2 * day),
        day: shanghaiDate(new Date(now - 3 * day)),
        createdAt: new Date(now - 3 * day),
      })
      .returning()
    await applyChange({
      db: tx,
      account,
      change: offline.points,
      type: PointsRecordType.earn,
      way: offline,
      ref: { type: 'application', id: approved!.id },
      note: `${offline.name}：感谢参与`,
      now: new Date(now - 2 * day),
    })
    await tx.insert(pointsApplications).values({
      studentId: student.id,
      wayId: offline.id,
      description: '参加了社区志愿服务活动',
      status: PointsApplicationStatus.pending,
      day: shanghaiDate(new Date(now - 3600_000)),
      createdAt: new Date(now - 3600_000),
    })
  })
  return true
}
