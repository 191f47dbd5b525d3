import crypto from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Executor } from '../../../db/types.ts'
import { PartnerStatus } from '../../../wire.ts'
import { createPartnersRepository } from '../../partner-programme/index.ts'
import { createAccountsRepository, createOpenIdBindingsRepository, createSessionInvalidError } from '../../platform/index.ts'
import { unreadNoticeCount } from '../notices/index.ts'
import { createStudentsRepository } from '../students/index.ts'

export { unreadNoticeCount }

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

/** The person of an account: their partner profile (left out when disabled) and student profile. */
export async function personOf({ db, accountId }: { db: Executor; accountId: number }) {
  const [partner, student] = await Promise.all([
    createPartnersRepository({ db }).findByAccount({ accountId }),
    createStudentsRepository({ db }).findByAccount({ accountId }),
  ])
  const activePartner = partner && partner.status !== PartnerStatus.disabled ? partner : undefined
  return { partner: activePartner, disabledPartner: partner && !activePartner ? partner : undefined, student }
}

export async function findAccount({ db, id }: { db: Executor; id: number }) {
  return createAccountsRepository({ db }).findById({ id })
}

/** The student profile of a phone (a student signs in by SMS code with it). */
export async function studentOfPhone({ db, phone }: { db: Executor; phone: string }) {
  return createStudentsRepository({ db }).findByPhone({ phone })
}

/** The partner profile of a phone (to tell a partner to use the partner sign-in). */
export async function partnerOfPhone({ db, phone }: { db: Executor; phone: string }) {
  return createPartnersRepository({ db }).findByPhone({ phone })
}

interface OpenIdKey {
  platform: string
  type: string
}

/** The binding of an open id (whose person it signs in). */
export async function findOpenIdBinding({ db, ...binding }: { db: Executor; openId: string } & OpenIdKey) {
  return createOpenIdBindingsRepository({ db }).findByOpenId(binding)
}

/** Binds the open id to the person; false when it is someone else's. */
export async function bindOpenId({ db, ...binding }: { db: Executor; accountId: number; openId: string } & OpenIdKey) {
  return createOpenIdBindingsRepository({ db }).bind(binding)
}

/** Whether the person has an open id bound for the platform and type. */
export async function hasOpenIdBinding({ db, ...key }: { db: Executor; accountId: number } & OpenIdKey): Promise<boolean> {
  return (await createOpenIdBindingsRepository({ db }).findForAccount(key)) !== undefined
}

/** Removes the binding this client made (`pending`), or else every binding of the person. */
export async function unbindOpenIds({ db, accountId, pending }: { db: Executor; accountId: number; pending?: OpenIdKey | null }) {
  const bindings = createOpenIdBindingsRepository({ db })
  if (pending) await bindings.unbind({ accountId, platform: pending.platform, type: pending.type })
  else await bindings.unbindAll({ accountId })
}
