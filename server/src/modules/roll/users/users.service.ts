import crypto from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createPartnersRepository } from '../../partner-programme/index.ts'
import { createSessionInvalidError } from '../../platform/index.ts'
import { createOpenIdBindingsRepository } from './users.repository.ts'

/**
 * Starts a person's session after a phone sign-in or registration (the partner's or the
 * student's), with every profile the person holds. An open id remembered by an earlier unbound
 * WeChat/Alipay sign-in in this client is bound to the person now, and stays on the session (so
 * sign-out with unbind=是 knows which binding to remove).
 */
export async function startPersonSession({
  app,
  request,
  accountId,
  partnerId,
}: {
  app: FastifyInstance
  request: FastifyRequest
  accountId: number
  partnerId: number | null
}): Promise<void> {
  const pending = (await request.session.get('user'))?.pendingOpenId ?? null
  await request.session.start({ kind: 'user', accountId, partnerId, pendingOpenId: pending })
  if (pending) await createOpenIdBindingsRepository({ db: app.db }).bind({ accountId, ...pending })
}

/** Starts the partner's session after the partner's phone sign-in or registration (see startPersonSession). */
export async function startPartnerSession({
  app,
  request,
  partnerId,
}: {
  app: FastifyInstance
  request: FastifyRequest
  partnerId: number
}): Promise<void> {
  const partner = await createPartnersRepository({ db: app.db }).findById({ id: partnerId })
  if (!partner) throw createSessionInvalidError()
  await startPersonSession({ app, request, accountId: partner.accountId, partnerId })
}

/** WeChat JS-SDK signature: sha1 of `jsapi_ticket=..&noncestr=..&timestamp=..&url=..`, the url without its #hash. */
export function jsapiSignature({
  ticket,
  nonceStr,
  timestamp,
  url,
}: {
  ticket: string
  nonceStr: string
  timestamp: number
  url: string
}): string {
  const plain = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url.split('#')[0]}`
  return crypto.createHash('sha1').update(plain).digest('hex')
}
