import type { FastifyRequest } from 'fastify'
import type { Executor } from '../../../db/types.ts'
import { isAppError } from '../../../lib/errors.ts'
import { SignInKind, SignInMethod, SignInReason } from '../../../wire.ts'
import { createAccountsRepository } from '../accounts/index.ts'
import { createAdminsRepository } from '../admins/index.ts'
import { createSignInRecordsRepository, type SignInRecordRow } from './sign-in-records.repository.ts'

export type { SignInRecordFilter, SignInRecordRow } from './sign-in-records.repository.ts'
import { maskSensitive } from '../../../lib/mask.ts'

/** Who signed in, once the sign-in knows. */
export interface SignInWho {
  adminId?: number
  accountId?: number
  name?: string
}

/** What a sign-in call tells its record while it runs. */
export interface SignInAttempt {
  /** The operator or account signing in. */
  who(who: SignInWho): void
  /** The call answered without signing anyone in (an unbound WeChat code): a failure with this reason. */
  refuse(reason: SignInReason): void
}

export interface SignInRecorder {
  /**
   * Runs a sign-in call and records it: a success when `run` resolves, a failure (with the reason
   * its error names) when it throws, the error then thrown on. The record is written in the same
   * request; a failure to write it is logged, never thrown.
   */
  track<T>(
    args: {
      request: FastifyRequest
      kind: SignInKind
      method: SignInMethod
      identifier?: string | null
      /** Records a refusal only (a password change's check of the old one: its success signs nobody in). */
      failuresOnly?: boolean
    },
    run: (attempt: SignInAttempt) => Promise<T>,
  ): Promise<T>
}

/**
 * The reason of a refused sign-in, from the error the sign-in threw (the errors other modules
 * declare, by their stable keys). A wrong password and an unknown account share one error (so a
 * caller cannot tell them apart); the record can, by whether the account exists.
 */
const REASONS: Record<string, SignInReason> = {
  'signIn.locked': 'locked',
  'signIn.slowedDown': 'slowedDown',
  'admin.badCredentials': 'wrongPassword',
  'partner.badCredentials': 'wrongPassword',
  'admin.wrongOldPassword': 'wrongPassword',
  'partner.wrongOldPassword': 'wrongPassword',
  'admin.disabled': 'disabled',
  'partner.disabled': 'disabled',
  'partner.notRegistered': 'notRegistered',
  'users.notStudentPhone': 'notRegistered',
  'verification.invalid': 'wrongCode',
  'verification.wrong': 'wrongCode',
  'verification.burned': 'wrongCode',
  'users.gateway': 'gatewayFailed',
  'session.invalid': 'noProfile',
}

export function reasonOf(error: unknown): SignInReason {
  return (isAppError(error) && REASONS[error.key]) || 'error'
}

const USER_AGENT_MAX = 512
const IDENTIFIER_MAX = 64

/** Who an identifier names when the sign-in failed before saying: the operator of that account, or the account of that phone. */
async function lookUp({ db, kind, identifier }: { db: Executor; kind: SignInKind; identifier: string }): Promise<SignInWho> {
  if (kind === 'operator') {
    const admin = await createAdminsRepository({ db }).findByAccount({ account: identifier })
    return admin ? { adminId: admin.id, name: admin.name } : {}
  }
  const account = await createAccountsRepository({ db }).findByPhone({ phone: identifier })
  return account ? { accountId: account.id } : {}
}

export function createSignInRecorder({ db }: { db: Executor }): SignInRecorder {
  const repo = createSignInRecordsRepository({ db })
  return {
    async track<T>(
      { request, kind, method, identifier, failuresOnly = false }: Parameters<SignInRecorder['track']>[0],
      run: (attempt: SignInAttempt) => Promise<T>,
    ): Promise<T> {
      let who: SignInWho = {}
      let refused: SignInReason | undefined
      const attempt: SignInAttempt = {
        who: (w) => void (who = { ...who, ...w }),
        refuse: (reason) => void (refused = reason),
      }
      const write = async (outcome: { success: true } | { success: false; reason: SignInReason }) => {
        try {
          const typed = identifier ? identifier.slice(0, IDENTIFIER_MAX) : null
          if (!outcome.success && typed && who.adminId === undefined && who.accountId === undefined)
            who = { ...(await lookUp({ db, kind, identifier: typed })), ...who }
          const known = who.adminId !== undefined || who.accountId !== undefined
          const reason =
            !outcome.success && outcome.reason === 'wrongPassword' && !known ? 'unknownAccount' : outcome.success ? null : outcome.reason
          await repo.insert({
            kind,
            method,
            // Stored as every reader of the records may see it (issue 37 §2): a phone typed is masked;
            // the account it named stays linked by accountId.
            identifier: typed === null ? null : maskSensitive(typed),
            adminId: who.adminId ?? null,
            accountId: who.accountId ?? null,
            name: who.name ?? null,
            success: outcome.success,
            reason,
            ip: request.ip,
            userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
          })
        } catch (error) {
          request.log.warn({ err: error, kind, method }, 'recording a sign-in failed')
        }
      }
      let result: T
      try {
        result = await run(attempt)
      } catch (error) {
        await write({ success: false, reason: reasonOf(error) })
        throw error
      }
      if (refused) await write({ success: false, reason: refused })
      else if (!failuresOnly) await write({ success: true })
      return result
    },
  }
}

/** A record as the console reads it. */
export function toSignInRecord(r: SignInRecordRow) {
  const kind = r.kind as SignInKind
  const method = r.method as SignInMethod
  const reason = r.reason as SignInReason | null
  return {
    id: r.id,
    kind,
    kindLabel: SignInKind[kind] ?? r.kind,
    adminId: r.adminId,
    accountId: r.accountId,
    identifier: r.identifier,
    name: r.name,
    method,
    methodLabel: SignInMethod[method] ?? r.method,
    success: r.success,
    reason,
    reasonLabel: reason ? (SignInReason[reason] ?? reason) : null,
    ip: r.ip,
    userAgent: r.userAgent,
    createdAt: r.createdAt.toISOString(),
  }
}

/** Deletes the records older than `keepDays` days (the prune job's work); answers how many. */
export async function pruneSignInRecords({ db, keepDays, now = new Date() }: { db: Executor; keepDays: number; now?: Date }) {
  return createSignInRecordsRepository({ db }).pruneBefore({ before: new Date(now.getTime() - keepDays * 86_400_000) })
}

/** Sign-in records, newest first, a page. */
export async function listSignInRecords({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createSignInRecordsRepository>['list']>[0]) {
  return createSignInRecordsRepository({ db }).list(query)
}

/** IPs with at least `min` failed sign-ins since `since`, most failures first. */
export async function failedSignInIps({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createSignInRecordsRepository>['failedIps']>[0]) {
  return createSignInRecordsRepository({ db }).failedIps(query)
}

/** The next batch of the export after `last`. */
export async function exportSignInRecordsBatch({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createSignInRecordsRepository>['exportBatch']>[0]) {
  return createSignInRecordsRepository({ db }).exportBatch(query)
}
