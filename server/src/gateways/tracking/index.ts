import crypto from 'node:crypto'

/**
 * The far side of parcel tracking: a kuaidi100-style subscribe-and-push service. Each waybill is
 * subscribed once with our callback address; the provider then pushes every change of its tracks,
 * a form of `param` (JSON) and `sign` (upper-case MD5 of param + salt). The callback verifies the
 * signature, stores the push and answers `{"result":true,"returnCode":"200","message":"成功"}`; any
 * other answer makes the provider push again later.
 *
 * - `kuaidi100`: POST https://poll.kuaidi100.com/poll (schema=json, param with company, number,
 *   key, and parameters.callbackurl / salt / resultv2).
 * - `sandbox`: development and tests. Subscribing succeeds at once; `push` walks a waybill through
 *   揽收, 在途, 派件 and 签收 (or an exception) by sending this app the same signed form the real
 *   provider sends, so the callback's checks are the same.
 * - `none`: waybills are stored without tracking (no timeline).
 */

export type TrackingProviderName = 'sandbox' | 'kuaidi100'

export interface TrackingConfig {
  provider: TrackingProviderName | 'none'
  /** Where the provider pushes (our /api/ems/express/notify/kuaidi100). */
  callbackUrl: string
  kuaidi100?: { key: string; salt: string; apiUrl: string }
}

/** One track of a waybill, as pushed. */
export interface PushedTrack {
  /** When it happened (Beijing time on the wire, a Date here). */
  time: Date
  context: string
  /** The provider's word for this track's state (在途, 派件...), when given. */
  status: string | null
  areaName: string | null
}

/** A verified push: the waybill, the provider's state code, and every track it carries (newest first). */
export interface TrackingPush {
  carrier: string
  number: string
  /** The provider's push status: polling, shutdown, abort, updateall. */
  status: string
  /** The provider's state code (kuaidi100: 0 在途, 1 揽收, 2 疑难, 3 签收, 4 退签, 5 派件, 6 退回, 7 转投, 8 清关, 14 拒签). */
  state: string | null
  message: string
  tracks: PushedTrack[]
}

export class PushRejectedError extends Error {}

/** The answer the provider expects: success stops its retries. */
export const PUSH_ACCEPTED = { result: true, returnCode: '200', message: '成功' } as const

/** Delivers a push form to this app's callback (the app passes `app.inject`). */
export type PushDelivery = (form: { param: string; sign: string }) => Promise<{ statusCode: number; body: string }>

export interface TrackingGateway {
  provider: TrackingProviderName | 'none'
  /** Subscribes a waybill; resolves when the provider accepted it (a repeated subscription too). */
  subscribe(waybill: { carrier: string; number: string }): Promise<void>
  /** Checks a push form's signature and reads it; throws PushRejectedError when it is not the provider's. */
  parsePush(form: { param?: unknown; sign?: unknown }): TrackingPush
  /** Sandbox only: the provider pushes `step` for a waybill (its earlier tracks included). */
  push?: (waybill: {
    carrier: string
    number: string
    step: SandboxStep
    history?: PushedTrack[]
  }) => Promise<{ statusCode: number; body: string }>
}

export const SANDBOX_STEPS = ['揽收', '在途', '派件', '签收', '疑难', '退签'] as const
export type SandboxStep = (typeof SANDBOX_STEPS)[number]

/** kuaidi100's signature of a push: MD5(param + salt), upper-case hex. */
export const signPush = (param: string, salt: string) =>
  crypto
    .createHash('md5')
    .update(param + salt, 'utf8')
    .digest('hex')
    .toUpperCase()

/** "2026-12-05 10:20:30" in Beijing time, as the provider writes it. */
const beijingText = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')
function fromBeijingText(text: unknown): Date | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text)) return undefined
  const d = new Date(`${text.replace(' ', 'T')}${text.length === 16 ? ':00' : ''}+08:00`)
  return Number.isNaN(d.getTime()) ? undefined : d
}

/** Verifies and reads a kuaidi100 push form with `salt`. */
export function parseKuaidi100Push(form: { param?: unknown; sign?: unknown }, salt: string): TrackingPush {
  const { param, sign } = form
  if (typeof param !== 'string' || typeof sign !== 'string') throw new PushRejectedError('param and sign are required')
  const expected = Buffer.from(signPush(param, salt))
  const given = Buffer.from(sign.toUpperCase())
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw new PushRejectedError('bad signature')
  let body: {
    status?: unknown
    message?: unknown
    lastResult?: { com?: unknown; nu?: unknown; state?: unknown; data?: unknown }
  }
  try {
    body = JSON.parse(param) as typeof body
  } catch {
    throw new PushRejectedError('param is not JSON')
  }
  const last = body.lastResult
  if (!last || typeof last.com !== 'string' || typeof last.nu !== 'string' || !last.com || !last.nu)
    throw new PushRejectedError('lastResult.com and lastResult.nu are required')
  const data = Array.isArray(last.data) ? (last.data as Array<Record<string, unknown>>) : []
  const tracks: PushedTrack[] = []
  for (const d of data) {
    const time = fromBeijingText(d.ftime ?? d.time)
    if (!time || typeof d.context !== 'string') throw new PushRejectedError('a track without time or context')
    tracks.push({
      time,
      context: d.context.slice(0, 500),
      status: typeof d.status === 'string' ? d.status.slice(0, 20) : null,
      areaName: typeof d.areaName === 'string' && d.areaName ? d.areaName.slice(0, 60) : null,
    })
  }
  tracks.sort((a, b) => b.time.getTime() - a.time.getTime())
  return {
    carrier: last.com,
    number: last.nu,
    status: typeof body.status === 'string' ? body.status : 'polling',
    state: typeof last.state === 'string' || typeof last.state === 'number' ? String(last.state) : null,
    message: typeof body.message === 'string' ? body.message : '',
    tracks,
  }
}

/** The push form the provider sends for a waybill (the sandbox builds it; tests build it too). */
export function kuaidi100PushForm(
  push: { carrier: string; number: string; status?: string; state: string | null; message?: string; tracks: PushedTrack[] },
  salt: string,
) {
  const param = JSON.stringify({
    status: push.status ?? 'polling',
    billstatus: 'got',
    message: push.message ?? '',
    lastResult: {
      message: 'ok',
      state: push.state,
      status: '200',
      condition: 'F00',
      ischeck: push.state === '3' ? '1' : '0',
      com: push.carrier,
      nu: push.number,
      data: [...push.tracks]
        .sort((a, b) => b.time.getTime() - a.time.getTime())
        .map((t) => ({
          context: t.context,
          time: beijingText(t.time),
          ftime: beijingText(t.time),
          status: t.status ?? '',
          areaName: t.areaName ?? '',
        })),
    },
  })
  return { param, sign: signPush(param, salt) }
}

/** What each sandbox step pushes: the state code and the track's words. */
const SANDBOX_TRACKS: Record<SandboxStep, { state: string; status: string; context: string; area: string }> = {
  揽收: { state: '1', status: '揽收', context: '【杭州市】快件已由【杭州西湖营业部】揽收', area: '浙江省杭州市' },
  在途: { state: '0', status: '在途', context: '【杭州市】快件已发往【目的地转运中心】', area: '浙江省杭州市' },
  派件: { state: '5', status: '派件', context: '【收件地】快递员正在派件，请保持电话畅通', area: '收件地' },
  签收: { state: '3', status: '签收', context: '【收件地】快件已签收，签收人：本人', area: '收件地' },
  疑难: { state: '2', status: '疑难', context: '【收件地】地址不详，快件暂存网点', area: '收件地' },
  退签: { state: '4', status: '退签', context: '【收件地】收件人拒收，快件退回寄件人', area: '收件地' },
}

export function createTrackingGateway({
  config,
  secret,
  deliver,
  fetchImpl = fetch,
  now = () => new Date(),
}: {
  config: TrackingConfig
  secret: string
  deliver: PushDelivery
  fetchImpl?: typeof fetch
  now?: () => Date
}): TrackingGateway {
  if (config.provider === 'kuaidi100' && config.kuaidi100) {
    const k = config.kuaidi100
    return {
      provider: 'kuaidi100',
      async subscribe({ carrier, number }) {
        const param = JSON.stringify({
          company: carrier,
          number,
          key: k.key,
          parameters: { callbackurl: config.callbackUrl, salt: k.salt, resultv2: '1' },
        })
        const res = await fetchImpl(k.apiUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ schema: 'json', param }).toString(),
          signal: AbortSignal.timeout(10_000),
        })
        const answer = (await res.json().catch(() => ({}))) as { result?: boolean; returnCode?: string; message?: string }
        // 501: already subscribed (a second subscription of the same waybill), which is what we want.
        if (answer.result === true || answer.returnCode === '501') return
        throw new Error(`kuaidi100 subscribe refused: ${answer.returnCode ?? res.status} ${answer.message ?? ''}`.trim())
      },
      parsePush: (form) => parseKuaidi100Push(form, k.salt),
    }
  }
  if (config.provider === 'sandbox') {
    const salt = sandboxTrackingSalt(secret)
    return {
      provider: 'sandbox',
      async subscribe() {},
      parsePush: (form) => parseKuaidi100Push(form, salt),
      async push({ carrier, number, step, history = [] }) {
        const t = SANDBOX_TRACKS[step]
        const latest = history.reduce((max, h) => Math.max(max, h.time.getTime()), 0)
        // Now, or a second after the last track when that is later: each push's newest track time is new.
        const time = new Date(Math.max(now().getTime(), latest + 1000))
        const tracks = [...history, { time, context: t.context, status: t.status, areaName: t.area }]
        return deliver(kuaidi100PushForm({ carrier, number, state: t.state, tracks }, salt))
      },
    }
  }
  return {
    provider: 'none',
    async subscribe() {},
    parsePush() {
      throw new PushRejectedError('tracking is off')
    },
  }
}

/** The sandbox's salt for `secret` (tests sign their own pushes with it). */
export const sandboxTrackingSalt = (secret: string) =>
  crypto.createHmac('sha256', secret).update('sandbox-tracking-pushes').digest('hex').slice(0, 32)
