import { isPhone } from '../../../utils/phone'

/** The campaign's clue form: what a prospect fills in on an activity page. */
export interface ClueFormValues {
  name: string
  phone: string
  /** A "parent-child" category value, or '' (optional). */
  intention: string
  agreed: boolean
}

export type ClueFormErrors = Partial<Record<keyof ClueFormValues, string>>

export const CLUE_FORM_MESSAGES = {
  nameMissing: '请填写姓名',
  nameTooLong: '姓名不能超过20个字符',
  phoneMissing: '请填写手机号',
  phoneFormat: '手机号格式不正确',
  notAgreed: '请先阅读并同意《隐私政策》',
  success: '提交成功，老师会尽快联系您',
} as const

export const EMPTY_CLUE_FORM: ClueFormValues = { name: '', phone: '', intention: '', agreed: false }

export function validateClueForm(values: ClueFormValues): ClueFormErrors {
  const errors: ClueFormErrors = {}
  const name = values.name.trim()
  const phone = values.phone.trim()
  if (!name) errors.name = CLUE_FORM_MESSAGES.nameMissing
  else if (Array.from(name).length > 20) errors.name = CLUE_FORM_MESSAGES.nameTooLong
  if (!phone) errors.phone = CLUE_FORM_MESSAGES.phoneMissing
  else if (!isPhone(phone)) errors.phone = CLUE_FORM_MESSAGES.phoneFormat
  if (!values.agreed) errors.agreed = CLUE_FORM_MESSAGES.notAgreed
  return errors
}

/** The saveForActivity payload: the prospect's details for the partner of `ref`, on this activity. */
export function cluePayload(values: ClueFormValues, ref: string, activityId: number) {
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    ref,
    activityId: String(activityId),
    ...(values.intention ? { intention: values.intention } : {}),
  }
}
