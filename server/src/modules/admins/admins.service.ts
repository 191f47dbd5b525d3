import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.ts'
import type { Executor } from '../../db/types.ts'
import { dummyPasswordHash, hashPassword, randomString, verifyPassword } from '../../lib/crypto.ts'
import { AdminRole } from '../../wire.ts'
import { createSessionsRepository } from '../sessions/index.ts'
import { createSignInGuard } from '../sign-in-guard/index.ts'
import {
  createAccountTakenError,
  createAdminBadCredentialsError,
  createAdminDisabledError,
  createAdminNotFoundError,
  createAdminWrongOldPasswordError,
  createLastAdminError,
  createSelfRemoveError,
} from './admins.errors.ts'
import { type AdminRow, createAdminsRepository } from './admins.repository.ts'

export function toAdmin(a: AdminRow) {
  return {
    id: a.id,
    account: a.account,
    name: a.name,
    role: a.role,
    enabled: a.enabled,
    departmentId: a.departmentId,
    createdAt: a.createdAt.toISOString(),
  }
}

const guardKey = (account: string) => `admin:${account.toLowerCase()}`

export async function signInAdmin({ db, account, password }: { db: Executor; account: string; password: string }): Promise<AdminRow> {
  const guard = createSignInGuard({ db })
  await guard.assertNotLocked({ key: guardKey(account) })
  const admin = await createAdminsRepository({ db }).findByAccount({ account })
  const valid = await verifyPassword(password, admin?.passwordHash ?? (await dummyPasswordHash()))
  if (!admin || !valid) {
    await guard.recordFailure({ key: guardKey(account) })
    throw createAdminBadCredentialsError()
  }
  if (!admin.enabled) throw createAdminDisabledError()
  await guard.clear({ key: guardKey(account) })
  return admin
}

export async function updateOwnPassword({
  db,
  adminId,
  oldPassword,
  password,
}: {
  db: Executor
  adminId: number
  oldPassword: string
  password: string
}) {
  const repo = createAdminsRepository({ db })
  const admin = await repo.findById({ id: adminId })
  if (!admin) throw createAdminNotFoundError()
  if (!(await verifyPassword(oldPassword, admin.passwordHash))) throw createAdminWrongOldPasswordError()
  await repo.update({ id: adminId, values: { passwordHash: await hashPassword(password) } })
}

export async function createAdmin({
  db,
  account,
  name,
  password,
  role,
}: {
  db: Executor
  account: string
  name: string
  password: string
  role: string
}) {
  const row = await createAdminsRepository({ db }).insert({ account, name, role, passwordHash: await hashPassword(password) })
  if (!row) throw createAccountTakenError()
  return row
}

export async function updateAdmin({
  db,
  actorId,
  id,
  name,
  role,
  enabled,
  password,
}: {
  db: Executor
  actorId: number
  id: number
  name?: string
  role?: string
  enabled?: boolean
  password?: string
}) {
  return db.transaction(async (tx) => {
    const repo = createAdminsRepository({ db: tx })
    const admin = await repo.findById({ id })
    if (!admin) throw createAdminNotFoundError()
    if (id === actorId && (enabled === false || (role && role !== admin.role)))
      throw createSelfRemoveError({ message: '不能停用自己或修改自己的角色' })
    const losesAdmin = admin.role === AdminRole.admin && admin.enabled && ((role && role !== AdminRole.admin) || enabled === false)
    if (losesAdmin && (await repo.countOtherEnabledAdmins({ id })) === 0) throw createLastAdminError()
    const row = await repo.update({
      id,
      values: {
        ...(name ? { name } : {}),
        ...(role ? { role } : {}),
        ...(enabled !== undefined ? { enabled } : {}),
        ...(password ? { passwordHash: await hashPassword(password) } : {}),
      },
    })
    if (enabled === false || password) await createSessionsRepository({ db: tx }).deleteByAdmin({ adminId: id })
    return row!
  })
}

export async function deleteAdmin({ db, actorId, id }: { db: Executor; actorId: number; id: number }) {
  await db.transaction(async (tx) => {
    const repo = createAdminsRepository({ db: tx })
    const admin = await repo.findById({ id })
    if (!admin) throw createAdminNotFoundError()
    if (id === actorId) throw createSelfRemoveError()
    if (admin.role === AdminRole.admin && admin.enabled && (await repo.countOtherEnabledAdmins({ id })) === 0) throw createLastAdminError()
    await repo.delete({ id })
  })
}

/**
 * No default password in production: on an empty admins table the first administrator comes from
 * ADMIN_ACCOUNT/ADMIN_PASSWORD; in development without them a password is generated and printed once.
 */
export async function ensureFirstAdmin({
  db,
  config,
  log,
}: {
  db: Executor
  config: Config
  log: FastifyBaseLogger
}): Promise<{ account: string; password?: string } | undefined> {
  const repo = createAdminsRepository({ db })
  if ((await repo.count()) > 0) return undefined
  if (config.admin) {
    await createAdmin({ db, account: config.admin.account, name: '管理员', password: config.admin.password, role: AdminRole.admin })
    log.info(`created the first administrator "${config.admin.account}" from ADMIN_ACCOUNT/ADMIN_PASSWORD`)
    return { account: config.admin.account }
  }
  if (config.isProduction) {
    log.warn('no administrator exists: set ADMIN_ACCOUNT and ADMIN_PASSWORD and restart to create the first one')
    return undefined
  }
  const password = `${randomString(6, 'abcdefghjkmnpqrstuvwxyz')}${randomString(6, '23456789')}`
  await createAdmin({ db, account: 'admin', name: '管理员', password, role: AdminRole.admin })
  return { account: 'admin', password }
}
