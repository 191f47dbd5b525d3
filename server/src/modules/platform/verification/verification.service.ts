import type { FastifyBaseLogger } from 'fastify'
import type { Executor } from '../../../db/types.ts'
import type { SmsProvider } from '../../../gateways/sms.ts'
import { hmac, randomDigits, safeEqualHex } from '../../../lib/crypto.ts'
import { timeTypeRange } from '../../../lib/time-range.ts'
import { TimeType, type VerifyType } from '../../../wire.ts'
import {
  createCodeBurnedError,
  createCodeInvalidError,
  createCodeWrongError,
  createDailyLimitError,
  createSendTooSoonError,
  createSmsFailedError,
} from './verification.errors.ts'
import { createVerificationRepository } from './verification.repository.ts'

/**
 * An operator's step-up (二次验证) code: sent to their own phone by the step-up calls only, never by
 * the app's public send call (whose types are VerifyType's).
 */
export const STEP_UP_CODE_TYPE = '身份验证'
export type CodeType = VerifyType | typeof STEP_UP_CODE_TYPE

export const CODE_TTL_MS = 5 * 60 * 1000
export const RESEND_INTERVAL_MS = 60 * 1000
export const DAILY_LIMIT = 10
export const MAX_ATTEMPTS = 5

/** Verification codes: 6 digits, 5 minutes, 5 wrong tries burn one, 1 send a minute and 10 a day per phone. */
export function createVerificationService({ secret, sms, log }: { secret: string; sms: SmsProvider; log?: FastifyBaseLogger }) {
  const hashOf = (phone: string, code: string) => hmac(secret, `${phone}:${code}`)

  return {
    async send({ db, phone, type, now = new Date() }: { db: Executor; phone: string; type: CodeType; now?: Date }): Promise<void> {
      const code = randomDigits(6)
      const row = await db.transaction(async (tx) => {
        const repo = createVerificationRepository({ db: tx })
        await repo.lockPhone({ phone })
        const last = await repo.latestSentAt({ phone })
        if (last && now.getTime() - last.getTime() < RESEND_INTERVAL_MS) {
          const wait = Math.ceil((RESEND_INTERVAL_MS - (now.getTime() - last.getTime())) / 1000)
          throw createSendTooSoonError({ message: `验证码发送过于频繁，请${wait}秒后再试` })
        }
        if ((await repo.countSince({ phone, since: timeTypeRange(TimeType.today, now).from })) >= DAILY_LIMIT) throw createDailyLimitError()
        await repo.retireOpen({ phone, type, now })
        return repo.insert({ phone, type, codeHash: hashOf(phone, code), expiresAt: new Date(now.getTime() + CODE_TTL_MS) })
      })
      try {
        await sms.send({ phone, code, text: `您的验证码为${code}，5分钟内有效，请勿泄露给他人。` })
      } catch (error) {
        log?.error({ err: error }, 'SMS send failed')
        await createVerificationRepository({ db }).consume({ id: row.id, now })
        throw createSmsFailedError()
      }
    },

    /** Checks and uses a code sent to `phone` for one of `types`; throws a readable refusal otherwise. */
    async verify({
      db,
      phone,
      types,
      code,
      now = new Date(),
    }: {
      db: Executor
      phone: string
      types: CodeType[]
      code: string
      now?: Date
    }): Promise<void> {
      const repo = createVerificationRepository({ db })
      const live = await repo.findLive({ phone, types, now })
      if (!live) throw createCodeInvalidError()
      if (!safeEqualHex(live.codeHash, hashOf(phone, code))) {
        const attempts = await repo.recordWrongTry({ id: live.id, maxAttempts: MAX_ATTEMPTS })
        if (attempts >= MAX_ATTEMPTS) throw createCodeBurnedError()
        throw createCodeWrongError({ message: `验证码错误，还可尝试${MAX_ATTEMPTS - attempts}次` })
      }
      if (!(await repo.consume({ id: live.id, now }))) throw createCodeInvalidError()
    },
  }
}

export type VerificationService = ReturnType<typeof createVerificationService>
