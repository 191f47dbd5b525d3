import type { Executor } from '../../../db/types.ts'
import { monthRange } from '../../../lib/time-range.ts'
import { createAdminsRepository } from '../../platform/index.ts'
import { createDepartmentsRepository } from '../../platform/index.ts'
import { createTargetOwnerNotFoundError } from './enroll-targets.errors.ts'
import { type Counts, createEnrollTargetsRepository, type Median } from './enroll-targets.repository.ts'

/** Who is looking: an operator who sees every row (管理员), or only their own and their department's. */
export interface Viewer {
  id: number
  seesAll: boolean
}

/** A percentage with one decimal, null when there is nothing to divide by. */
export const percent = (part: number, whole: number | null): number | null =>
  whole === null || whole <= 0 ? null : Math.round((part * 1000) / whole) / 10

interface Figures {
  /** Clues given to them this month (by assignment time). */
  assigned: number
  /** Clues with at least one of their follow-ups this month. */
  followed: number
  /** Deals closed this month on their clues (refunded ones left out). */
  deals: number
  followTarget: number | null
  dealTarget: number | null
  /** followed / followTarget, %. */
  followProgress: number | null
  /** deals / dealTarget, %. */
  dealProgress: number | null
  /** deals / assigned, %. */
  conversionRate: number | null
  /** Median seconds from assignment to the teacher's first follow-up, over the clues assigned this month. */
  medianFirstFollowUpSeconds: number | null
  /** How many clues that median is over. */
  firstFollowUpClues: number
  /** 1 = best: by deals, then conversion; equal figures share a rank. */
  rank: number
}

function figures({
  assigned,
  followed,
  deals,
  target,
  median,
}: {
  assigned: number
  followed: number
  deals: number
  target: { followTarget: number; dealTarget: number } | undefined
  median: Median | undefined
}): Omit<Figures, 'rank'> {
  const followTarget = target?.followTarget ?? null
  const dealTarget = target?.dealTarget ?? null
  return {
    assigned,
    followed,
    deals,
    followTarget,
    dealTarget,
    followProgress: percent(followed, followTarget),
    dealProgress: percent(deals, dealTarget),
    conversionRate: percent(deals, assigned),
    medianFirstFollowUpSeconds: median?.seconds ?? null,
    firstFollowUpClues: median?.clues ?? 0,
  }
}

/** Ranks rows by deals, then conversion (none counts lowest); equal figures share a rank (1, 2, 2, 4). */
export function ranked<T extends Omit<Figures, 'rank'>>(rows: T[], tieBreak: (a: T, b: T) => number): Array<T & { rank: number }> {
  const conv = (r: T) => r.conversionRate ?? -1
  const sorted = [...rows].sort((a, b) => b.deals - a.deals || conv(b) - conv(a) || tieBreak(a, b))
  let rank = 0
  return sorted.map((r, i) => {
    const prev = sorted[i - 1]
    if (!prev || prev.deals !== r.deals || conv(prev) !== conv(r)) rank = i + 1
    return { ...r, rank }
  })
}

const get = (m: Counts, id: number) => m.get(id) ?? 0

/**
 * A month's targets dashboard: per teacher and per department, what was assigned, followed and
 * closed, against the targets, with conversion, median first-follow-up time and the ranking. A
 * viewer who does not see all gets their own row and their department's (ranks stay the whole office's).
 */
export async function targetStatistics({ db, month, viewer }: { db: Executor; month: string; viewer: Viewer }) {
  const repo = createEnrollTargetsRepository({ db })
  const range = monthRange(month)
  const [assigned, followed, deals, medians, deptMedians, targets, depts] = await Promise.all([
    repo.assigned({ range }),
    repo.followed({ range }),
    repo.deals({ range }),
    repo.medianByOperator({ range }),
    repo.medianByDepartment({ range }),
    repo.targets({ month }),
    repo.departments(),
  ])
  // Follow-ups alone (a 管理员 helping out) do not make a row: the rows are the clue workers and whoever holds clues.
  const withFigures = [...assigned.keys(), ...deals.keys()]
  const teacherTargets = new Map(targets.filter((t) => t.adminId !== null).map((t) => [t.adminId!, t]))
  const deptTargets = new Map(targets.filter((t) => t.departmentId !== null).map((t) => [t.departmentId!, t]))
  const operators = await repo.operators({ ids: [...new Set([...withFigures, ...teacherTargets.keys()])] })
  const deptName = new Map(depts.map((d) => [d.id, d.name]))

  const teachers = ranked(
    operators.map((o) => ({
      adminId: o.id,
      name: o.name,
      enabled: o.enabled,
      departmentId: o.departmentId,
      departmentName: o.departmentId === null ? null : (deptName.get(o.departmentId) ?? null),
      ...figures({
        assigned: get(assigned, o.id),
        followed: get(followed, o.id),
        deals: get(deals, o.id),
        target: teacherTargets.get(o.id),
        median: medians.get(o.id),
      }),
    })),
    (a, b) => a.adminId - b.adminId,
  )

  const departments = ranked(
    depts.map((d) => {
      const members = operators.filter((o) => o.departmentId === d.id)
      const sum = (m: Counts) => members.reduce((n, o) => n + get(m, o.id), 0)
      return {
        departmentId: d.id,
        name: d.name,
        members: members.length,
        ...figures({
          assigned: sum(assigned),
          followed: sum(followed),
          deals: sum(deals),
          target: deptTargets.get(d.id),
          median: deptMedians.get(d.id),
        }),
      }
    }),
    (a, b) => a.departmentId - b.departmentId,
  )

  if (viewer.seesAll) return { month, from: range.from.toISOString(), to: range.to.toISOString(), all: true, teachers, departments }
  const mine = teachers.find((t) => t.adminId === viewer.id)
  const myDepartmentId = mine?.departmentId ?? (await createAdminsRepository({ db }).findById({ id: viewer.id }))?.departmentId ?? null
  return {
    month,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    all: false,
    teachers: teachers.filter((t) => t.adminId === viewer.id),
    departments: departments.filter((d) => d.departmentId === myDepartmentId),
  }
}

/** The targets screen: every teacher and department with this month's targets (null: none set). */
export async function targetList({ db, month }: { db: Executor; month: string }) {
  const repo = createEnrollTargetsRepository({ db })
  const targets = await repo.targets({ month })
  const byAdmin = new Map(targets.filter((t) => t.adminId !== null).map((t) => [t.adminId!, t]))
  const byDept = new Map(targets.filter((t) => t.departmentId !== null).map((t) => [t.departmentId!, t]))
  const [operators, depts] = await Promise.all([repo.operators({ ids: [...byAdmin.keys()] }), repo.departments()])
  const deptName = new Map(depts.map((d) => [d.id, d.name]))
  return {
    month,
    teachers: operators.map((o) => ({
      adminId: o.id,
      name: o.name,
      departmentId: o.departmentId,
      departmentName: o.departmentId === null ? null : (deptName.get(o.departmentId) ?? null),
      followTarget: byAdmin.get(o.id)?.followTarget ?? null,
      dealTarget: byAdmin.get(o.id)?.dealTarget ?? null,
    })),
    departments: depts.map((d) => ({
      departmentId: d.id,
      name: d.name,
      followTarget: byDept.get(d.id)?.followTarget ?? null,
      dealTarget: byDept.get(d.id)?.dealTarget ?? null,
    })),
  }
}

/** Sets a teacher's or a department's target for a month; returns what the audit entry needs. */
export async function setTarget({
  db,
  input,
  updatedBy,
}: {
  db: Executor
  input: { month: string; adminId?: number; departmentId?: number; followTarget: number; dealTarget: number }
  updatedBy: number
}) {
  const ownerName =
    input.adminId !== undefined
      ? (await createAdminsRepository({ db }).findById({ id: input.adminId }))?.name
      : (await createDepartmentsRepository({ db }).findById({ id: input.departmentId! }))?.name
  if (ownerName === undefined) throw createTargetOwnerNotFoundError()
  const { before, row } = await createEnrollTargetsRepository({ db }).upsert({
    month: input.month,
    adminId: input.adminId ?? null,
    departmentId: input.adminId !== undefined ? null : input.departmentId!,
    followTarget: input.followTarget,
    dealTarget: input.dealTarget,
    updatedBy,
  })
  return { ownerName, before, row }
}

export const toTarget = (r: {
  id: number
  month: string
  adminId: number | null
  departmentId: number | null
  followTarget: number
  dealTarget: number
}) => ({
  id: r.id,
  month: r.month,
  adminId: r.adminId,
  departmentId: r.departmentId,
  followTarget: r.followTarget,
  dealTarget: r.dealTarget,
})
