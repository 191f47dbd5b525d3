import { desc } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Executor } from '../db/types.ts'
import { subscribeOutbox } from './subscribe-message.table.ts'
import { type PushOutcome, PushState } from './subscribe-outbox.ts'
import { TOKEN_ERRORS, type WechatAccessToken } from './wechat-token.ts'

/**
 * One WeChat subscribe message (订阅消息): to a mini-program user's open id, with a template the
 * user accepted, opening `page` of the mini-program. `data` maps the template's keywords
 * (thing1, time2, ...) to their values.
 */
export interface SubscribeMessage {
  openId: string
  templateId: string
  page: string
  data: Record<string, { value: string }>
}

/** The far side of subscribe messages: WeChat (`subscribeMessage.send`), or the local outbox used in development and tests. */
export interface SubscribeMessageGateway {
  kind: 'local' | 'real'
  send(message: SubscribeMessage): Promise<void>
}

export class SubscribeMessageError extends Error {
  override name = 'SubscribeMessageError'
  constructor(
    message: string,
    /** WeChat's errcode (43101: the user has no acceptance left for the template). */
    readonly errcode?: number,
  ) {
    super(message)
  }
}

/**
 * Sends one message on one of the recipient's acceptances of its template: none left, skipped. A
 * failed send is logged (with `context`) and gives the acceptance back, since WeChat did not use it.
 */
export async function sendOnAcceptance({
  gateway,
  message,
  take,
  giveBack,
  log,
  context,
}: {
  gateway: SubscribeMessageGateway
  message: SubscribeMessage
  /** Uses one acceptance atomically; false when none is left. */
  take: () => Promise<boolean>
  giveBack: () => Promise<void>
  log: FastifyBaseLogger
  context: Record<string, unknown>
}): Promise<PushOutcome> {
  if (!(await take())) return PushState.skipped
  try {
    await gateway.send(message)
    return PushState.sent
  } catch (error) {
    log.warn({ err: error, ...context }, 'WeChat subscribe message not sent')
    await giveBack()
    return PushState.failed
  }
}

/** Writes messages to the `subscribe_outbox` table (readable at GET /api/dev/subscribeOutbox). */
export function createLocalSubscribeMessageGateway({ db }: { db: Executor }): SubscribeMessageGateway {
  return {
    kind: 'local',
    async send({ openId, templateId, page, data }) {
      await db.insert(subscribeOutbox).values({ openId, templateId, page, data })
    },
  }
}

/** The local outbox, newest first: GET /api/dev/subscribeOutbox. */
export async function readSubscribeOutbox({ db, limit }: { db: Executor; limit: number }) {
  return db.select().from(subscribeOutbox).orderBy(desc(subscribeOutbox.id)).limit(limit)
}

/**
 * WeChat's `cgi-bin/message/subscribe/send` with the mini-program's shared access token (refreshed
 * once when WeChat says it expired). `state` is the version the message opens: formal (release),
 * trial or developer.
 */
export function createWechatSubscribeMessageGateway({
  apiUrl,
  token,
  state = 'formal',
  fetchImpl = fetch,
  timeoutMs = 10_000,
}: {
  apiUrl: string
  token: WechatAccessToken
  state?: 'formal' | 'trial' | 'developer'
  fetchImpl?: typeof fetch
  timeoutMs?: number
}): SubscribeMessageGateway {
  return {
    kind: 'real',
    async send({ openId, templateId, page, data }) {
      for (let attempt = 0; ; attempt++) {
        const accessToken = await token.get(attempt > 0)
        let res: Response
        try {
          res = await fetchImpl(`${apiUrl}/cgi-bin/message/subscribe/send?access_token=${encodeURIComponent(accessToken)}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ touser: openId, template_id: templateId, page, data, miniprogram_state: state, lang: 'zh_CN' }),
            signal: AbortSignal.timeout(timeoutMs),
          })
        } catch (error) {
          throw new SubscribeMessageError(`WeChat unreachable: ${String(error)}`)
        }
        const body = (await res.json().catch(() => ({}))) as { errcode?: unknown; errmsg?: unknown }
        if (res.ok && body.errcode === 0) return
        const errcode = typeof body.errcode === 'number' ? body.errcode : undefined
        if (attempt === 0 && errcode !== undefined && TOKEN_ERRORS.has(errcode)) continue
        throw new SubscribeMessageError(
          `WeChat subscribeMessage.send: HTTP ${res.status} ${String(body.errcode)} ${String(body.errmsg)}`,
          errcode,
        )
      }
    },
  }
}
