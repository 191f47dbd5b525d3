import { Code } from '@activity/wire'
import { envelope, type Reply } from './server'
import type { RequestErrorKind } from '../request'

/**
 * SPEC.md section 8's rows for the request wrapper, as data: the unit (mini-program host) and
 * H5 (browser) tests replay every row against a real server and check what a person saw (the
 * toast), what the call did (resolve or reject, and why) and what happened to the session.
 */
export interface CatalogueRow {
  /** A sentence of behaviour. */
  name: string
  reply: Reply
  /** Resolve with the whole envelope, or reject with this kind and message. */
  outcome: { resolves: true } | { resolves: false; kind: RequestErrorKind; message: string }
  /** The toast a person sees, or null for none. */
  toast: string | null
  /** Whether the signed-in user is cleared. */
  clearsSession: boolean
}

export const SESSION_MESSAGE = '登录已失效，请重新登录'

export const ERROR_CATALOGUE: CatalogueRow[] = [
  {
    name: 'HTTP 200 with code 0 resolves with the whole response and shows nothing',
    reply: { status: 200, body: envelope({ id: 7, name: '张三' }, Code.ok, 'ok') },
    outcome: { resolves: true },
    toast: null,
    clearsSession: false,
  },
  {
    name: 'code 100000004 with HTTP 401 clears the user and rejects with the message, without a toast',
    reply: { status: 401, body: envelope(null, Code.sessionInvalid, SESSION_MESSAGE) },
    outcome: { resolves: false, kind: 'sessionInvalid', message: SESSION_MESSAGE },
    toast: null,
    clearsSession: true,
  },
  {
    name: 'code 100000004 with HTTP 200 is a session-invalid answer too',
    reply: { status: 200, body: envelope(null, Code.sessionInvalid, SESSION_MESSAGE) },
    outcome: { resolves: false, kind: 'sessionInvalid', message: SESSION_MESSAGE },
    toast: null,
    clearsSession: true,
  },
  {
    name: 'any other code with HTTP 200 shows the server message as a toast and rejects',
    reply: { status: 200, body: envelope(null, Code.ruleRefused, '可提现余额不足') },
    outcome: { resolves: false, kind: 'refused', message: '可提现余额不足' },
    toast: '可提现余额不足',
    clearsSession: false,
  },
  {
    name: 'a 4xx refusal carrying the envelope shows the server message alone, like any other code',
    reply: { status: 409, body: envelope(null, Code.conflict, '该手机号已登记') },
    outcome: { resolves: false, kind: 'refused', message: '该手机号已登记' },
    toast: '该手机号已登记',
    clearsSession: false,
  },
  {
    name: 'a 422 business refusal shows its message alone',
    reply: { status: 422, body: envelope(null, Code.ruleRefused, '提现金额至少¥10.00') },
    outcome: { resolves: false, kind: 'refused', message: '提现金额至少¥10.00' },
    toast: '提现金额至少¥10.00',
    clearsSession: false,
  },
  {
    name: 'a server error (5xx) shows the status, a colon and the server message',
    reply: { status: 500, body: envelope(null, Code.internal, '服务器繁忙，请稍后再试') },
    outcome: { resolves: false, kind: 'httpStatus', message: '500:服务器繁忙，请稍后再试' },
    toast: '500:服务器繁忙，请稍后再试',
    clearsSession: false,
  },
  {
    name: 'a non-200 status whose body is not the envelope shows the status and the message it carries',
    reply: { status: 404, body: { message: 'Not Found' } },
    outcome: { resolves: false, kind: 'httpStatus', message: '404:Not Found' },
    toast: '404:Not Found',
    clearsSession: false,
  },
  {
    name: 'a non-200 status without a server message shows the status number alone',
    reply: { status: 502, body: '<html><body>Bad Gateway</body></html>' },
    outcome: { resolves: false, kind: 'httpStatus', message: '502' },
    toast: '502',
    clearsSession: false,
  },
]
