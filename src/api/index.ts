import * as bms from './bms'
import * as cms from './cms'
import * as ems from './ems'
import * as fms from './fms'
import * as sms from './sms'
import * as ums from './ums'
import * as zms from './zms'

/**
 * The API catalogue (SPEC.md section 7): every back-office family as typed calls, generated from
 * one declarative table per family and grouped by service. A call is
 * `api.<service>.<family>.<resource>.<action>(payload, options)`, e.g.
 * `api.ums.user.user.sendVerify({ phone, type })`; each call also carries its `method` and `path`.
 */
export const api = { bms, ums, cms, ems, fms, zms, sms }

/** The catalogue's tabs (SPEC.md section 9), in order. */
export const CATALOGUE_TABS = ['bms', 'ums', 'cms'] as const

export type Service = keyof typeof api

export { definedFamilies, verbByRule, VERB_RULES, BASE_CALLS } from './define'
export type { CatalogueEntry, FamilyInfo, CallMeta, Verb, NoPayload } from './define'
export type * from './ums/user'
export type * from './ems/partner'
