/**
 * The back-office's request and response types, named by call. ./openapi.ts is generated from
 * the server's OpenAPI document (`npm run api:types`); these helpers pick one call's parts:
 *
 *   type Partners = ApiData<'/api/ems/partner/partner/list', 'get'>   // the envelope's `data` on success
 *   type Filters = ApiQuery<'/api/ems/partner/partner/list', 'get'>   // the query string's fields
 *   type Decision = ApiBody<'/api/ems/partner/partner/audit', 'put'>  // the JSON (or form) body
 *
 * Types only: nothing here exists at run time.
 */
import type { paths } from './openapi'

export type { paths } from './openapi'

/** Every path the back-office documents. */
export type ApiPath = keyof paths

export type ApiMethod = 'get' | 'post' | 'put' | 'delete'

/** The methods a path answers. */
export type ApiMethodOf<P extends ApiPath> = {
  [M in ApiMethod]: [NonNullable<paths[P][M]>] extends [never] ? never : M
}[ApiMethod]

/** The paths that answer a method: `ApiPathWith<'get'>`. */
export type ApiPathWith<M extends ApiMethod> = { [P in ApiPath]: M extends ApiMethodOf<P> ? P : never }[ApiPath]

/** One call's operation object of the generated document. */
export type ApiOperation<P extends ApiPath, M extends ApiMethodOf<P>> = NonNullable<paths[P][M]>

type ContentOf<T> = T extends { content: infer C } ? C : never
type JsonOf<C> = C extends { 'application/json': infer J } ? J : C extends { 'multipart/form-data': infer F } ? F : never

/** The whole `{code, message, data}` envelope of the call's 200 answer. */
export type ApiResponse<P extends ApiPath, M extends ApiMethodOf<P>> =
  ApiOperation<P, M> extends { responses: { 200: infer R } } ? JsonOf<ContentOf<R>> : never

/** The `data` of the envelope of the call's 200 answer. */
export type ApiData<P extends ApiPath, M extends ApiMethodOf<P>> = ApiResponse<P, M> extends { data: infer D } ? D : never

/** The call's query string fields (`{}` when it takes none). */
export type ApiQuery<P extends ApiPath, M extends ApiMethodOf<P>> =
  ApiOperation<P, M> extends { parameters: { query?: infer Q } } ? ([Q] extends [never] ? Record<string, never> : NonNullable<Q>) : never

/**
 * The call's query as a screen holds it before sending: the same fields, each also as text (a
 * filter read from the address bar or a select), which the server parses and checks.
 */
export type ApiQueryText<P extends ApiPath, M extends ApiMethodOf<P>> = { [K in keyof ApiQuery<P, M>]: ApiQuery<P, M>[K] | string }

/** The call's body: its JSON shape (the form body has the same fields); multipart for uploads. */
export type ApiBody<P extends ApiPath, M extends ApiMethodOf<P>> =
  ApiOperation<P, M> extends { requestBody?: infer B } ? JsonOf<ContentOf<NonNullable<B>>> : never

/**
 * T with the fields K as text: a form holds a value picked from a list (a category, a year) as a
 * string, and the server checks it against its list.
 */
export type WithText<T, K extends keyof T> = { [P in keyof T]: P extends K ? string | Extract<T[P], undefined> : T[P] }

/** An element of a list answer (`{list, total, page, size}` or a bare array). */
export type ApiItem<P extends ApiPath, M extends ApiMethodOf<P>> =
  ApiData<P, M> extends { list: ReadonlyArray<infer I> } ? I : ApiData<P, M> extends ReadonlyArray<infer I> ? I : never
