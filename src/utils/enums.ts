/**
 * The enumerations of SPEC.md section 3 and PRODUCT.md for screens, with their option lists.
 * Defined once in src/wire; re-exported here so a screen has one place to look.
 */
import {
  BANNER_DEVICE_TYPES,
  CLUE_STATUSES,
  CONTACT_METHODS,
  DIFFICULTIES,
  ENABLED_STATUSES,
  GENDERS,
  LEDGER_TYPES,
  LIVE_STATUSES,
  PAY_STATUSES,
  PAYOUT_ACCOUNT_TYPES,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  REPLY_STATUSES,
  TIME_TYPES,
  WITHDRAWAL_STATUSES,
  INTAKE_YEARS,
  BATCHES,
} from '@activity/wire'
import { optionsOf } from './options'

export * from '@activity/wire'
export { CATEGORY_TREE, CATEGORY_VALUES } from '@activity/wire'

export const TIME_TYPE_OPTIONS = optionsOf(TIME_TYPES)
export const LIVE_STATUS_OPTIONS = optionsOf(LIVE_STATUSES)
export const BANNER_DEVICE_TYPE_OPTIONS = optionsOf(BANNER_DEVICE_TYPES)
export const REPLY_STATUS_OPTIONS = optionsOf(REPLY_STATUSES)
export const PRODUCT_STATUS_OPTIONS = optionsOf(PRODUCT_STATUSES)
export const PRODUCT_TYPE_OPTIONS = optionsOf(PRODUCT_TYPES)
export const PAY_STATUS_OPTIONS = optionsOf(PAY_STATUSES)
export const CONTACT_METHOD_OPTIONS = optionsOf(CONTACT_METHODS)
export const ENABLED_STATUS_OPTIONS = optionsOf(ENABLED_STATUSES)
export const DIFFICULTY_OPTIONS = optionsOf(DIFFICULTIES)
export const CLUE_STATUS_OPTIONS = optionsOf(CLUE_STATUSES)
export const WITHDRAWAL_STATUS_OPTIONS = optionsOf(WITHDRAWAL_STATUSES)
export const LEDGER_TYPE_OPTIONS = optionsOf(LEDGER_TYPES)
export const GENDER_OPTIONS = optionsOf(GENDERS)
export const PAYOUT_ACCOUNT_TYPE_OPTIONS = optionsOf(PAYOUT_ACCOUNT_TYPES)
/** Intake batch years, '2015' to '2030'. */
export const INTAKE_YEAR_OPTIONS = optionsOf(INTAKE_YEARS)
/** Batch options, 1期 to 20期. */
export const BATCH_OPTIONS = optionsOf(BATCHES)
