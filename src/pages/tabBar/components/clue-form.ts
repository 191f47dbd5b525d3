import type { NewClue } from '../../../api/ems/partner'
import { ContactMethod } from '@activity/wire'

/** The add-a-clue form as typed (PRODUCT.md "Clues"): checked here before anything is sent. */
export interface ClueForm {
  name: string
  phone: string
  contactMethod: ContactMethod
  /** A "parent-child" category value, or '' when none is chosen. */
  intention: string
  remark: string
}

export const EMPTY_CLUE_FORM: ClueForm = { name: '', phone: '', contactMethod: ContactMethod.phone, intention: '', remark: '' }

/** The limits the back-office holds a clue to (clues.schemas.ts), so a refusal never comes back for them. */
export const CLUE_NAME_MAX = 20
export const CLUE_REMARK_MAX = 200
/** A mainland mobile number as the back-office accepts it (stricter than utils' isPhone: 1[3-9]). */
const MOBILE = /^1[3-9]\d{9}$/

/** The first thing wrong with the form, in the back-office's words, or null when it can be sent. */
export function clueFormError(form: ClueForm): string | null {
  const name = form.name.trim()
  if (!name) return '请填写姓名'
  if (name.length > CLUE_NAME_MAX) return `姓名不能超过${CLUE_NAME_MAX}个字符`
  const phone = form.phone.trim()
  if (!phone) return '请填写手机号'
  if (!MOBILE.test(phone)) return '手机号格式不正确'
  if (form.remark.trim().length > CLUE_REMARK_MAX) return `备注不能超过${CLUE_REMARK_MAX}个字符`
  return null
}

/** The body of `POST /api/ems/partner/clue`: trimmed, empty optional fields left out. */
export function newClueOf(form: ClueForm): NewClue {
  const clue: NewClue = { name: form.name.trim(), phone: form.phone.trim(), contactMethod: form.contactMethod }
  if (form.intention) clue.intention = form.intention
  const remark = form.remark.trim()
  if (remark) clue.remark = remark
  return clue
}
