/**
 * The console's one way to call the back-office. It alone knows the `{code, message, data}`
 * envelope: code 0 resolves with `data`; 100000004 (no session or it expired) sends the operator
 * to the sign-in page with the address to come back to; 100000010 (a high-risk action needs a
 * step-up) opens the step-up dialog and, once the operator has confirmed, sends the same call once
 * more; any other code rejects with an ApiError carrying the server's message, which is shown once
 * (unless the caller shows it itself).
 */
import { Code, type Envelope, type Page } from '@activity/wire'

/** What a screen shows when no answer came (a dropped connection, a proxy's HTML error page). */
export const NETWORK_MESSAGE = '网络异常，请检查网络后重试'

export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    message: string,
    /** The envelope's code; 0 when no envelope came back. */
    readonly code: number,
    /** The HTTP status; 0 when no answer came. */
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message)
  }
}

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>
/** Query parameters: any object of QueryValue fields (interfaces of filters included). */
export type Query = object

export interface CallOptions {
  query?: Query
  body?: unknown
  /** The caller shows the refusal itself (forms with an inline message); the client stays silent. */
  quiet?: boolean
  signal?: AbortSignal
}

type Notify = (message: string) => void
type SessionExpired = () => void
/** Asks the operator to step up (the dialog); resolves true once they have, false when they gave up. */
type StepUp = () => Promise<boolean>

let notify: Notify = () => undefined
let sessionExpired: SessionExpired = () => undefined
let stepUp: StepUp | undefined

/**
 * Set once by the app shell: how a refusal is shown (antd's message), what an expired session does,
 * and how the operator steps up when a call needs it.
 */
export function configureClient(handlers: { notify?: Notify; sessionExpired?: SessionExpired; stepUp?: StepUp | null }): void {
  if (handlers.notify) notify = handlers.notify
  if (handlers.sessionExpired) sessionExpired = handlers.sessionExpired
  if (handlers.stepUp !== undefined) stepUp = handlers.stepUp ?? undefined
}

/**
 * Sends `send()`; when the answer asks for a step-up, asks the operator and, once they have
 * confirmed, sends it once more (the answer to that one is final, whatever it is).
 */
async function withStepUp<T>(send: (quietStepUp: boolean) => Promise<T>, quiet: boolean): Promise<T> {
  if (!stepUp) return send(false)
  try {
    return await send(true)
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== Code.stepUpRequired) throw error
    if (await stepUp()) return send(false)
    return fail(error, quiet)
  }
}

/** `?a=1&b=x&b=y` without empty values (an empty filter is no filter). */
export function toSearch(query: Query | undefined): string {
  if (!query) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query) as Array<[string, QueryValue]>) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v))
    else search.append(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/**
 * A screen's first GETs, asked for before it renders. When a console address is opened, the screen's
 * `preload` (an export of its module, routes.tsx) runs as soon as its script is there, beside the
 * session's check, instead of after the frame and the screen have rendered. Each answer waits here
 * for the screen's own call to the same address, which takes it (once) and reads it like any answer:
 * a refusal is shown and an expired session goes to sign-in then, not before. An answer no call takes
 * (the screen asked for something else, or never rendered) is dropped after a while.
 */
const early = new Map<string, { response: Promise<Response>; forget: ReturnType<typeof setTimeout> }>()
const EARLY_KEPT_MS = 15_000
let preloading = false

/** Runs `ask` (a screen's API calls) so that its GETs are sent now and kept for the screen's calls. */
export function preload(ask: () => unknown): void {
  preloading = true
  try {
    ask()
  } finally {
    preloading = false
  }
}

function sendEarly(url: string): void {
  if (early.has(url)) return
  const response = fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
  // A failure is the taking call's to report.
  response.catch(() => undefined)
  early.set(url, { response, forget: setTimeout(() => early.delete(url), EARLY_KEPT_MS) })
}

function takeEarly(url: string): Promise<Response> | undefined {
  const kept = early.get(url)
  if (!kept) return undefined
  early.delete(url)
  clearTimeout(kept.forget)
  return kept.response
}

export async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: CallOptions = {}): Promise<T> {
  const { query, body, quiet = false, signal } = options
  const url = `${path}${toSearch(query)}`
  if (method === 'GET' && preloading) {
    sendEarly(url)
    // The preload's own caller reads nothing: the screen's call will.
    return new Promise<T>(() => undefined)
  }
  const multipart = body instanceof FormData
  // A call that may be cancelled (signal) asks for itself.
  let sent = method === 'GET' && !signal ? takeEarly(url) : undefined
  const send = async (quietStepUp: boolean) => {
    let response: Response
    try {
      const answer = sent
      // Once: a repeat after a step-up asks the server again.
      sent = undefined
      response = await (answer ??
        fetch(url, {
          method,
          credentials: 'same-origin',
          // FormData sets its own multipart content type with the boundary.
          headers: { Accept: 'application/json', ...(body === undefined || multipart ? {} : { 'Content-Type': 'application/json' }) },
          body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
          signal,
        }))
    } catch (error) {
      if (signal?.aborted) throw error
      return fail(new ApiError(NETWORK_MESSAGE, 0, 0), quiet)
    }
    return settle<T>(response, quiet, quietStepUp)
  }
  return withStepUp(send, quiet)
}

/**
 * The envelope of an answer: `data` for code 0, else the refusal (shown unless quiet), or the
 * sign-in page. `quietStepUp`: a step-up refusal is not shown (the dialog will ask instead).
 */
async function settle<T>(response: Response, quiet: boolean, quietStepUp = false): Promise<T> {
  let envelope: Envelope<T>
  try {
    envelope = (await response.json()) as Envelope<T>
    if (typeof envelope?.code !== 'number') throw new Error('not an envelope')
  } catch {
    return fail(new ApiError(response.ok ? NETWORK_MESSAGE : `${response.status}:${NETWORK_MESSAGE}`, 0, response.status), quiet)
  }
  if (envelope.code === Code.ok) return envelope.data
  const error = new ApiError(envelope.message || NETWORK_MESSAGE, envelope.code, response.status, envelope.data)
  if (envelope.code === Code.sessionInvalid) {
    sessionExpired()
    throw error
  }
  return fail(error, quiet || (quietStepUp && envelope.code === Code.stepUpRequired))
}

function fail(error: ApiError, quiet: boolean): never {
  if (!quiet) notify(error.message)
  throw error
}

export const get = <T>(path: string, query?: Query, options?: Omit<CallOptions, 'query' | 'body'>) =>
  call<T>('GET', path, { ...options, query })
export const post = <T>(path: string, body?: unknown, options?: Omit<CallOptions, 'body'>) => call<T>('POST', path, { ...options, body })
export const put = <T>(path: string, body?: unknown, options?: Omit<CallOptions, 'body'>) => call<T>('PUT', path, { ...options, body })
export const del = <T>(path: string, query?: Query, options?: Omit<CallOptions, 'query' | 'body'>) =>
  call<T>('DELETE', path, { ...options, query })

/** A file sent as multipart field `file` (imports, poster images). */
export const upload = <T>(path: string, file: Blob, options?: Omit<CallOptions, 'body'>) => {
  const form = new FormData()
  form.append('file', file)
  return call<T>('POST', path, { ...options, body: form })
}

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number
  total: number
  /** 0..100, whole */
  percent: number
}

/**
 * A file sent as multipart field `file`, after the text `fields` (a server reading the stream sees
 * them first), with the bytes sent reported as they go: fetch cannot tell upload progress, so this
 * one call goes through XMLHttpRequest, and its answer through the same envelope as every call.
 */
export function uploadWithProgress<T>(
  path: string,
  file: Blob,
  {
    fields = {},
    onProgress,
    signal,
    quiet = false,
  }: { fields?: Record<string, string>; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal; quiet?: boolean } = {},
): Promise<T> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', file)
  const sent = new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', path)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : file.size
      onProgress?.({ loaded: event.loaded, total, percent: total > 0 ? Math.min(100, Math.floor((event.loaded / total) * 100)) : 0 })
    }
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status > 599) return reject(new ApiError(NETWORK_MESSAGE, 0, xhr.status))
      const headers = { 'content-type': xhr.getResponseHeader('content-type') ?? '' }
      resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers }))
    }
    xhr.onerror = () => reject(new ApiError(NETWORK_MESSAGE, 0, 0))
    const cancelled = () => reject(new DOMException('上传已取消', 'AbortError'))
    xhr.onabort = cancelled
    if (signal?.aborted) return cancelled()
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
  return sent.then(
    (response) => settle<T>(response, quiet),
    (error: unknown) => {
      if (error instanceof ApiError) return fail(error, quiet)
      throw error
    },
  )
}

/** A server page in the shape ProTable's request wants. */
export function tablePage<T>(page: Page<T>): { data: T[]; total: number; success: true } {
  return { data: page.list, total: page.total, success: true }
}

/** The address of a server download (a template) with the current filters; the browser fetches it with the session cookie. */
export function downloadUrl(path: string, query?: Query): string {
  return `${path}${toSearch(query)}`
}

/** The file name a download's Content-Disposition gives (RFC 6266: `filename*` before `filename`). */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim())
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition)
  return plain?.[1]?.trim() || fallback
}

/** Hands a downloaded file to the browser as a save (an object URL clicked as a download link). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked once the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/**
 * A server file (an export) with the current filters. The server answers the file, or refuses
 * with the envelope (a role without the right, a filter it refuses, too many rows, an expired
 * session): the refusal is shown like any call's (or leads to the sign-in page) instead of being
 * saved as a file. Resolves true when the file was saved.
 */
export async function download(
  path: string,
  query?: Query,
  { fallbackName = 'export.xlsx', save = saveFile }: { fallbackName?: string; save?: (blob: Blob, name: string) => void } = {},
): Promise<boolean> {
  return withStepUp(async (quietStepUp) => {
    let response: Response
    try {
      response = await fetch(`${path}${toSearch(query)}`, { credentials: 'same-origin' })
    } catch {
      return fail(new ApiError(NETWORK_MESSAGE, 0, 0), false)
    }
    const type = response.headers.get('content-type') ?? ''
    if (response.ok && !/json/i.test(type)) {
      save(await response.blob(), filenameOf(response.headers.get('content-disposition'), fallbackName))
      return true
    }
    await settle<unknown>(response, false, quietStepUp)
    // A code-0 envelope where a file was expected: nothing to save.
    return false
  }, false)
}
