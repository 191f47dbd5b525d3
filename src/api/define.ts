import { download, request, upload, type Method, type Payload, type RequestOptions, type UploadFile } from '../request'
import type { Envelope } from '@activity/wire'

/**
 * The API catalogue's machinery: a back-office family is declared once as data (its base path,
 * resources and actions) and `defineFamily` turns it into typed calls over the request wrapper.
 *
 * A resource has the base calls (SPEC.md section 7): save (POST base), update (PUT base),
 * remove (DELETE base), list, listSimple, details, export, upload and downloadMould; plus its
 * named actions, whose verb follows from the name (VERB_RULES) unless the table says otherwise.
 */
export type Verb = Method
export type CallKind = 'request' | 'upload' | 'download'

/** Payload of a call that takes none. */
export type NoPayload = Record<string, never>

/**
 * SPEC.md section 7's verb rule, by action name. A name matches a word when it is the word or
 * starts with it followed by an upper-case letter (listForClient, auditByEducation); a leading
 * `batch` is skipped (batchAudit is an audit, batchRemove a remove). `detail` and `exports` are
 * spellings the back-office uses for details and export.
 */
export const VERB_RULES: ReadonlyArray<readonly [Verb, readonly string[]]> = [
  ['GET', ['list', 'listSimple', 'listName', 'details', 'detail', 'search', 'export', 'exports', 'downloadMould']],
  ['POST', ['save', 'apply', 'upload', 'publish', 'init']],
  ['PUT', ['update', 'audit', 'pass', 'sync', 'assign', 'set']],
  ['DELETE', ['remove']],
]

function startsWithWord(name: string, word: string): boolean {
  if (name === word) return true
  const next = name.charAt(word.length)
  return name.startsWith(word) && next >= 'A' && next <= 'Z'
}

/** The verb the rule gives an action name, or undefined when the rule says nothing. */
export function verbByRule(name: string): Verb | undefined {
  const bare = startsWithWord(name, 'batch') && name !== 'batch' ? name.charAt(5).toLowerCase() + name.slice(6) : name
  // The longest matching word wins (listSimple before list, downloadMould as a whole).
  let best: { verb: Verb; length: number } | undefined
  for (const [verb, words] of VERB_RULES) {
    for (const word of words) {
      if (startsWithWord(bare, word) && (!best || word.length > best.length)) best = { verb, length: word.length }
    }
  }
  return best?.verb
}

/** Export-like actions answer with a file rather than the envelope. */
function kindByRule(name: string): CallKind {
  return /^(export|exports|downloadMould)([A-Z]|$)/.test(name) ? 'download' : 'request'
}

// ---------------------------------------------------------------------------------------------
// Declarations

/** A typed action: payload P, response data R. Types only; `verb`/`path`/`kind` are data. */
export interface ActionSpec<P = Payload, R = unknown, K extends CallKind = CallKind> {
  readonly verb?: Verb
  /** The path segment, when it is not the action's name ('' for the resource's own path). */
  readonly path?: string
  readonly kind?: K
  /** Phantom: carries P and R for the types; never set. */
  readonly __types?: (payload: P) => R
}

/** A JSON action with its payload and response types; the verb by the rule unless given. */
export function call<P = Payload, R = unknown>(verb?: Verb, path?: string): ActionSpec<P, R, 'request'> {
  return { verb, path, kind: 'request' }
}

/** A multipart upload action (spreadsheet or word import). */
export function uploadCall<R = unknown>(path?: string): ActionSpec<UploadFile, R, 'upload'> {
  return { verb: 'POST', path, kind: 'upload' }
}

/** A file download action (export, template). */
export function downloadCall<P = Payload>(path?: string): ActionSpec<P, never, 'download'> {
  return { verb: 'GET', path, kind: 'download' }
}

/** In a table, an action is a typed spec, just its verb (an untyped override), or `true` (verb by the rule). */
export type ActionEntry = ActionSpec<any, any, any> | Verb | true // eslint-disable-line @typescript-eslint/no-explicit-any -- any spec fits a table cell

export const BASE_CALLS = {
  save: { verb: 'POST', segment: '', kind: 'request' },
  update: { verb: 'PUT', segment: '', kind: 'request' },
  remove: { verb: 'DELETE', segment: '', kind: 'request' },
  list: { verb: 'GET', segment: 'list', kind: 'request' },
  listSimple: { verb: 'GET', segment: 'listSimple', kind: 'request' },
  details: { verb: 'GET', segment: 'details', kind: 'request' },
  export: { verb: 'GET', segment: 'export', kind: 'download' },
  upload: { verb: 'POST', segment: 'upload', kind: 'upload' },
  downloadMould: { verb: 'GET', segment: 'downloadMould', kind: 'download' },
} as const satisfies Record<string, { verb: Verb; segment: string; kind: CallKind }>

export type BaseName = keyof typeof BASE_CALLS

export interface ResourceSpec {
  /** The path under the family, when it is not the resource's key. */
  path?: string
  /** false: no base calls; an object: the base calls with types given for some of them. */
  base?: false | Partial<Record<BaseName, ActionSpec<any, any, any>>> // eslint-disable-line @typescript-eslint/no-explicit-any -- see ActionEntry
  actions?: Record<string, ActionEntry>
}

// ---------------------------------------------------------------------------------------------
// Calls

export interface CallMeta {
  readonly method: Verb
  /** The full path, e.g. /api/ums/user/user/sendVerify. */
  readonly path: string
  readonly kind: CallKind
}

export type RequestCall<P, R> = ({} extends P // eslint-disable-line @typescript-eslint/no-empty-object-type -- "P has no required field"
  ? (payload?: P, options?: RequestOptions) => Promise<Envelope<R>>
  : (payload: P, options?: RequestOptions) => Promise<Envelope<R>>) &
  CallMeta
export type UploadRequestCall<R> = ((file: UploadFile, options?: RequestOptions) => Promise<Envelope<R>>) & CallMeta
export type DownloadRequestCall<P> = ((payload?: P, options?: RequestOptions) => Promise<{ tempFilePath: string }>) & CallMeta

type CallOf<E, Fallback> =
  E extends ActionSpec<infer P, infer R, infer K>
    ? K extends 'upload'
      ? UploadRequestCall<R>
      : K extends 'download'
        ? DownloadRequestCall<P>
        : RequestCall<P, R>
    : Fallback

type DefaultBase = {
  [N in BaseName]: (typeof BASE_CALLS)[N]['kind'] extends 'upload'
    ? UploadRequestCall<unknown>
    : (typeof BASE_CALLS)[N]['kind'] extends 'download'
      ? DownloadRequestCall<Payload>
      : RequestCall<Payload, unknown>
}

type BaseCallsOf<B> = { [N in BaseName]: N extends keyof B ? CallOf<B[N], DefaultBase[N]> : DefaultBase[N] }

type ActionCallsOf<A> = { [K in keyof A]: CallOf<A[K], RequestCall<Payload, unknown>> }

export type ResourceCalls<S extends ResourceSpec> = (S extends { base: false }
  ? unknown
  : BaseCallsOf<S extends { base: infer B } ? B : unknown>) &
  (S extends { actions: infer A } ? ActionCallsOf<A> : unknown)

export type FamilyCalls<D extends Record<string, ResourceSpec>> = { [R in keyof D]: ResourceCalls<D[R]> }

/** One call of the catalogue, as data (for the catalogue's tests and any tooling). */
export interface CatalogueEntry extends CallMeta {
  family: string
  resource: string
  name: string
  /** Whether the table gave the verb (an override) rather than the rule or the base calls. */
  verbGiven: boolean
  base: boolean
}

export interface FamilyInfo {
  /** e.g. /api/ems/partner */
  basePath: string
  entries: CatalogueEntry[]
}

const registry: FamilyInfo[] = []

/** Every family defined so far (all of them once src/api is imported). */
export function definedFamilies(): readonly FamilyInfo[] {
  return registry
}

function makeCall(meta: CallMeta): unknown {
  let fn: (...args: never[]) => unknown
  if (meta.kind === 'upload') {
    fn = (file: UploadFile, options?: RequestOptions) => upload(meta.path, file, options)
  } else if (meta.kind === 'download') {
    fn = (payload?: Payload, options?: RequestOptions) => download(meta.path, payload, options)
  } else {
    fn = (payload?: Payload, options?: RequestOptions) => request(meta.method, meta.path, payload, options)
  }
  return Object.assign(fn, meta)
}

function joinPath(...parts: string[]): string {
  return parts.filter(Boolean).join('/')
}

/** Turns one family's table into typed calls and records it in the catalogue. */
export function defineFamily<const D extends Record<string, ResourceSpec>>(basePath: string, resources: D): FamilyCalls<D> {
  const entries: CatalogueEntry[] = []
  const calls: Record<string, Record<string, unknown>> = {}
  for (const [key, spec] of Object.entries(resources)) {
    const resourcePath = joinPath(basePath, spec.path ?? key)
    const resource: Record<string, unknown> = {}
    const add = (name: string, meta: CallMeta, verbGiven: boolean, base: boolean) => {
      resource[name] = makeCall(meta)
      entries.push({ ...meta, family: basePath, resource: key, name, verbGiven, base })
    }
    if (spec.base !== false) {
      for (const [name, def] of Object.entries(BASE_CALLS) as Array<[BaseName, (typeof BASE_CALLS)[BaseName]]>) {
        const typed = spec.base?.[name]
        add(name, { method: def.verb, path: joinPath(resourcePath, typed?.path ?? def.segment), kind: def.kind }, false, true)
      }
    }
    for (const [name, entry] of Object.entries(spec.actions ?? {})) {
      if (name in resource) throw new Error(`${resourcePath}: action ${name} repeats a base call; type it under base`)
      const given = entry === true ? undefined : typeof entry === 'string' ? entry : entry.verb
      const kind = typeof entry === 'object' && entry.kind ? entry.kind : kindByRule(name)
      const method = given ?? (kind === 'download' ? 'GET' : kind === 'upload' ? 'POST' : verbByRule(name))
      if (!method) throw new Error(`${resourcePath}/${name}: the verb rule does not cover this name; give its verb`)
      const segment = typeof entry === 'object' && entry.path !== undefined ? entry.path : name
      add(name, { method, path: joinPath(resourcePath, segment), kind }, given !== undefined, false)
    }
    calls[key] = resource
  }
  registry.push({ basePath, entries })
  return calls as FamilyCalls<D>
}
