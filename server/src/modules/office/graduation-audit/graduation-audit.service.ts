import { formatYuan } from '@activity/money'
import type { Executor } from '../../../db/types.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
import { ApprovalStatus, GraduationCheck, GraduationState, StudentStatus } from '../../../wire.ts'
import { examResultsOf } from '../../learning/index.ts'
import { tuitionOfStudents } from '../../money/index.ts'
import { type Actor, type ApprovalKindHandler, type ApprovalKinds, recordAudit, submitApproval } from '../../platform/index.ts'
import { changeStudentStatus, classOfStudent, photoStatusOf, thesisResultsOf } from '../../roll/index.ts'
import {
  createAuditNotFoundError,
  createAuditTakenError,
  createConditionNotFoundError,
  createConditionsChangedError,
  createCourseMissingError,
  createGraduatedRevokeError,
  createNotGraduatableError,
} from './graduation-audit.errors.ts'
import {
  type ApplicationRow,
  type AuditRow,
  type ConditionRow,
  createGraduationAuditRepository,
  type GraduateRow,
} from './graduation-audit.repository.ts'

export interface Check {
  key: string
  kind: GraduationCheck
  name: string
  met: boolean
  detail: string
}
type AuditStudent = Awaited<ReturnType<ReturnType<typeof createGraduationAuditRepository>['studentsOf']>>[number]

export async function auditById({ db, id }: { db: Executor; id: number }) {
  const row = await createGraduationAuditRepository({ db }).audit({ id })
  if (!row) throw createAuditNotFoundError()
  return row
}

/** The audit as the console reads it: its required courses by title and its manual conditions. */
export async function toAudit({ db, audit }: { db: Executor; audit: AuditRow }) {
  return (await toAudits({ db, audits: [audit] }))[0]!
}
async function toAudits({ db, audits }: { db: Executor; audits: AuditRow[] }) {
  const repo = createGraduationAuditRepository({ db })
  const [conditions, courses] = await Promise.all([
    repo.conditions({ auditIds: audits.map((a) => a.id) }),
    repo.courses({ ids: [...new Set(audits.flatMap((a) => a.requiredCourseIds))] }),
  ])
  const title = new Map(courses.map((c) => [c.id, c.title]))
  return audits.map((a) => ({
    id: a.id,
    title: a.title,
    batchYear: a.batchYear,
    batch: a.batch,
    graduationDate: a.graduationDate,
    requiredCourses: a.requiredCourseIds.map((id) => ({ id, title: title.get(id) ?? '（已删除的课程）' })),
    conditions: conditions.filter((c) => c.auditId === a.id).map((c) => ({ id: c.id, name: c.name, programme: c.programme })),
    createdBy: a.createdBy,
    createdAt: a.createdAt.toISOString(),
  }))
}

export interface AuditInput {
  title: string
  batchYear: number
  batch: number
  graduationDate: string
  requiredCourseIds: number[]
}

/** Opens (no `id`) or changes a batch's audit; one per batch (409), its courses must exist (400). */
export async function saveAudit({
  db,
  id,
  input,
  actor,
}: {
  db: Executor
  id?: number
  input: Omit<AuditInput, 'batchYear' | 'batch'> & Partial<Pick<AuditInput, 'batchYear' | 'batch'>>
  actor: Actor
}) {
  const courseIds = [...new Set(input.requiredCourseIds)]
  try {
    return await db.transaction(async (tx) => {
      const repo = createGraduationAuditRepository({ db: tx })
      if ((await repo.courses({ ids: courseIds })).length !== courseIds.length) throw createCourseMissingError()
      const before = id === undefined ? undefined : await repo.audit({ id, forUpdate: true })
      if (id !== undefined && !before) throw createAuditNotFoundError()
      const values = { title: input.title, graduationDate: input.graduationDate, requiredCourseIds: courseIds }
      const row = before
        ? (await repo.updateAudit({ id: before.id, values: { ...values, updatedAt: new Date() } }))!
        : await repo.insertAudit({ ...values, batchYear: input.batchYear!, batch: input.batch!, createdBy: actor.name })
      await recordAudit({
        tx,
        actor,
        entry: {
          action: before ? 'graduation.audit.update' : 'graduation.audit.create',
          entityType: 'graduationAudit',
          entityId: row.id,
          summary: `${before ? '修改' : '新建'}毕业审核：${row.title}（${row.batchYear}年${row.batch}期，毕业日期${row.graduationDate}）`,
          before: before
            ? { title: before.title, graduationDate: before.graduationDate, requiredCourseIds: before.requiredCourseIds }
            : null,
          after: values,
        },
      })
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error, 'graduation_audits_batch_idx')) throw createAuditTakenError()
    throw error
  }
}

/** The audits, latest graduation first, each with its batch's counts by state. */
export async function listAudits({ db }: { db: Executor }) {
  const audits = await createGraduationAuditRepository({ db }).audits()
  const shown = await toAudits({ db, audits })
  return Promise.all(
    audits.map(async (audit, i) => ({ ...shown[i]!, counts: countsOf((await evaluate({ db, audit })).map((r) => r.state)) })),
  )
}

export async function addCondition({
  db,
  input,
  actor,
}: {
  db: Executor
  input: { auditId: number; name: string; programme?: string }
  actor: Actor
}) {
  return db.transaction(async (tx) => {
    const audit = await auditById({ db: tx, id: input.auditId })
    const row = await createGraduationAuditRepository({ db: tx }).insertCondition({
      auditId: audit.id,
      name: input.name,
      programme: input.programme ?? null,
    })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'graduation.condition.create',
        entityType: 'graduationAudit',
        entityId: audit.id,
        summary: `${audit.title}：新增毕业条件「${row.name}」（${row.programme ?? '全部学员'}）`,
        after: { id: row.id, name: row.name, programme: row.programme },
      },
    })
    return audit
  })
}

export async function removeCondition({ db, id, actor }: { db: Executor; id: number; actor: Actor }) {
  return db.transaction(async (tx) => {
    const repo = createGraduationAuditRepository({ db: tx })
    const condition = await repo.condition({ id })
    if (!condition) throw createConditionNotFoundError()
    const audit = await auditById({ db: tx, id: condition.auditId })
    await repo.deleteCondition({ id })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'graduation.condition.delete',
        entityType: 'graduationAudit',
        entityId: audit.id,
        summary: `${audit.title}：删除毕业条件「${condition.name}」`,
        before: { id, name: condition.name, programme: condition.programme },
      },
    })
    return audit
  })
}

/** Marks a manual condition met or not for students of its audit (others are refused as not found). */
export async function markCondition({
  db,
  input,
  actor,
}: {
  db: Executor
  input: { conditionId: number; studentIds: number[]; met: boolean }
  actor: Actor
}) {
  return db.transaction(async (tx) => {
    const repo = createGraduationAuditRepository({ db: tx })
    const condition = await repo.condition({ id: input.conditionId })
    if (!condition) throw createConditionNotFoundError()
    const audit = await auditById({ db: tx, id: condition.auditId })
    const ids = [...new Set(input.studentIds)]
    const found = (await repo.studentsOf({ audit, ids })).filter((s) => applies(condition, s))
    if (found.length !== ids.length) throw createConditionNotFoundError({ message: '有学员不在本次毕业审核的范围内' })
    const updated = await repo.setMarks({ conditionId: condition.id, studentIds: ids, met: input.met, by: actor.name })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'graduation.condition.mark',
        entityType: 'graduationAudit',
        entityId: audit.id,
        summary: `${audit.title}：${found
          .map((s) => s.name)
          .slice(0, 5)
          .join('、')}${found.length > 5 ? `等${found.length}人` : ''}「${condition.name}」标记为${input.met ? '已满足' : '未满足'}`,
        after: { conditionId: condition.id, studentIds: ids, met: input.met },
      },
    })
    return { updated }
  })
}

const applies = (condition: Pick<ConditionRow, 'programme'>, student: Pick<AuditStudent, 'programme'>) =>
  condition.programme === null || condition.programme === student.programme

/**
 * Every condition of the audit for these students (default: its whole batch), computed from where
 * each lives: the roll, tuition orders, required courses and their published exams, the thesis
 * score, the photo, and the office's marks. One query per kind, for the whole list.
 */
export async function checklists({ db, audit, students }: { db: Executor; audit: AuditRow; students: AuditStudent[] }) {
  const repo = createGraduationAuditRepository({ db })
  const ids = students.map((s) => s.id)
  const courseIds = audit.requiredCourseIds
  const [tuition, progress, exams, thesis, photos, courses, conditions] = await Promise.all([
    tuitionOfStudents({ db, studentIds: ids }),
    repo.courseProgress({ courseIds, studentIds: ids }),
    examResultsOf({ db, studentIds: ids, courseIds }),
    thesisResultsOf({ db, studentIds: ids }),
    photoStatusOf({ db, studentIds: ids }),
    repo.courses({ ids: courseIds }),
    repo.conditions({ auditIds: [audit.id] }),
  ])
  const marks = await repo.marks({ conditionIds: conditions.map((c) => c.id), studentIds: ids })
  const met = new Set(marks.filter((m) => m.met).map((m) => `${m.conditionId}:${m.studentId}`))
  const finished = new Map(progress.finished.map((f) => [`${f.studentId}:${f.courseId}`, f.finished]))
  const best = new Map(exams.best.map((b) => [`${b.studentId}:${b.paperId}`, b.score]))
  const courseTitle = new Map(courses.map((c) => [c.id, c.title]))
  const result = new Map<number, Check[]>()
  for (const s of students) {
    const checks: Check[] = []
    const roll = s.status === StudentStatus.studying || s.status === StudentStatus.graduated
    checks.push({
      key: 'roll',
      kind: GraduationCheck.roll,
      name: '学籍状态',
      met: roll,
      detail: roll ? s.status : `学籍${s.status}，不能毕业`,
    })

    const t = tuition.get(s.id)
    checks.push({
      key: 'tuition',
      kind: GraduationCheck.tuition,
      name: '学费',
      met: Boolean(t && t.paid > 0 && t.unpaid === 0),
      detail: t?.unpaid ? `有${t.unpaid}笔学费待缴，共${formatYuan(t.unpaidAmount)}` : t?.paid ? '学费已缴清' : '没有学费缴费记录',
    })

    const unfinished = courseIds.filter((c) => {
      const total = progress.sections.get(c) ?? 0
      const done = finished.get(`${s.id}:${c}`)
      return done === undefined || done < total
    })
    checks.push({
      key: 'courses',
      kind: GraduationCheck.courses,
      name: '必修课程',
      met: unfinished.length === 0,
      detail: !courseIds.length
        ? '本次审核没有必修课程'
        : unfinished.length
          ? `未学完：${unfinished.map((c) => courseTitle.get(c) ?? '').join('、')}`
          : `${courseIds.length}门必修课程已学完`,
    })

    const failed = exams.exams.filter((e) => (best.get(`${s.id}:${e.id}`) ?? -1) < e.passScore)
    checks.push({
      key: 'exams',
      kind: GraduationCheck.exams,
      name: '考试',
      met: failed.length === 0,
      detail: !exams.exams.length
        ? '必修课程没有考试'
        : failed.length
          ? `未通过：${failed.map((e) => e.title).join('、')}`
          : `${exams.exams.length}场考试已通过`,
    })

    const th = thesis.get(s.id)
    checks.push({
      key: 'thesis',
      kind: GraduationCheck.thesis,
      name: '毕业论文',
      met: !th || th.passed,
      detail: !th
        ? '本批次没有论文要求'
        : th.passed
          ? `论文成绩${th.totalScore}分，已通过`
          : !th.selected
            ? '还没有选题'
            : th.published
              ? `论文成绩${th.totalScore ?? 0}分，未达到${th.passScore}分`
              : '论文成绩尚未发布',
    })

    const photo = photos.get(s.id)
    checks.push({
      key: 'photo',
      kind: GraduationCheck.photo,
      name: '毕业照片',
      met: photo?.status === ApprovalStatus.approved,
      detail: !photo
        ? '本批次尚未开始照片采集'
        : photo.status === ApprovalStatus.approved
          ? '照片已审核通过'
          : photo.status
            ? `照片${photo.status}`
            : '还没有上传照片',
    })

    for (const c of conditions.filter((c) => applies(c, s))) {
      const ok = met.has(`${c.id}:${s.id}`)
      checks.push({
        key: `manual:${c.id}`,
        kind: GraduationCheck.manual,
        name: c.name,
        met: ok,
        detail: ok ? '已满足' : '未满足（由教务处确认）',
      })
    }
    result.set(s.id, checks)
  }
  return result
}

function stateOf(checks: Check[], application: ApplicationRow | undefined, graduate: GraduateRow | undefined): GraduationState {
  if (graduate) return GraduationState.graduated
  if (application?.status === ApprovalStatus.pending) return GraduationState.pending
  if (!checks.every((c) => c.met)) return GraduationState.blocked
  return application?.status === ApprovalStatus.refused ? GraduationState.refused : GraduationState.ready
}

function countsOf(states: GraduationState[]) {
  const n = (s: GraduationState) => states.filter((x) => x === s).length
  return {
    students: states.length,
    ready: n(GraduationState.ready) + n(GraduationState.refused),
    blocked: n(GraduationState.blocked),
    pending: n(GraduationState.pending),
    graduated: n(GraduationState.graduated),
  }
}

/** Each student of the audit (or of `ids`, `name`) with their checklist, latest application, graduate record and state. */
async function evaluate({ db, audit, name, ids }: { db: Executor; audit: AuditRow; name?: string; ids?: number[] }) {
  const repo = createGraduationAuditRepository({ db })
  const students = await repo.studentsOf({ audit, name, ids })
  const studentIds = students.map((s) => s.id)
  const [checks, applications, graduates] = await Promise.all([
    checklists({ db, audit, students }),
    repo.latestApplications({ auditId: audit.id, studentIds }),
    repo.graduatesOf({ studentIds }),
  ])
  const application = new Map(applications.map((a) => [a.studentId, a]))
  const graduate = new Map(graduates.map((g) => [g.studentId, g]))
  return students.map((s) => {
    const checklist = checks.get(s.id)!
    return {
      student: s,
      checklist,
      application: application.get(s.id),
      graduate: graduate.get(s.id),
      state: stateOf(checklist, application.get(s.id), graduate.get(s.id)),
    }
  })
}
type Evaluated = Awaited<ReturnType<typeof evaluate>>[number]

/**
 * 毕业预览: the batch's students with their checklist and state, filtered by state, by a condition
 * they miss (its key, or its name for a manual one) and by name, with the batch's counts.
 */
export async function previewGraduates({
  db,
  auditId,
  state,
  blockedBy,
  name,
}: {
  db: Executor
  auditId: number
  state?: GraduationState
  blockedBy?: string
  name?: string
}) {
  const audit = await auditById({ db, id: auditId })
  const all = await evaluate({ db, audit })
  const rows = all.filter(
    (r) =>
      (!state || r.state === state) &&
      (!blockedBy || r.checklist.some((c) => !c.met && (c.key === blockedBy || c.name === blockedBy))) &&
      (!name || r.student.name.includes(name)),
  )
  return { audit, counts: countsOf(all.map((r) => r.state)), rows }
}

export function toPreviewRow(r: Evaluated, approvals: ReadonlyMap<number, { id: number }>) {
  return {
    studentId: r.student.id,
    name: r.student.name,
    studentNo: r.student.studentNo,
    school: r.student.school,
    major: r.student.major,
    level: r.student.level,
    programme: r.student.programme,
    checklist: r.checklist,
    state: r.state,
    application: r.application
      ? { id: r.application.id, status: r.application.status as ApprovalStatus, approvalId: approvals.get(r.application.id)?.id ?? null }
      : null,
    graduate: r.graduate ? toGraduate(r.graduate) : null,
  }
}

export const toGraduate = (g: GraduateRow) => ({
  certificateNo: g.certificateNo,
  graduatedOn: g.graduatedOn,
  createdAt: g.createdAt.toISOString(),
})

/**
 * Submits the students who meet every condition (可提交, or 已驳回 and met again) to the audit's
 * approval: the head teacher, then the education office. The others are listed with why; each
 * student's application and approval are written in one transaction, and the database keeps one
 * live application per student (a second submit at once: skipped).
 */
export async function submitGraduates({
  db,
  auditId,
  studentIds,
  actor,
  kinds,
  now = new Date(),
}: {
  db: Executor
  auditId: number
  studentIds: number[]
  actor: Actor
  kinds: ApprovalKinds
  now?: Date
}) {
  const audit = await auditById({ db, id: auditId })
  const ids = [...new Set(studentIds)]
  const evaluated = await evaluate({ db, audit, ids })
  const byId = new Map(evaluated.map((r) => [r.student.id, r]))
  const skipped: Array<{ studentId: number; name: string; reason: string }> = []
  let submitted = 0
  for (const id of ids) {
    const r = byId.get(id)
    if (!r) {
      skipped.push({ studentId: id, name: '', reason: '不在本次毕业审核的批次中' })
      continue
    }
    if (r.state !== GraduationState.ready && r.state !== GraduationState.refused) {
      const missing = r.checklist.filter((c) => !c.met).map((c) => c.name)
      skipped.push({
        studentId: id,
        name: r.student.name,
        reason: r.state === GraduationState.blocked ? `未满足：${missing.join('、')}` : `${r.state}，不需要再提交`,
      })
      continue
    }
    try {
      await db.transaction(async (tx) => {
        const application = await createGraduationAuditRepository({ db: tx }).insertApplication({
          auditId: audit.id,
          studentId: id,
          status: ApprovalStatus.pending,
          checklist: r.checklist,
          createdAt: now,
          updatedAt: now,
        })
        const klass = await classOfStudent({ db: tx, studentId: id })
        await submitApproval({
          db: tx,
          submission: {
            kind: 'graduation',
            subjectId: application.id,
            title: `${r.student.name}的毕业审核`,
            fields: [
              { label: '毕业审核', value: audit.title },
              { label: '学号', value: r.student.studentNo ?? '（无）' },
              { label: '院校专业', value: `${r.student.school} ${r.student.major}（${r.student.level}）` },
              { label: '毕业条件', value: r.checklist.map((c) => `${c.name}：${c.detail}`).join('；') },
            ],
            // The student's request, not the operator's: an office operator submitting is not thereby its
            // 教务处审核 (the engine passes a step whose approver submitted it), who audits it next.
            applicant: { accountId: r.student.accountId, name: r.student.name },
            submittedBy: null,
            headTeacherId: klass?.headTeacherId ?? null,
          },
          kinds,
          now,
        })
        await recordAudit({
          tx,
          actor,
          entry: {
            action: 'graduation.submit',
            entityType: 'student',
            entityId: id,
            summary: `提交毕业审核：${r.student.name}（${audit.title}）`,
            after: { applicationId: application.id },
          },
        })
      })
      submitted += 1
    } catch (error) {
      if (!isUniqueViolation(error, 'graduation_applications_live_idx')) throw error
      skipped.push({ studentId: id, name: r.student.name, reason: '已在审核中' })
    }
  }
  return { submitted, skipped }
}

/**
 * Makes the student of an approved application a graduate, once: the record (the audit's next
 * certificate number, its graduation date) and the roll's status 毕业, in the caller's transaction.
 * A student already a graduate: nothing changes, their record is answered.
 */
async function makeGraduate({ db, application, actor }: { db: Executor; application: ApplicationRow; actor: Actor | null }) {
  const repo = createGraduationAuditRepository({ db })
  const [existing] = await repo.graduatesOf({ studentIds: [application.studentId] })
  if (existing) return existing
  const audit = (await repo.audit({ id: application.auditId, forUpdate: true }))!
  const seq = await repo.nextCertificateSeq({ id: audit.id })
  const certificateNo = `${audit.batchYear}${String(audit.batch).padStart(2, '0')}${String(seq).padStart(5, '0')}`
  const row = await repo.insertGraduate({
    studentId: application.studentId,
    auditId: audit.id,
    applicationId: application.id,
    certificateNo,
    graduatedOn: audit.graduationDate,
  })
  if (!row) return (await repo.graduatesOf({ studentIds: [application.studentId] }))[0]!
  const by = actor ?? { id: 0, name: '系统', role: '', rights: new Set<string>() }
  const [student] = await repo.studentsOf({ audit, ids: [application.studentId] })
  if (student && student.status !== StudentStatus.graduated)
    await changeStudentStatus({
      db,
      id: application.studentId,
      status: StudentStatus.graduated,
      reason: `毕业审核通过（${audit.title}）`,
      actor: by,
    })
  await recordAudit({
    tx: db,
    actor: by,
    entry: {
      action: 'graduation.graduate',
      entityType: 'student',
      entityId: application.studentId,
      summary: `${student?.name ?? ''}毕业：证书编号${certificateNo}，毕业日期${audit.graduationDate}`,
      after: { certificateNo, graduatedOn: audit.graduationDate },
    },
  })
  return row
}

/** The 毕业审核 kind: the application takes its approval's status; the last approval re-checks the conditions and makes the graduate. */
export const graduationApprovalKind: ApprovalKindHandler = {
  returnable: false,
  async onStatus({ db, request, status, now, by }) {
    const repo = createGraduationAuditRepository({ db })
    const application = (await repo.application({ id: request.subjectId, forUpdate: true }))!
    if (status === ApprovalStatus.approved) {
      const audit = (await repo.audit({ id: application.auditId }))!
      const students = await repo.studentsOf({ audit, ids: [application.studentId] })
      const checks = students.length ? (await checklists({ db, audit, students })).get(application.studentId)! : []
      const missing = checks.filter((c) => !c.met)
      if (!students.length || missing.length)
        throw createConditionsChangedError({
          message: `毕业条件已变化，不能通过：${missing.map((c) => `${c.name}（${c.detail}）`).join('；') || '学员不在本批次'}`,
        })
      await repo.setApplicationStatus({ id: application.id, status, now })
      await makeGraduate({ db, application: { ...application, status }, actor: by.actor })
      return
    }
    await repo.setApplicationStatus({ id: application.id, status, now })
  },
  async checkRevoke() {
    throw createGraduatedRevokeError()
  },
}

/** 生成毕业信息 for an approved student: their graduate record, created once (again: the same record, nothing changes). */
export async function confirmGraduate({ db, studentId, actor }: { db: Executor; studentId: number; actor: Actor }) {
  return db.transaction(async (tx) => {
    const application = await createGraduationAuditRepository({ db: tx }).approvedApplication({ studentId })
    if (!application) throw createNotGraduatableError()
    return makeGraduate({ db: tx, application, actor })
  })
}

export async function graduatesPage(args: { db: Executor; auditId?: number; name?: string; page: number; size: number }) {
  return createGraduationAuditRepository({ db: args.db }).graduatesPage(args)
}

/** The student's audit (of their batch): their checklist, state, latest application and graduate record; null audit without one. */
export async function myGraduation({ db, studentId }: { db: Executor; studentId: number }) {
  const repo = createGraduationAuditRepository({ db })
  const [me] = await repo.studentsOfId({ studentId })
  const audit = me && (await repo.auditOfBatch({ batchYear: me.batchYear, batch: me.batch }))
  if (!audit) return null
  const [row] = await evaluate({ db, audit, ids: [studentId] })
  return row ? { audit, ...row } : null
}
