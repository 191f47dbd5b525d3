// Reads of students' points: balances (学员积分), records and applications, for the console and the student.
import type { Executor } from '../../../db/types.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { createPointsRepository } from './points.repository.ts'
import { toApplication, toRecord } from './points.shapes.ts'

type Repo = ReturnType<typeof createPointsRepository>
type RecordsFilter = Parameters<Repo['recordsForConsole']>[0]['filter']
type ApplicationsFilter = Parameters<Repo['applications']>[0]['filter']

/** Students' balances, lifetime points and levels, the highest balances first. */
export async function listStudentPoints({ db, keyword, page, size }: { db: Executor; keyword?: string; page: number; size: number }) {
  const [{ rows, total }, levels] = await Promise.all([
    createPointsRepository({ db }).accountsForConsole({ keyword, page, size }),
    createPointsRepository({ db }).levels(),
  ])
  const levelName = (lifetime: number) => levels.filter((l) => l.minPoints <= lifetime).at(-1)?.name ?? null
  return {
    list: rows.map((r) => ({
      studentId: r.studentId,
      name: r.name,
      studentNo: r.studentNo,
      phone: maskPhone(r.phone),
      balance: Number(r.balance),
      lifetime: Number(r.lifetime),
      level: levelName(Number(r.lifetime)),
      updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
    })),
    total,
    page,
    size,
  }
}

/** The console's points records, newest first, with their student and operator. */
export async function listRecordsForConsole({
  db,
  filter,
  page,
  size,
}: {
  db: Executor
  filter: RecordsFilter
  page: number
  size: number
}) {
  const { rows, total } = await createPointsRepository({ db }).recordsForConsole({ filter, page, size })
  return {
    list: rows.map((r) => ({
      ...toRecord(r.record),
      studentId: r.record.studentId,
      name: r.name,
      studentNo: r.studentNo,
      adminName: r.adminName,
    })),
    total,
    page,
    size,
  }
}

/** The student's own records, newest first, by type. */
export async function listRecordsForStudent({
  db,
  studentId,
  type,
  page,
  size,
}: {
  db: Executor
  studentId: number
  type?: string
  page: number
  size: number
}) {
  const { rows, total } = await createPointsRepository({ db }).recordsForStudent({ studentId, type, page, size })
  return { list: rows.map(toRecord), total, page, size }
}

/** How many applications the console's list shows for this filter (工作台: `status=待审核`). */
export async function countApplicationsForConsole({ db, filter }: { db: Executor; filter: ApplicationsFilter }) {
  return createPointsRepository({ db }).countApplications(filter)
}

/** The console's applications, newest first, with their student (phone masked). */
export async function listApplicationsForConsole({
  db,
  filter,
  page,
  size,
  secret,
}: {
  db: Executor
  filter: ApplicationsFilter
  page: number
  size: number
  secret: string
}) {
  const { rows, total } = await createPointsRepository({ db }).applications({ filter, page, size })
  return {
    list: rows.map((r) => ({
      ...toApplication(r.application, r.wayName, secret),
      studentId: r.application.studentId,
      name: r.name,
      studentNo: r.studentNo,
      phone: maskPhone(r.phone),
    })),
    total,
    page,
    size,
  }
}

/** The student's own applications, newest first. */
export async function listApplicationsForStudent({
  db,
  studentId,
  page,
  size,
  secret,
}: {
  db: Executor
  studentId: number
  page: number
  size: number
  secret: string
}) {
  const { rows, total } = await createPointsRepository({ db }).applications({ filter: { studentId }, page, size })
  return { list: rows.map((r) => toApplication(r.application, r.wayName, secret)), total, page, size }
}

/** The name of an application's way ('' when it is gone). */
export async function wayNameOf({ db, wayId }: { db: Executor; wayId: number }) {
  const [way] = (await createPointsRepository({ db }).ways()).filter((w) => w.id === wayId)
  return way?.name ?? ''
}
