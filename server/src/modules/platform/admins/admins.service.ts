import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../../config.ts'
import type { Executor } from '../../../db/types.ts'
import { dummyPasswordHash, hashPassword, randomString, verifyPassword } from '../../../lib/crypto.ts'
import { LoginPlatform, LoginType } from '../../../wire.ts'
import { BUILTIN_POSITION, isRight } from '@activity/domain'
import { createSessionsRepository } from '../sessions/index.ts'
import { createSignInGuard } from '../sign-in-guard/index.ts'
import {
  createAccountTakenError,
  createAdminBadCredentialsError,
  createAdminDisabledError,
  createAdminNotFoundError,
  createAdminWrongOldPasswordError,
  createLastAdminError,
  createOwnPositionError,
  createPositionBuiltinError,
  createPositionInUseError,
  createPositionNameTakenError,
  createPositionNotFoundError,
  createSelfRemoveError,
} from './admins.errors.ts'
import {
  type AdminRow,
  type AdminWithPosition,
  createAdminOpenIdsRepository,
  createAdminsRepository,
  createPositionsRepository,
  type PositionRow,
} from './admins.repository.ts'

/** An operator on the wire: `role` is their position's name (as the console has always shown it). */
export function toAdmin(a: AdminWithPosition) {
  return {
    id: a.id,
    account: a.account,
    name: a.name,
    role: a.positionName,
    positionId: a.positionId,
    rights: a.rights,
    enabled: a.enabled,
    phone: a.phone,
    totpEnabled: a.totpSecret !== null,
    departmentId: a.departmentId,
    createdAt: a.createdAt.toISOString(),
  }
}

export function toPosition(p: PositionRow & { members?: number }) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    rights: p.builtin && p.name === BUILTIN_POSITION.admin ? [] : p.rights.filter(isRight),
    builtin: p.builtin,
    allRights: p.builtin && p.name === BUILTIN_POSITION.admin,
    members: p.members ?? 0,
    updatedAt: p.updatedAt.toISOString(),
  }
}

/** The operator with position and rights, or 404. */
export async function loadAdmin({ db, id }: { db: Executor; id: number }): Promise<AdminWithPosition> {
  const admin = await createAdminsRepository({ db }).findWithRights({ id })
  if (!admin) throw createAdminNotFoundError()
  return admin
}

async function assertPosition({ db, positionId }: { db: Executor; positionId: number }) {
  const position = await createPositionsRepository({ db }).findById({ id: positionId })
  if (!position) throw createPositionNotFoundError()
  return position
}

const guardKey = (account: string) => `admin:${account.toLowerCase()}`

/** `ip`: where the try came from (request.ip); the guard counts failures per account and source. */
export async function signInAdmin({
  db,
  account,
  password,
  ip,
}: {
  db: Executor
  account: string
  password: string
  ip: string
}): Promise<AdminRow> {
  const admin = await createSignInGuard({ db }).check({ key: guardKey(account), ip }, async () => {
    const found = await createAdminsRepository({ db }).findByAccount({ account })
    const valid = await verifyPassword(password, found?.passwordHash ?? (await dummyPasswordHash()))
    if (!found || !valid) throw createAdminBadCredentialsError()
    return found
  })
  if (!admin.enabled) throw createAdminDisabledError()
  return admin
}

/**
 * The old password is checked under the sign-in's guard (the same key, limit and lock): a session
 * someone else holds must not become a way to try every password.
 */
export async function updateOwnPassword({
  db,
  adminId,
  oldPassword,
  password,
  ip,
}: {
  db: Executor
  adminId: number
  oldPassword: string
  password: string
  ip: string
}) {
  const repo = createAdminsRepository({ db })
  const admin = await repo.findById({ id: adminId })
  if (!admin) throw createAdminNotFoundError()
  await createSignInGuard({ db }).check({ key: guardKey(admin.account), ip }, async () => {
    if (!(await verifyPassword(oldPassword, admin.passwordHash))) throw createAdminWrongOldPasswordError()
  })
  await repo.update({ id: adminId, values: { passwordHash: await hashPassword(password) } })
}

export async function createAdmin({
  db,
  account,
  name,
  password,
  positionId,
  phone,
}: {
  db: Executor
  account: string
  name: string
  password: string
  positionId: number
  phone?: string | null
}) {
  await assertPosition({ db, positionId })
  const row = await createAdminsRepository({ db }).insert({
    account,
    name,
    positionId,
    phone: phone ?? null,
    passwordHash: await hashPassword(password),
  })
  if (!row) throw createAccountTakenError()
  return loadAdmin({ db, id: row.id })
}

export async function updateAdmin({
  db,
  actorId,
  id,
  name,
  positionId,
  enabled,
  password,
  phone,
}: {
  db: Executor
  actorId: number
  id: number
  name?: string
  positionId?: number
  enabled?: boolean
  password?: string
  /** null clears it; undefined leaves it. */
  phone?: string | null
}) {
  return db.transaction(async (tx) => {
    const repo = createAdminsRepository({ db: tx })
    const admin = await repo.findById({ id })
    if (!admin) throw createAdminNotFoundError()
    if (id === actorId && (enabled === false || (positionId && positionId !== admin.positionId)))
      throw createSelfRemoveError({ message: '不能停用自己或修改自己的岗位' })
    if (positionId) await assertPosition({ db: tx, positionId })
    const isAdmin = await repo.isAdministrator({ id })
    const losesAdmin = isAdmin && admin.enabled && ((positionId && positionId !== admin.positionId) || enabled === false)
    if (losesAdmin && (await repo.countOtherEnabledAdmins({ id })) === 0) throw createLastAdminError()
    await repo.update({
      id,
      values: {
        ...(name ? { name } : {}),
        ...(positionId ? { positionId } : {}),
        ...(enabled !== undefined ? { enabled } : {}),
        ...(phone !== undefined ? { phone } : {}),
        ...(password ? { passwordHash: await hashPassword(password) } : {}),
      },
    })
    if (enabled === false || password) await createSessionsRepository({ db: tx }).deleteByAdmin({ adminId: id })
    return { before: admin, after: await loadAdmin({ db: tx, id }) }
  })
}

export async function deleteAdmin({ db, actorId, id }: { db: Executor; actorId: number; id: number }) {
  await db.transaction(async (tx) => {
    const repo = createAdminsRepository({ db: tx })
    const admin = await repo.findById({ id })
    if (!admin) throw createAdminNotFoundError()
    if (id === actorId) throw createSelfRemoveError()
    if ((await repo.isAdministrator({ id })) && admin.enabled && (await repo.countOtherEnabledAdmins({ id })) === 0)
      throw createLastAdminError()
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
    await createAdmin({
      db,
      account: config.admin.account,
      name: '管理员',
      password: config.admin.password,
      positionId: await adminPositionId(db),
    })
    log.info(`created the first administrator "${config.admin.account}" from ADMIN_ACCOUNT/ADMIN_PASSWORD`)
    return { account: config.admin.account }
  }
  if (config.isProduction) {
    log.warn('no administrator exists: set ADMIN_ACCOUNT and ADMIN_PASSWORD and restart to create the first one')
    return undefined
  }
  const password = `${randomString(6, 'abcdefghjkmnpqrstuvwxyz')}${randomString(6, '23456789')}`
  await createAdmin({ db, account: 'admin', name: '管理员', password, positionId: await adminPositionId(db) })
  return { account: 'admin', password }
}

/** The id of a built-in position (migration 0015 creates them): 管理员, 财务 or 招生老师. */
export async function builtinPositionId(db: Executor, name: (typeof BUILTIN_POSITION)[keyof typeof BUILTIN_POSITION]) {
  const row = await createPositionsRepository({ db }).findByName({ name })
  if (!row?.builtin) throw createPositionNotFoundError()
  return row.id
}
const adminPositionId = (db: Executor) => builtinPositionId(db, BUILTIN_POSITION.admin)

// ---- 岗位 ----

/** Keeps known rights only, each once, in the catalogue's order. */
const cleanRights = (rights: readonly string[]) => [...new Set(rights)].filter(isRight)

export async function createPosition({
  db,
  name,
  description,
  rights,
}: {
  db: Executor
  name: string
  description?: string
  rights: string[]
}) {
  const row = await createPositionsRepository({ db }).insert({ name, description: description ?? '', rights: cleanRights(rights) })
  if (!row) throw createPositionNameTakenError()
  return row
}

/**
 * Renames a position or changes its rights, under a lock. The built-in ones keep their names and
 * 管理员 its rights (all); nobody changes the rights of the position they hold themselves (they
 * could lock themselves out, or grant themselves more).
 */
export async function updatePosition({
  db,
  actorPositionId,
  id,
  name,
  description,
  rights,
}: {
  db: Executor
  actorPositionId: number
  id: number
  name?: string
  description?: string
  rights?: string[]
}) {
  return db.transaction(async (tx) => {
    const repo = createPositionsRepository({ db: tx })
    const before = await repo.lockById({ id })
    if (!before) throw createPositionNotFoundError()
    const renames = name !== undefined && name !== before.name
    if (before.builtin && (renames || (before.name === BUILTIN_POSITION.admin && rights !== undefined))) throw createPositionBuiltinError()
    if (rights !== undefined && id === actorPositionId) throw createOwnPositionError()
    if (renames) {
      const taken = await repo.findByName({ name: name! })
      if (taken) throw createPositionNameTakenError()
    }
    const after = await repo.update({
      id,
      values: {
        ...(renames ? { name } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(rights !== undefined ? { rights: cleanRights(rights) } : {}),
      },
    })
    return { before, after: after! }
  })
}

export async function deletePosition({ db, id }: { db: Executor; id: number }) {
  return db.transaction(async (tx) => {
    const repo = createPositionsRepository({ db: tx })
    const position = await repo.lockById({ id })
    if (!position) throw createPositionNotFoundError()
    if (position.builtin) throw createPositionBuiltinError()
    if ((await repo.memberCount({ id })) > 0) throw createPositionInUseError()
    await repo.delete({ id })
    return position
  })
}

/** The operators, by keyword and position, a page. */
export async function listAdmins({ db, ...query }: { db: Executor } & Parameters<ReturnType<typeof createAdminsRepository>['list']>[0]) {
  return createAdminsRepository({ db }).list(query)
}

/** Every position, with its member count. */
export async function listPositions({ db }: { db: Executor }) {
  return createPositionsRepository({ db }).list()
}

/** How many operators hold the position. */
export async function positionMemberCount({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createPositionsRepository>['memberCount']>[0]) {
  return createPositionsRepository({ db }).memberCount(query)
}

/** Enabled operators whose position grants the right, by name. */
export async function operatorsWithRight({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createAdminsRepository>['enabledWithRight']>[0]) {
  return createAdminsRepository({ db }).enabledWithRight(query)
}

/** The enabled operators of `ids` (id and name), e.g. a defence panel. */
export async function operatorsByIds({ db, ids }: { db: Executor; ids: number[] }) {
  return createAdminsRepository({ db }).enabledByIds({ ids: [...new Set(ids)] })
}

/** The enabled operator an open id is bound to, if any (教职工's silent sign-in in the app). */
export async function adminOfOpenId({ db, platform, type, openId }: { db: Executor; platform: string; type: string; openId: string }) {
  const binding = await createAdminOpenIdsRepository({ db }).find({ platform, type, openId })
  if (!binding) return undefined
  const admin = await createAdminsRepository({ db }).findById({ id: binding.adminId })
  return admin?.enabled ? admin : undefined
}

/** Binds the signed-in operator's open id for the platform (in one transaction: it moves from anyone else). */
export async function bindAdminOpenId({
  db,
  adminId,
  platform,
  type,
  openId,
}: {
  db: Executor
  adminId: number
  platform: string
  type: string
  openId: string
}) {
  await db.transaction((tx) => createAdminOpenIdsRepository({ db: tx }).bind({ adminId, platform, type, openId }))
}

export async function unbindAdminOpenId({ db, ...args }: { db: Executor; adminId: number; platform: string; type: string }) {
  await createAdminOpenIdsRepository({ db }).unbind(args)
}

/** The mini-program open id an enabled operator signed in to the app with (where their subscribe messages go), if any. */
export async function miniOpenIdOfAdmin({ db, adminId }: { db: Executor; adminId: number }): Promise<string | undefined> {
  return createAdminOpenIdsRepository({ db }).openIdOf({ adminId, platform: LoginPlatform.weixin, type: LoginType.miniProgram })
}

export async function adminOpenIdBound({ db, ...args }: { db: Executor; adminId: number; platform: string; type: string }) {
  return createAdminOpenIdsRepository({ db }).boundFor(args)
}
