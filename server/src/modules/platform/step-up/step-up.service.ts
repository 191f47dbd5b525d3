import { Secret, TOTP } from 'otpauth'
import type { Executor } from '../../../db/types.ts'
import { verifyPassword } from '../../../lib/crypto.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { SettingKey, StepUpMethod, STEP_UP_METHOD_LABEL } from '../../../wire.ts'
import { createAdminsRepository } from '../admins/index.ts'
import { type Actor, recordAudit } from '../audit/index.ts'
import { readSetting } from '../settings/index.ts'
import { createSignInGuard } from '../sign-in-guard/index.ts'
import { STEP_UP_CODE_TYPE, type VerificationService } from '../verification/index.ts'
import {
  createStepUpNoPhoneError,
  createStepUpSmsReplacedError,
  createStepUpWrongPasswordError,
  createTotpAlreadyBoundError,
  createTotpCodeUsedError,
  createTotpNoSetupError,
  createTotpNotBoundError,
  createTotpWrongCodeError,
} from './step-up.errors.ts'
import { createStepUpRepository, type StepUpRow } from './step-up.repository.ts'

/** A step-up is good for this long, in the session it was confirmed in (STEP_UP_MINUTES, 5 by default). */
export const STEP_UP_TTL_MS = 5 * 60 * 1000

/** Wrong passwords, SMS and TOTP codes count together: 5 within 15 minutes lock step-up for 15 minutes. */
const guardOf = (db: Executor) => createSignInGuard({ db, lockedMessage: (minutes) => `验证失败次数过多，请${minutes}分钟后再试` })
const guardKey = (adminId: number) => `stepUp:admin:${adminId}`

interface OperatorFactors {
  phone: string | null
  totpSecret: string | null
}

/** Password always; an authenticator once bound, else an SMS code when the operator has a phone. */
export function methodsOf(admin: OperatorFactors): StepUpMethod[] {
  if (admin.totpSecret) return [StepUpMethod.password, StepUpMethod.totp]
  if (admin.phone) return [StepUpMethod.password, StepUpMethod.sms]
  return [StepUpMethod.password]
}

/** `issuer`: what authenticator apps show above the code (the school's name, when it is bound); checking a code needs none. */
const totpOf = ({ secret, account, issuer = '' }: { secret: string; account: string; issuer?: string }) =>
  new TOTP({ issuer, label: account, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })

const TOTP_PERIOD_MS = 30_000

/** The 30-second step of a code of the current step or the one before or after (clocks drift); null: no match. */
function totpStep({ secret, account, code, now }: { secret: string; account: string; code: string; now: Date }): number | null {
  const delta = totpOf({ secret, account }).validate({ token: code, timestamp: now.getTime(), window: 1 })
  return delta === null ? null : Math.floor(now.getTime() / TOTP_PERIOD_MS) + delta
}

async function operatorOf(db: Executor, id: number) {
  const admin = await createAdminsRepository({ db }).findById({ id })
  // The session guard already refused a deleted operator; this is the race with a deletion.
  if (!admin) throw createStepUpWrongPasswordError({ message: '操作员不存在' })
  return admin
}

export function toStepUp(row: StepUpRow) {
  return { id: row.id, method: row.method, expiresAt: row.expiresAt.toISOString() }
}

/** The session's valid step-up at `now`, if any (what requireStepUp asks). */
export async function findValidStepUp({
  db,
  sessionId,
  adminId,
  now = new Date(),
}: {
  db: Executor
  sessionId: number
  adminId: number
  now?: Date
}): Promise<StepUpRow | undefined> {
  return createStepUpRepository({ db }).findValid({ sessionId, adminId, now })
}

/** What the operator may confirm with, and until when the current step-up holds. */
export async function stepUpState({
  db,
  adminId,
  sessionId,
  now = new Date(),
}: {
  db: Executor
  adminId: number
  sessionId: number
  now?: Date
}) {
  const admin = await operatorOf(db, adminId)
  const valid = await findValidStepUp({ db, sessionId, adminId, now })
  return {
    methods: methodsOf(admin),
    phone: admin.phone ? maskPhone(admin.phone) : null,
    totpEnabled: Boolean(admin.totpSecret),
    validUntil: valid ? valid.expiresAt.toISOString() : null,
  }
}

/** A confirmation of the operator's identity for their session; the step-up lasts `ttlMs`. */
interface Confirmation {
  db: Executor
  actor: Actor
  sessionId: number
  now?: Date
  ttlMs?: number
}

/**
 * Checks one factor under the lockout: a refusal counts as a failure, a success clears them; then
 * the step-up and its audit entry are written together.
 */
async function confirm(
  { db, actor, sessionId, now = new Date(), ttlMs = STEP_UP_TTL_MS }: Confirmation,
  method: StepUpMethod,
  check: (admin: Awaited<ReturnType<typeof operatorOf>>, call: { db: Executor; now: Date }) => Promise<void>,
): Promise<StepUpRow> {
  // No source: only the session's holder can try, so the operator's step-up is locked as a whole.
  await guardOf(db).check({ key: guardKey(actor.id), now }, async () => check(await operatorOf(db, actor.id), { db, now }))
  return db.transaction(async (tx) => {
    const row = await createStepUpRepository({ db: tx }).insert({
      adminId: actor.id,
      sessionId,
      method,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    })
    await recordAudit({
      tx,
      actor: { ...actor, stepUpId: row.id },
      entry: {
        action: 'stepUp.confirm',
        entityType: 'stepUp',
        entityId: row.id,
        summary: `${actor.name}以${STEP_UP_METHOD_LABEL[method]}完成身份验证，${Math.round(ttlMs / 60000)}分钟内有效`,
        after: { method, expiresAt: row.expiresAt.toISOString() },
      },
    })
    return row
  })
}

export async function confirmByPassword({ password, ...call }: Confirmation & { password: string }) {
  return confirm(call, StepUpMethod.password, async (admin) => {
    if (!(await verifyPassword(password, admin.passwordHash))) throw createStepUpWrongPasswordError()
  })
}

/** Sends a code to the operator's own phone (the app's codes: 5 minutes, 1 a minute, 10 a day per phone). */
export async function sendStepUpSms({ db, verification, adminId }: { db: Executor; verification: VerificationService; adminId: number }) {
  const admin = await operatorOf(db, adminId)
  if (admin.totpSecret) throw createStepUpSmsReplacedError()
  if (!admin.phone) throw createStepUpNoPhoneError()
  await verification.send({ db, phone: admin.phone, type: STEP_UP_CODE_TYPE })
  return { phone: maskPhone(admin.phone) }
}

export async function confirmBySms({ verification, code, ...call }: Confirmation & { verification: VerificationService; code: string }) {
  return confirm(call, StepUpMethod.sms, async (admin, { db, now }) => {
    if (admin.totpSecret) throw createStepUpSmsReplacedError()
    if (!admin.phone) throw createStepUpNoPhoneError()
    await verification.verify({ db, phone: admin.phone, types: [STEP_UP_CODE_TYPE], code, now })
  })
}

export async function confirmByTotp({ code, ...call }: Confirmation & { code: string }) {
  return confirm(call, StepUpMethod.totp, async (admin, { db, now }) => {
    if (!admin.totpSecret) throw createTotpNotBoundError()
    const step = totpStep({ secret: admin.totpSecret, account: admin.account, code, now })
    if (step === null) throw createTotpWrongCodeError()
    // A code is good once: the same code again (or an older one) waits for the next.
    if (!(await createAdminsRepository({ db }).claimTotpStep({ id: admin.id, step }))) throw createTotpCodeUsedError()
  })
}

/** A new secret to scan (kept as pending until a code confirms it); the bound one, if any, stays until then. */
export async function setupTotp({ db, adminId }: { db: Executor; adminId: number }) {
  const admin = await operatorOf(db, adminId)
  if (admin.totpSecret) throw createTotpAlreadyBoundError()
  const secret = new Secret({ size: 20 }).base32
  await createAdminsRepository({ db }).update({ id: adminId, values: { totpPendingSecret: secret } })
  const issuer = await readSetting({ db, key: SettingKey.schoolName })
  return { secret, uri: totpOf({ secret, account: admin.account, issuer }).toString() }
}

/** Binds the pending secret once a code from it matches; wrong codes count toward the lockout. */
export async function enableTotp({ db, actor, code, now = new Date() }: { db: Executor; actor: Actor; code: string; now?: Date }) {
  const admin = await operatorOf(db, actor.id)
  if (admin.totpSecret) throw createTotpAlreadyBoundError()
  const pending = admin.totpPendingSecret
  if (!pending) throw createTotpNoSetupError()
  const step = await guardOf(db).check({ key: guardKey(actor.id), now }, async () => {
    const found = totpStep({ secret: pending, account: admin.account, code, now })
    if (found === null) throw createTotpWrongCodeError()
    return found
  })
  await db.transaction(async (tx) => {
    // The binding code is used: it cannot also confirm a step-up.
    await createAdminsRepository({ db: tx }).update({
      id: actor.id,
      values: { totpSecret: pending, totpPendingSecret: null, totpLastStep: step },
    })
    await recordAudit({
      tx,
      actor,
      entry: { action: 'stepUp.totpEnable', entityType: 'admin', entityId: actor.id, summary: `${actor.name}绑定身份验证器` },
    })
  })
}

/** Unbinds the authenticator (the route asks for a fresh step-up first); SMS codes serve again. */
export async function disableTotp({ db, actor }: { db: Executor; actor: Actor }) {
  const admin = await operatorOf(db, actor.id)
  if (!admin.totpSecret && !admin.totpPendingSecret) throw createTotpNotBoundError()
  await db.transaction(async (tx) => {
    await createAdminsRepository({ db: tx }).update({ id: actor.id, values: { totpSecret: null, totpPendingSecret: null } })
    await recordAudit({
      tx,
      actor,
      entry: { action: 'stepUp.totpDisable', entityType: 'admin', entityId: actor.id, summary: `${actor.name}解绑身份验证器` },
    })
  })
}
