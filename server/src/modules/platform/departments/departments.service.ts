import type { Executor } from '../../../db/types.ts'
import { createAdminsRepository } from '../admins/index.ts'
import {
  createDepartmentHasMembersError,
  createDepartmentNameTakenError,
  createDepartmentNotFoundError,
  createOperatorNotFoundError,
} from './departments.errors.ts'
import { createDepartmentsRepository, type DepartmentRow } from './departments.repository.ts'

export function toDepartment(r: { department: DepartmentRow; leaderName: string | null; memberCount: number }) {
  return {
    id: r.department.id,
    name: r.department.name,
    leaderId: r.department.leaderId,
    leaderName: r.department.leaderId === null ? null : r.leaderName,
    memberCount: Number(r.memberCount),
    createdAt: r.department.createdAt.toISOString(),
  }
}

/** The leader named (null: none) must be an operator; undefined leaves it as it is. */
async function checkLeader({ db, leaderId }: { db: Executor; leaderId: number | null | undefined }) {
  if (leaderId === undefined || leaderId === null) return
  if (!(await createAdminsRepository({ db }).findById({ id: leaderId }))) throw createOperatorNotFoundError({ message: '负责人不存在' })
}

export async function createDepartment({ db, input }: { db: Executor; input: { name: string; leaderId?: number | null } }) {
  await checkLeader({ db, leaderId: input.leaderId })
  const row = await createDepartmentsRepository({ db }).insert({ name: input.name, leaderId: input.leaderId ?? null })
  if (!row) throw createDepartmentNameTakenError()
  return row
}

export async function updateDepartment({
  db,
  id,
  input,
}: {
  db: Executor
  id: number
  input: { name?: string; leaderId?: number | null }
}) {
  const repo = createDepartmentsRepository({ db })
  const before = await repo.findById({ id })
  if (!before) throw createDepartmentNotFoundError()
  await checkLeader({ db, leaderId: input.leaderId })
  if (input.name !== undefined && input.name !== before.name && (await repo.findByName({ name: input.name })))
    throw createDepartmentNameTakenError()
  const values = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.leaderId !== undefined ? { leaderId: input.leaderId } : {}),
  }
  const after = await repo.update({ id, values })
  return { before, after: after! }
}

/** A department with operators in it is not removed (they would lose their team silently); its targets go with it. */
export async function removeDepartment({ db, id }: { db: Executor; id: number }) {
  const repo = createDepartmentsRepository({ db })
  if (!(await repo.findById({ id }))) throw createDepartmentNotFoundError()
  if ((await repo.memberCount({ id })) > 0) throw createDepartmentHasMembersError()
  await repo.delete({ id })
}

/** Puts an operator in a department (null: in none). */
export async function setMember({ db, adminId, departmentId }: { db: Executor; adminId: number; departmentId: number | null }) {
  const admins = createAdminsRepository({ db })
  const admin = await admins.findById({ id: adminId })
  if (!admin) throw createOperatorNotFoundError()
  const department = departmentId === null ? undefined : await createDepartmentsRepository({ db }).findById({ id: departmentId })
  if (departmentId !== null && !department) throw createDepartmentNotFoundError()
  await admins.update({ id: adminId, values: { departmentId } })
  return { admin, beforeId: admin.departmentId, department: department ?? null }
}

/** Every department, with its leader's name and member count. */
export async function listDepartments({ db }: { db: Executor }) {
  return createDepartmentsRepository({ db }).list()
}
