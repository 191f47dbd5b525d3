import type { Executor } from '../../../db/types.ts'
import { dummyPasswordHash, hashPassword, randomString, verifyPassword } from '../../../lib/crypto.ts'
import { maskAccount, maskIdCard4, maskPhone } from '../../../lib/mask.ts'
import { AuditAction as AuditActionLabel, MessageKind, PartnerStatus, VerifyType, type AuditAction } from '../../../wire.ts'
import { type Actor, recordAudit } from '../../platform/index.ts'
import { recordMessage } from '../../platform/index.ts'
import { createSessionsRepository } from '../../platform/index.ts'
import { createSignInGuard } from '../../platform/index.ts'
import { type VerificationService } from '../../platform/index.ts'
import {
  createAuditTransitionError,
  createBadCredentialsError,
  createDisabledError,
  createIdCardRequiredError,
  createNotRegisteredError,
  createPartnerNotFoundError,
  createPayoutAccountRequiredError,
  createPhoneTakenError,
  createReferrerNotFoundError,
  createRejectReasonRequiredError,
  createSamePasswordError,
  createWrongOldPasswordError,
} from './partners.errors.ts'
import { createPartnersRepository, type PartnerRow } from './partners.repository.ts'

export type { PartnerRow } from './partners.repository.ts'

export function shareLink({ publicOrigin, code }: { publicOrigin: string; code: string }): string {
  return `${publicOrigin}/pages/activity/main?ref=${encodeURIComponent(code)}`
}

export type MissingInfoFields = Pick<
  PartnerRow,
  | 'realName'
  | 'gender'
  | 'idCard'
  | 'province'
  | 'city'
  | 'payoutType'
  | 'payoutAccount'
  | 'payoutName'
  | 'school'
  | 'major'
  | 'discipline'
  | 'intakeYear'
  | 'batch'
>

export function missingInfo(p: MissingInfoFields) {
  const personal = !(p.realName && p.gender && p.idCard && p.province && p.city && p.payoutType && p.payoutAccount && p.payoutName)
  const signUp = !(p.school && p.major && p.discipline && p.intakeYear && p.batch)
  return { personal, signUp, payoutAccount: !(p.payoutType && p.payoutAccount && p.payoutName) }
}

/** The user object of the client's session (ums signInfo and every sign-in answer). */
export function toUser(p: PartnerRow) {
  return {
    id: p.id,
    phone: maskPhone(p.phone),
    nickname: p.nickname,
    avatar: p.avatar,
    school: p.school,
    major: p.major,
    discipline: p.discipline,
    status: p.status,
    code: p.code,
  }
}

export function toProfile(p: PartnerRow, { publicOrigin }: { publicOrigin: string }) {
  return {
    id: p.id,
    code: p.code,
    phone: maskPhone(p.phone),
    status: p.status,
    rejectReason: p.status === PartnerStatus.rejected ? p.rejectReason : null,
    nickname: p.nickname,
    avatar: p.avatar,
    personal: {
      realName: p.realName,
      gender: p.gender,
      idCard: maskIdCard4(p.idCard),
      province: p.province,
      city: p.city,
      wechatId: p.wechatId,
      payoutType: p.payoutType,
      payoutAccount: maskAccount(p.payoutAccount),
      payoutName: p.payoutName,
    },
    signUp: { school: p.school, major: p.major, discipline: p.discipline, intakeYear: p.intakeYear, batch: p.batch },
    missing: missingInfo(p),
    shareLink: shareLink({ publicOrigin, code: p.code }),
    createdAt: p.createdAt.toISOString(),
  }
}

export function toAdminPartner(p: PartnerRow, { publicOrigin }: { publicOrigin: string }) {
  return {
    ...toProfile(p, { publicOrigin }),
    phone: p.phone,
    rejectReason: p.rejectReason,
    referrerId: p.referrerId,
    submittedAt: p.submittedAt?.toISOString() ?? null,
    reviewedAt: p.reviewedAt?.toISOString() ?? null,
  }
}

/** After a save: both parts complete moves an incomplete or rejected partner to review. */
function statusAfterSave(p: PartnerRow): string {
  const m = missingInfo(p)
  if ((p.status === PartnerStatus.incomplete || p.status === PartnerStatus.rejected) && !m.personal && !m.signUp)
    return PartnerStatus.pending
  return p.status
}

async function newShareCode(db: Executor): Promise<string> {
  const repo = createPartnersRepository({ db })
  for (;;) {
    const code = randomString(6)
    if (!(await repo.codeExists({ code }))) return code
  }
}

const guardKey = (phone: string) => `partner:${phone}`

export function createPartnersService({
  verification,
  openWallet,
}: {
  verification: VerificationService
  /** Opens a new partner's wallet in the registration's transaction (the ledger module's). */
  openWallet: (args: { db: Executor; partnerId: number }) => Promise<void>
}) {
  return {
    async register({
      db,
      phone,
      code,
      password,
      referrerCode,
    }: {
      db: Executor
      phone: string
      code: string
      password: string
      referrerCode?: string
    }): Promise<PartnerRow> {
      const repo = createPartnersRepository({ db })
      if (await repo.findByPhone({ phone })) throw createPhoneTakenError()
      const referrer = referrerCode ? await repo.findByCode({ code: referrerCode }) : undefined
      if (referrerCode && !referrer) throw createReferrerNotFoundError()
      const passwordHash = await hashPassword(password)
      await verification.verify({ db, phone, code, types: [VerifyType.register, VerifyType.login] })
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            const partner = await createPartnersRepository({ db: tx }).insert({
              phone,
              passwordHash,
              code: await newShareCode(tx),
              referrerId: referrer?.id ?? null,
              status: PartnerStatus.incomplete,
            })
            await openWallet({ db: tx, partnerId: partner.id })
            return partner
          })
        } catch (error) {
          // A concurrent registration of the same phone, or (rarely) the same share code.
          const message = String((error as { cause?: unknown }).cause ?? error)
          if (/partners_phone_unique|phone/.test(message) && /duplicate|unique/i.test(message)) throw createPhoneTakenError()
          if (attempt < 3 && /duplicate|unique/i.test(message)) continue
          throw error
        }
      }
    },

    /** `ip`: where the try came from (request.ip); the guard counts failed passwords per phone and source. */
    async signIn({
      db,
      phone,
      password,
      code,
      ip,
    }: {
      db: Executor
      phone: string
      password?: string
      code?: string
      ip: string
    }): Promise<PartnerRow> {
      const repo = createPartnersRepository({ db })
      const guard = createSignInGuard({ db })
      if (password !== undefined) {
        const partner = await guard.check({ key: guardKey(phone), ip }, async () => {
          const found = await repo.findByPhone({ phone })
          const valid = await verifyPassword(password, found?.passwordHash ?? (await dummyPasswordHash()))
          if (!found || !valid) throw createBadCredentialsError()
          return found
        })
        if (partner.status === PartnerStatus.disabled) throw createDisabledError()
        return partner
      }
      const partner = await repo.findByPhone({ phone })
      if (!partner) throw createNotRegisteredError()
      await verification.verify({ db, phone, code: code ?? '', types: [VerifyType.login] })
      if (partner.status === PartnerStatus.disabled) throw createDisabledError()
      await guard.passedFrom({ key: guardKey(phone), ip })
      return partner
    },

    /**
     * The old password is checked under the sign-in's guard (the same key, limit and lock): a
     * session someone else holds must not become a way to try every password.
     */
    async changePassword({
      db,
      partnerId,
      oldPassword,
      password,
      ip,
    }: {
      db: Executor
      partnerId: number
      oldPassword: string
      password: string
      ip: string
    }) {
      const repo = createPartnersRepository({ db })
      const partner = await repo.findById({ id: partnerId })
      if (!partner) throw createPartnerNotFoundError()
      // Refused before any check of the old one: it tells nothing and must not count as a guess.
      if (oldPassword === password) throw createSamePasswordError()
      await createSignInGuard({ db }).check({ key: guardKey(partner.phone), ip }, async () => {
        if (!(await verifyPassword(oldPassword, partner.passwordHash))) throw createWrongOldPasswordError()
      })
      await repo.update({ id: partnerId, values: { passwordHash: await hashPassword(password) } })
    },

    /** "Forgot password": an SMS code resets it, ends every session of the partner and lifts a lock. */
    async resetPassword({ db, phone, code, password }: { db: Executor; phone: string; code: string; password: string }) {
      const repo = createPartnersRepository({ db })
      const partner = await repo.findByPhone({ phone })
      if (!partner) throw createNotRegisteredError()
      await verification.verify({ db, phone, code, types: [VerifyType.resetPassword, VerifyType.login] })
      await repo.update({ id: partner.id, values: { passwordHash: await hashPassword(password) } })
      await createSessionsRepository({ db }).deleteByPartner({ partnerId: partner.id })
      await createSignInGuard({ db }).clear({ key: guardKey(phone) })
    },

    async savePersonal({
      db,
      partnerId,
      input,
    }: {
      db: Executor
      partnerId: number
      input: {
        realName: string
        gender: string
        idCard?: string
        province: string
        city: string
        wechatId?: string
        payoutType: string
        payoutAccount?: string
        payoutName: string
      }
    }): Promise<PartnerRow> {
      return db.transaction(async (tx) => {
        const repo = createPartnersRepository({ db: tx })
        const partner = await repo.findByIdForUpdate({ id: partnerId })
        if (!partner) throw createPartnerNotFoundError()
        // Masked values are shown back, so a field already on file may be left empty to keep it.
        if (!input.idCard && !partner.idCard) throw createIdCardRequiredError()
        const payoutAccount = input.payoutAccount ?? (input.payoutType === partner.payoutType ? partner.payoutAccount : null)
        if (!payoutAccount) throw createPayoutAccountRequiredError()
        const merged: PartnerRow = {
          ...partner,
          realName: input.realName,
          gender: input.gender,
          idCard: input.idCard?.toUpperCase() ?? partner.idCard,
          province: input.province,
          city: input.city,
          wechatId: input.wechatId ?? null,
          payoutType: input.payoutType,
          payoutAccount,
          payoutName: input.payoutName,
        }
        const status = statusAfterSave(merged)
        return repo.update({
          id: partnerId,
          values: {
            realName: merged.realName,
            gender: merged.gender,
            idCard: merged.idCard,
            province: merged.province,
            city: merged.city,
            wechatId: merged.wechatId,
            payoutType: merged.payoutType,
            payoutAccount: merged.payoutAccount,
            payoutName: merged.payoutName,
            status,
            ...(status !== partner.status ? { submittedAt: new Date(), rejectReason: null } : {}),
          },
        })
      })
    },

    async saveSignUp({
      db,
      partnerId,
      input,
    }: {
      db: Executor
      partnerId: number
      input: { school: string; major: string; discipline: string; intakeYear: string; batch: string }
    }): Promise<PartnerRow> {
      return db.transaction(async (tx) => {
        const repo = createPartnersRepository({ db: tx })
        const partner = await repo.findByIdForUpdate({ id: partnerId })
        if (!partner) throw createPartnerNotFoundError()
        const status = statusAfterSave({ ...partner, ...input })
        return repo.update({
          id: partnerId,
          values: { ...input, status, ...(status !== partner.status ? { submittedAt: new Date(), rejectReason: null } : {}) },
        })
      })
    },

    /**
     * Operator review: approve (or re-enable), reject with a reason, or disable (which ends the
     * partner's sessions). Recorded in the audit log in the same transaction.
     */
    async audit({
      db,
      id,
      status,
      reason,
      actor,
    }: {
      db: Executor
      id: number
      status: string
      reason?: string
      actor?: Actor
    }): Promise<PartnerRow> {
      return db.transaction(async (tx) => {
        const repo = createPartnersRepository({ db: tx })
        const partner = await repo.findByIdForUpdate({ id })
        if (!partner) throw createPartnerNotFoundError()
        const now = new Date()
        const write = async (action: AuditAction, values: Partial<PartnerRow>) => {
          const updated = await repo.update({ id, values })
          if (actor)
            await recordAudit({
              tx,
              actor,
              entry: {
                action,
                entityType: 'partner',
                entityId: id,
                summary: `${AuditActionLabel[action]}：${partner.realName ?? partner.phone}（${partner.code}）${reason ? `，原因：${reason}` : ''}`,
                before: { status: partner.status },
                after: { status: updated.status, ...(reason ? { reason } : {}) },
              },
            })
          return updated
        }
        if (status === PartnerStatus.active) {
          if (partner.status === PartnerStatus.disabled) {
            const complete = !missingInfo(partner).personal && !missingInfo(partner).signUp
            return write('partner.enable', {
              status: complete ? (partner.reviewedAt ? PartnerStatus.active : PartnerStatus.pending) : PartnerStatus.incomplete,
              reviewedAt: partner.reviewedAt,
            })
          }
          if (partner.status !== PartnerStatus.pending && partner.status !== PartnerStatus.rejected)
            throw createAuditTransitionError({ message: `合伙人当前为「${partner.status}」，不能审核通过` })
          const approved = await write('partner.approve', { status: PartnerStatus.active, rejectReason: null, reviewedAt: now })
          await recordMessage(tx, id, { kind: MessageKind.reviewPassed }, now)
          return approved
        }
        if (status === PartnerStatus.rejected) {
          if (!reason) throw createRejectReasonRequiredError()
          if (partner.status !== PartnerStatus.pending)
            throw createAuditTransitionError({ message: `合伙人当前为「${partner.status}」，不能拒绝` })
          const rejected = await write('partner.reject', { status: PartnerStatus.rejected, rejectReason: reason, reviewedAt: now })
          await recordMessage(tx, id, { kind: MessageKind.reviewRefused, reason }, now)
          return rejected
        }
        if (partner.status === PartnerStatus.disabled) throw createAuditTransitionError({ message: '合伙人已被禁用' })
        await createSessionsRepository({ db: tx }).deleteByPartner({ partnerId: id })
        return write('partner.disable', { status: PartnerStatus.disabled, rejectReason: reason ?? null })
      })
    },
  }
}

export type PartnersService = ReturnType<typeof createPartnersService>

/** One partner (undefined: none). */
export async function findPartner({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createPartnersRepository>['findById']>[0]) {
  return createPartnersRepository({ db }).findById(query)
}

/** The quick finder's partners by name or whole phone (as the partner list's keyword matches them). */
export async function quickFindPartners({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createPartnersRepository>['quickFind']>[0]) {
  return createPartnersRepository({ db }).quickFind(query)
}

/** The console's partner list, newest first unless sorted. */
export async function listPartners({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createPartnersRepository>['list']>[0]) {
  return createPartnersRepository({ db }).list(query)
}

/** Partners registered with this partner's code. */
export async function partnerTeamSize({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createPartnersRepository>['teamSize']>[0]) {
  return createPartnersRepository({ db }).teamSize(query)
}

/** The export's next batch after `last`. */
export async function exportPartnersBatch({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createPartnersRepository>['exportBatch']>[0]) {
  return createPartnersRepository({ db }).exportBatch(query)
}
