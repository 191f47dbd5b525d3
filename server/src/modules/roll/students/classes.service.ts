import type { Executor } from '../../../db/types.ts'
import type { Column, SheetRow } from '../../../lib/spreadsheet.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
import { createAdminsRepository, type Actor, recordAudit } from '../../platform/index.ts'
import { createClassesRepository, type ClassFilter, type ClassRow } from './classes.repository.ts'
import {
  createAssignTooManyError,
  createClassHasStudentsError,
  createClassNameTakenError,
  createClassNotFoundError,
  createHeadTeacherNotFoundError,
  createStudentNotFoundError,
} from './students.errors.ts'
import { createStudentsRepository, type StudentFilter } from './students.repository.ts'

export interface ClassInput {
  name: string
  school: string
  major: string
  level: string
  batchYear: number
  batch: number
  headTeacherId: number | null
}

export function toClass(r: { class: ClassRow; headTeacherName: string | null; studentCount: number }) {
  return {
    id: r.class.id,
    name: r.class.name,
    school: r.class.school,
    major: r.class.major,
    level: r.class.level,
    batchYear: r.class.batchYear,
    batch: r.class.batch,
    headTeacherId: r.class.headTeacherId,
    headTeacherName: r.class.headTeacherId === null ? null : r.headTeacherName,
    studentCount: Number(r.studentCount),
    createdAt: r.class.createdAt.toISOString(),
  }
}

async function checkHeadTeacher(db: Executor, id: number | null | undefined) {
  if (id === null || id === undefined) return null
  const admin = await createAdminsRepository({ db }).findById({ id })
  if (!admin || !admin.enabled) throw createHeadTeacherNotFoundError()
  return admin
}

/** Adds a class (a unique name; the head teacher an enabled operator). Audited. */
export async function createClass({ db, input, actor }: { db: Executor; input: ClassInput; actor: Actor }) {
  const teacher = await checkHeadTeacher(db, input.headTeacherId)
  const row = await createClassesRepository({ db }).insert(input)
  if (!row) throw createClassNameTakenError()
  await recordAudit({
    tx: db,
    actor,
    entry: {
      action: 'class.create',
      entityType: 'class',
      entityId: row.id,
      summary: `新增班级「${row.name}」${teacher ? `，班主任${teacher.name}` : ''}`,
      after: { ...input },
    },
  })
  return row
}

/** Changes a class; a new head teacher is recorded as 更换班主任 (from whom to whom). Audited. */
export async function updateClass({ db, id, input, actor }: { db: Executor; id: number; input: Partial<ClassInput>; actor: Actor }) {
  const repo = createClassesRepository({ db })
  const before = await repo.findById({ id, forUpdate: true })
  if (!before) throw createClassNotFoundError()
  const teacher = await checkHeadTeacher(db, input.headTeacherId)
  if (input.name !== undefined && input.name !== before.name && (await repo.findByName({ name: input.name })))
    throw createClassNameTakenError()
  const after = (await repo.update({ id, values: input }))!
  const admins = createAdminsRepository({ db })
  if (input.headTeacherId !== undefined && input.headTeacherId !== before.headTeacherId) {
    const from = before.headTeacherId ? await admins.findById({ id: before.headTeacherId }) : undefined
    await recordAudit({
      tx: db,
      actor,
      entry: {
        action: 'class.headTeacher',
        entityType: 'class',
        entityId: id,
        summary: `班级「${after.name}」班主任：${from?.name ?? '无'} → ${teacher?.name ?? '无'}`,
        before: { headTeacherId: before.headTeacherId },
        after: { headTeacherId: after.headTeacherId },
      },
    })
  }
  const { headTeacherId: _h, ...rest } = input
  if (Object.keys(rest).length)
    await recordAudit({
      tx: db,
      actor,
      entry: {
        action: 'class.update',
        entityType: 'class',
        entityId: id,
        summary: `修改班级「${after.name}」`,
        before: {
          name: before.name,
          school: before.school,
          major: before.major,
          level: before.level,
          batchYear: before.batchYear,
          batch: before.batch,
        },
        after: {
          name: after.name,
          school: after.school,
          major: after.major,
          level: after.level,
          batchYear: after.batchYear,
          batch: after.batch,
        },
      },
    })
  return after
}

/** Removes a class without students (their history would lose its class). Audited. */
export async function removeClass({ db, id, actor }: { db: Executor; id: number; actor: Actor }) {
  const repo = createClassesRepository({ db })
  const row = await repo.findById({ id, forUpdate: true })
  if (!row) throw createClassNotFoundError()
  if ((await repo.currentCount({ id })) > 0) throw createClassHasStudentsError()
  await repo.delete({ id })
  await recordAudit({
    tx: db,
    actor,
    entry: { action: 'class.delete', entityType: 'class', entityId: id, summary: `删除班级「${row.name}」`, before: { name: row.name } },
  })
}

/** The most students one 分班 may place at once (a roll filter matching more asks to narrow it). */
export const ASSIGN_MAX = 2000

/**
 * Puts students in a class (分班): picked by id, or every student a roll filter matches. A student
 * in another class moves (that membership ends now: history); one already in this class stays.
 * Audited with how many joined and moved.
 */
export async function assignStudents({
  db,
  classId,
  studentIds,
  filter,
  actor,
  now = new Date(),
}: {
  db: Executor
  classId: number
  studentIds?: number[]
  filter?: StudentFilter
  actor: Actor
  now?: Date
}) {
  const repo = createClassesRepository({ db })
  const target = await repo.findById({ id: classId, forUpdate: true })
  if (!target) throw createClassNotFoundError()
  // An operator without 查看全部学员 places only the students they see (their classes').
  const scope = actor.rights.has('students.viewAll') ? {} : { headTeacherId: actor.id }
  let ids = [...new Set(studentIds ?? [])]
  if (ids.length && 'headTeacherId' in scope) {
    const { total } = await createStudentsRepository({ db }).list({ filter: { ...scope, ids }, page: 1, size: 1 })
    if (total !== ids.length) throw createStudentNotFoundError({ message: '有学员不存在，请刷新后重试' })
  }
  if (filter) {
    const { rows, total } = await createStudentsRepository({ db }).list({ filter: { ...filter, ...scope }, page: 1, size: ASSIGN_MAX })
    if (total > ASSIGN_MAX) throw createAssignTooManyError({ message: `符合条件的学员超过${ASSIGN_MAX}人，请缩小范围` })
    ids = [...new Set([...ids, ...rows.map((r) => r.id)])]
  }
  const found = await repo.existingStudents({ ids })
  if (found.length !== ids.length) throw createStudentNotFoundError({ message: '有学员不存在，请刷新后重试' })
  const current = await repo.currentOf({ studentIds: ids })
  const moving = current.filter((m) => m.classId !== classId)
  const staying = new Set(current.filter((m) => m.classId === classId).map((m) => m.studentId))
  await repo.end({ ids: moving.map((m) => m.id), now })
  const joining = ids.filter((id) => !staying.has(id))
  try {
    await repo.join(joining.map((studentId) => ({ classId, studentId, joinedAt: now, addedBy: actor.name })))
  } catch (error) {
    // Another 分班 placed one of them meanwhile: this one changes nothing (its transaction rolls back).
    if (isUniqueViolation(error, 'class_members_current_uq'))
      throw createAssignTooManyError({ message: '有学员刚被分到其他班级，请刷新后重试' })
    throw error
  }
  const result = { joined: joining.length, moved: moving.length, already: staying.size }
  if (joining.length)
    await recordAudit({
      tx: db,
      actor,
      entry: {
        action: 'class.assign',
        entityType: 'class',
        entityId: classId,
        summary: `分班：${joining.length}名学员进入「${target.name}」${moving.length ? `（其中${moving.length}名从其他班级转入）` : ''}`,
        after: { studentIds: joining },
      },
    })
  return result
}

/** Takes students out of a class (their membership ends now). Audited. */
export async function removeStudents({
  db,
  classId,
  studentIds,
  actor,
  now = new Date(),
}: {
  db: Executor
  classId: number
  studentIds: number[]
  actor: Actor
  now?: Date
}) {
  const repo = createClassesRepository({ db })
  const target = await repo.findById({ id: classId, forUpdate: true })
  if (!target) throw createClassNotFoundError()
  const members = (await repo.currentOf({ studentIds: [...new Set(studentIds)] })).filter((m) => m.classId === classId)
  await repo.end({ ids: members.map((m) => m.id), now })
  if (members.length)
    await recordAudit({
      tx: db,
      actor,
      entry: {
        action: 'class.remove',
        entityType: 'class',
        entityId: classId,
        summary: `${members.length}名学员移出「${target.name}」`,
        before: { studentIds: members.map((m) => m.studentId) },
      },
    })
  return { removed: members.length }
}

export async function listClasses({ db, filter, page, size }: { db: Executor; filter: ClassFilter; page: number; size: number }) {
  const { rows, total } = await createClassesRepository({ db }).list({ filter, page, size })
  return { list: rows.map(toClass), total }
}

export async function classById({ db, id }: { db: Executor; id: number }) {
  const row = await createClassesRepository({ db }).one({ id })
  if (!row) throw createClassNotFoundError()
  return toClass(row)
}

/** Who may head a class: every enabled operator, with their position (the class form's picker). */
export async function headTeacherOptions({ db }: { db: Executor }) {
  return createClassesRepository({ db }).headTeacherOptions()
}

/** The classes an operator heads (the head teacher's workbench). */
export async function classesHeadedBy({ db, adminId }: { db: Executor; adminId: number }) {
  return (await createClassesRepository({ db }).headedBy({ adminId })).map(toClass)
}

/** The class a student is in now (with its head teacher), if any: who approves their leave. */
export async function classOfStudent({ db, studentId }: { db: Executor; studentId: number }) {
  return createClassesRepository({ db }).classOf({ studentId })
}

/** A student's classes, newest first. */
export async function classHistory({ db, studentId }: { db: Executor; studentId: number }) {
  return (await createClassesRepository({ db }).historyOf({ studentId })).map((r) => ({
    classId: r.member.classId,
    className: r.className,
    joinedAt: r.member.joinedAt.toISOString(),
    leftAt: r.member.leftAt?.toISOString() ?? null,
    addedBy: r.member.addedBy,
  }))
}

/** The 分班 import's columns: each row names a student by phone or student number. */
export const CLASS_IMPORT_COLUMNS: Column[] = [
  { header: '手机号', required: false, text: true, width: 16, example: '13900000000', note: '学员登记的手机号（与学号填一项即可）' },
  { header: '学号', required: false, text: true, width: 16, example: '2026010001', note: '学员的学号' },
  { header: '姓名', required: false, width: 12, example: '林小雨', note: '仅供核对，可不填' },
]

/**
 * 分班 by spreadsheet: every row names a registered student (phone or student number); all or
 * nothing: with any row that names nobody, or names another row's student, nothing is placed and
 * every such row is reported.
 */
export async function importToClass({ db, classId, rows, actor }: { db: Executor; classId: number; rows: SheetRow[]; actor: Actor }) {
  const phones = rows.map((r) => r.cells['手机号']!.trim()).filter(Boolean)
  const nos = rows.map((r) => r.cells['学号']!.trim()).filter(Boolean)
  const found = await createClassesRepository({ db }).studentsByPhoneOrNo({ phones, nos })
  const byPhone = new Map(found.map((s) => [s.phone, s.id]))
  const byNo = new Map(found.flatMap((s) => (s.studentNo ? [[s.studentNo, s.id] as const] : [])))
  const errors: Array<{ row: number; reason: string }> = []
  const ids = new Map<number, number>()
  for (const r of rows) {
    const phone = r.cells['手机号']!.trim()
    const no = r.cells['学号']!.trim()
    const id = (phone && byPhone.get(phone)) || (no && byNo.get(no)) || undefined
    if (!phone && !no) errors.push({ row: r.row, reason: '请填写手机号或学号' })
    else if (!id) errors.push({ row: r.row, reason: `找不到学员（${phone || no}）` })
    else if (ids.has(id)) errors.push({ row: r.row, reason: `与第${ids.get(id)}行是同一名学员` })
    else ids.set(id, r.row)
  }
  if (errors.length)
    return { total: rows.length, imported: 0, joined: 0, moved: 0, already: 0, failed: errors.length, errors: errors.slice(0, 1000) }
  const result = await assignStudents({ db, classId, studentIds: [...ids.keys()], actor })
  return { total: rows.length, imported: rows.length, ...result, failed: 0, errors: [] }
}

/** The students now in the classes an operator heads, with their class (a head teacher's roster). */
export async function studentsOfHeadTeacher({ db, adminId }: { db: Executor; adminId: number }) {
  return createClassesRepository({ db }).studentsHeadedBy({ adminId })
}
