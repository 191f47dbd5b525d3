import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../db/types.ts'
import { smsOutbox } from './sms.table.ts'

export interface SmsMessage {
  phone: string
  text: string
  /** The verification code, for providers that send templates with parameters. */
  code?: string
}

/** The far side of SMS: a real HTTP provider, or the local outbox used in development and tests. */
export interface SmsProvider {
  kind: 'local' | 'http'
  send(message: SmsMessage): Promise<void>
}

/** Writes messages to the `sms_outbox` table (readable at GET /api/dev/smsOutbox). */
export function createLocalSmsProvider({ db }: { db: Executor }): SmsProvider {
  return {
    kind: 'local',
    async send({ phone, text, code }) {
      await db.insert(smsOutbox).values({ phone, text, code: code ?? null })
    },
  }
}

/** The local outbox, newest first (of `phone` when given): GET /api/dev/smsOutbox. */
export async function readSmsOutbox({ db, phone, limit }: { db: Executor; phone?: string; limit: number }) {
  return db
    .select()
    .from(smsOutbox)
    .where(phone ? eq(smsOutbox.phone, phone) : undefined)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit)
}

/**
 * A generic HTTP SMS gateway: POST `apiUrl` with JSON `{phone, text, code, signName}` and
 * `Authorization: Bearer <apiKey>`; any 2xx is success. Adapt here for a specific vendor.
 */
export function createHttpSmsProvider({
  apiUrl,
  apiKey,
  signName,
  timeoutMs = 10_000,
}: {
  apiUrl: string
  apiKey?: string
  signName: string
  timeoutMs?: number
}): SmsProvider {
  return {
    kind: 'http',
    async send({ phone, text, code }) {
      const response = await fetch(apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ phone, text, code, signName }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) throw new Error(`SMS provider answered HTTP ${response.status}`)
    },
  }
}
