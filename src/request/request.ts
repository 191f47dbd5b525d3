import Taro from '@tarojs/taro'
import { dispatchSession } from '../session/events'
import { dispatchStaff } from '../staff/events'
import { useStore } from '../store'
import { Code, type Envelope } from '@activity/wire'
import { NETWORK_TIMEOUT_MS } from './constants'
import { sessionCookie } from './cookie'
import { encodeForm, formPairs, withQuery, type Payload } from './encode'
import { MESSAGES, httpStatusText } from './messages'

/**
 * The request wrapper: the only code that knows the back-office's envelope, codes and encoding
 * (SPEC.md sections 7 and 8). Every back-office call goes through `request`, `upload` or
 * `download`; the API catalogue (src/api) is data on top of them.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface RequestOptions {
  /** Do not show the loading overlay for this non-GET call. */
  lock?: boolean
  /** The overlay's title. @default '加载中' */
  loadingTitle?: string
  /** Extra headers. */
  header?: Record<string, string>
  /** Show no toast when the call fails (background loads the person did not ask for). */
  quiet?: boolean
  /**
   * Whose session the call runs in: 'staff' for the 教职工 pages' calls (the operator cookie
   * `asid`), whose 100000004 ends only the staff session; the person (student or partner, `sid`)
   * stays signed in. @default 'person'
   */
  session?: SessionKind
}

/** The two sessions a device may hold side by side: the person's (`sid`) and the operator's (`asid`). */
export type SessionKind = 'person' | 'staff'

/** A 100000004 (or a download's 401) ends the session the call ran in, and only that one. */
function expire(session: SessionKind = 'person'): void {
  if (session === 'staff') dispatchStaff({ type: 'staffSessionExpired' })
  else dispatchSession({ type: 'sessionExpired' })
}

export type RequestErrorKind =
  /** Code 100000004: the session was cleared. */
  | 'sessionInvalid'
  /** A code other than 0 with HTTP 200: the server's message was shown. */
  | 'refused'
  /** A non-200 status: "status:message" was shown. */
  | 'httpStatus'
  /** No answer (offline, time-out, refused connection): nothing was shown. */
  | 'network'
  /** HTTP 200 with a body that is not the envelope. */
  | 'badResponse'

/** Why a call rejected; `message` is what the person was shown (or would be). */
export class RequestError extends Error {
  readonly kind: RequestErrorKind
  readonly code: number | null
  readonly status: number | null
  /** The refusal's `data`, when the server sent some (e.g. { partner: true } with a sign-in refusal). */
  readonly data: unknown
  constructor(kind: RequestErrorKind, message: string, details: { code?: number | null; status?: number | null; data?: unknown } = {}) {
    super(message)
    this.name = 'RequestError'
    this.kind = kind
    this.code = details.code ?? null
    this.status = details.status ?? null
    this.data = details.data ?? null
  }
}

let apiHost: string = API_HOST

/** The back-office's origin; the build's API_HOST ('' on H5: the page's own origin) unless set. */
export function setApiHost(host: string): void {
  apiHost = host.replace(/\/+$/, '')
}

export function apiUrl(path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${apiHost}${path.startsWith('/') ? '' : '/'}${path}`
}

// One overlay for any number of concurrent non-GET calls: shown by the first, hidden by the last.
let loadingCalls = 0

function beginLoading(method: Method, options: RequestOptions): () => void {
  if (method === 'GET' || options.lock) return () => {}
  loadingCalls += 1
  if (loadingCalls === 1) useStore.getState().showLoading(options.loadingTitle)
  let ended = false
  return () => {
    if (ended) return
    ended = true
    loadingCalls -= 1
    if (loadingCalls === 0) useStore.getState().hideLoading()
  }
}

function showToast(text: string) {
  useStore.getState().showToast(text)
}

/** The answer as an object: a parsed JSON text (mini-program hosts may hand text over), or null. */
function bodyOf(data: unknown): Record<string, unknown> | null {
  let body = data
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body)
    } catch {
      return null
    }
  }
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : null
}

function envelopeOf(data: unknown): Envelope | null {
  const body = bodyOf(data)
  if (!body || typeof body.code !== 'number') return null
  return { code: body.code, message: typeof body.message === 'string' ? body.message : '', data: body.data }
}

/** The `message` of a JSON answer that is not our envelope (a proxy's or framework's error). */
function bareMessageOf(data: unknown): string | undefined {
  const message = bodyOf(data)?.message
  return typeof message === 'string' ? message : undefined
}

/** SPEC.md section 8, in the order that matters: the session code first, whatever the status. */
function settle<T>(statusCode: number, data: unknown, { quiet = false, session }: RequestOptions = {}): Envelope<T> {
  const toast = quiet ? () => undefined : showToast
  const envelope = envelopeOf(data)
  if (envelope?.code === Code.sessionInvalid) {
    expire(session)
    throw new RequestError('sessionInvalid', envelope.message, { code: envelope.code, status: statusCode })
  }
  // A 4xx carrying our envelope is a refusal written for a person ("该手机号已登记"): it is shown
  // like any other response code, without the status. Server errors (5xx) and answers that are
  // not our envelope keep SPEC's "status:message" form, where the number helps support.
  const personRefusal = envelope !== null && envelope.message !== '' && statusCode >= 400 && statusCode < 500
  if (statusCode !== 200 && !personRefusal) {
    const text = httpStatusText(statusCode, envelope?.message || bareMessageOf(data))
    toast(text)
    throw new RequestError('httpStatus', text, { code: envelope?.code, status: statusCode })
  }
  if (!envelope) {
    toast(MESSAGES.badResponse)
    throw new RequestError('badResponse', MESSAGES.badResponse, { status: statusCode })
  }
  if (envelope.code !== Code.ok) {
    const text = envelope.message || String(envelope.code)
    toast(text)
    throw new RequestError('refused', text, { code: envelope.code, status: statusCode, data: envelope.data })
  }
  return envelope as Envelope<T>
}

function networkError(err: unknown): RequestError {
  const e = err as { errMsg?: unknown; message?: unknown } | null
  const message = typeof e?.errMsg === 'string' ? e.errMsg : typeof e?.message === 'string' ? e.message : 'network error'
  return new RequestError('network', message)
}

const FORM = 'application/x-www-form-urlencoded'

/**
 * One back-office call. GET and DELETE send the payload as a query string, POST and PUT as a
 * form body. Resolves with the whole envelope on code 0; otherwise rejects with a RequestError
 * after doing what SPEC.md section 8 says for that case.
 */
export async function request<T = unknown>(
  method: Method,
  path: string,
  payload?: Payload,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const inQuery = method === 'GET' || method === 'DELETE'
  const endLoading = beginLoading(method, options)
  try {
    let res: { statusCode: number; data: unknown; header?: Record<string, unknown>; cookies?: unknown }
    try {
      res = await Taro.request({
        url: inQuery ? withQuery(apiUrl(path), payload) : apiUrl(path),
        method,
        data: inQuery ? undefined : encodeForm(payload),
        // Form content type on every call: mini-program hosts default to JSON, which a DELETE
        // with no body must not claim.
        header: { 'content-type': FORM, ...sessionCookie.headers(), ...options.header },
        timeout: NETWORK_TIMEOUT_MS,
        dataType: 'json',
        ...(sessionCookie.credentials ? { credentials: sessionCookie.credentials } : {}),
      })
    } catch (err) {
      throw networkError(err)
    }
    sessionCookie.remember(res)
    return settle<T>(res.statusCode, res.data, options)
  } finally {
    endLoading()
  }
}

export interface UploadFile {
  /** A local file path (mini-programs) or blob/object URL (H5), as the choose-file APIs return. */
  filePath: string
  /** The form field of the file. @default 'file' */
  name?: string
  /** The file name to send (H5). */
  fileName?: string
  /** Other form fields. */
  formData?: Payload
}

/**
 * A multipart upload (spreadsheet or word import) under the same rules as `request`: the
 * overlay unless `lock`, the session cookie, the envelope and error handling.
 */
export async function upload<T = unknown>(path: string, file: UploadFile, options: RequestOptions = {}): Promise<Envelope<T>> {
  const endLoading = beginLoading('POST', options)
  try {
    let res: { statusCode: number; data: unknown; header?: Record<string, unknown> }
    try {
      // Multipart fields are single-valued: a repeated key keeps its last value.
      const formData = Object.fromEntries(formPairs(file.formData))
      res = await Taro.uploadFile({
        url: apiUrl(path),
        filePath: file.filePath,
        name: file.name ?? 'file',
        fileName: file.fileName,
        formData,
        header: { ...sessionCookie.headers(), ...options.header },
        timeout: NETWORK_TIMEOUT_MS,
        withCredentials: sessionCookie.withCredentials,
      } as Taro.uploadFile.Option)
    } catch (err) {
      throw networkError(err)
    }
    sessionCookie.remember(res)
    return settle<T>(res.statusCode, res.data, { session: options.session })
  } finally {
    endLoading()
  }
}

/**
 * A file download (export, template download): a GET with the payload as its query and the
 * session cookie. Resolves with the local path (an object URL on H5) of the file. A refusal's
 * body lands in that file unread, so a non-200 shows its status alone; 401 is the back-office's
 * session-invalid status and clears the session as 100000004 does.
 */
export async function download(path: string, payload?: Payload, options: RequestOptions = {}): Promise<{ tempFilePath: string }> {
  let res: { statusCode: number; tempFilePath: string }
  try {
    res = await Taro.downloadFile({
      url: withQuery(apiUrl(path), payload),
      header: { ...sessionCookie.headers(), ...options.header },
      timeout: NETWORK_TIMEOUT_MS,
      withCredentials: sessionCookie.withCredentials,
    } as Taro.downloadFile.Option)
  } catch (err) {
    throw networkError(err)
  }
  if (res.statusCode === 401) {
    expire(options.session)
    throw new RequestError('sessionInvalid', MESSAGES.sessionExpired, { code: Code.sessionInvalid, status: 401 })
  }
  if (res.statusCode !== 200) {
    const text = httpStatusText(res.statusCode)
    showToast(text)
    throw new RequestError('httpStatus', text, { status: res.statusCode })
  }
  return { tempFilePath: res.tempFilePath }
}
