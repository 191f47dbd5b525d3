/**
 * 运单 and 物流异常 (`/api/ems/express`): every tracked parcel (a mailing's textbooks, a points-shop
 * exchange) with its latest track, the exceptions queue (退签, 疑难, 无记录, or 停滞: no track for
 * days) and its handling, re-subscribing one with the tracking provider, and, on the sandbox
 * carrier only, the steps it may push.
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { get, post, put } from './client'

const base = '/api/ems/express'

/** A parcel as the console lists it: its source and student, state, problem, latest track, subscription. */
export type Parcel = ApiItem<'/api/ems/express/list', 'get'>

/** One parcel with its tracks, newest first. */
export type ParcelDetail = ApiData<'/api/ems/express/detail', 'get'>

export type ParcelTrack = ParcelDetail['tracks'][number]

export type ParcelQuery = ApiQueryText<'/api/ems/express/list', 'get'>

/** The carriers, whether tracking is the sandbox (its pushes offered), and after how many days without a track a parcel is 停滞. */
export type TrackingInfo = ApiData<'/api/ems/express/carriers', 'get'>

export type SandboxStep = ApiBody<'/api/ems/express/sandbox/push', 'post'>['step']

export const parcelsApi = {
  list: (query: ParcelQuery) => get<Page<Parcel>>(`${base}/list`, query),
  detail: (id: number) => get<ParcelDetail>(`${base}/detail`, { id }),
  /** Quiet: without it the screens only lack the sandbox's pushes and the days of 停滞. */
  tracking: () => get<TrackingInfo>(`${base}/carriers`, undefined, { quiet: true }),
  /** No problem to handle (someone else did): 409. */
  handle: (input: ApiBody<'/api/ems/express/handle', 'put'>) => put<Parcel>(`${base}/handle`, input, { quiet: true }),
  /** Answers the parcel as it is after asking again (`subscribeError` still set when refused again). */
  resubscribe: (id: number) => post<ParcelDetail>(`${base}/resubscribe`, { id }),
  sandboxPush: (id: number, step: SandboxStep) => post<ParcelDetail>(`${base}/sandbox/push`, { id, step }),
}
