import { RollField, RollRequestStatus, isValidIdCard } from '@activity/wire'
import type { RollRequest, RollRequestPayload } from '../../../api/ems/education'
import { codeError, phoneError, type Errors } from '../../../components/form/checks'

/**
 * 学籍信息修改's checks, made before anything is sent, with the back-office's rules (issue 22
 * contract): a name of 2-20 characters, an 18-character ID number with its check digit, a
 * mainland mobile number and the 6-digit code texted to it. The server checks again and answers
 * what only it knows (the same as now, a phone used by another account).
 */
export interface RollRequestForm {
  field: RollField | ''
  value: string
  reason: string
  code: string
}

export type RollRequestFormField = keyof RollRequestForm
export const ROLL_REQUEST_FIELDS: readonly RollRequestFormField[] = ['field', 'value', 'code', 'reason']

export const REASON_MAX = 200

export const ROLL_REQUEST_MESSAGES = {
  fieldRequired: '请选择要修改的信息',
  nameRequired: '请填写新的姓名',
  nameLength: '姓名为2-20个字符',
  idCardRequired: '请填写新的身份证号',
  idCardFormat: '身份证号不正确',
  reasonLength: `修改原因不能超过${REASON_MAX}个字符`,
  pending: '该项已有待审核的申请',
} as const

/** The picker's choices: 姓名, 身份证号, 手机号. */
export const FIELD_CHOICES = (Object.keys(RollField) as RollField[]).map((value) => ({ value, label: RollField[value] }))

export const EMPTY_FORM: RollRequestForm = { field: '', value: '', reason: '', code: '' }

/** The new value's field: its keyboard, length and placeholder. */
export function valueInputOf(field: RollField | ''): { type: 'text' | 'idcard' | 'number'; maxlength: number; placeholder: string } {
  if (field === 'idCard') return { type: 'idcard', maxlength: 18, placeholder: '18位身份证号' }
  if (field === 'phone') return { type: 'number', maxlength: 11, placeholder: '新的手机号' }
  if (field === 'name') return { type: 'text', maxlength: 20, placeholder: '与身份证一致' }
  return { type: 'text', maxlength: 20, placeholder: '请先选择要修改的信息' }
}

function valueError(field: RollField, value: string): string {
  const v = value.trim()
  if (field === 'name') {
    if (!v) return ROLL_REQUEST_MESSAGES.nameRequired
    return v.length >= 2 && v.length <= 20 ? '' : ROLL_REQUEST_MESSAGES.nameLength
  }
  if (field === 'idCard') {
    if (!v) return ROLL_REQUEST_MESSAGES.idCardRequired
    return isValidIdCard(v) ? '' : ROLL_REQUEST_MESSAGES.idCardFormat
  }
  return phoneError(v)
}

/** The form's messages (only the failing fields); `requests` my requests, to spare a refused send for a field already waiting. */
export function checkRollRequest(
  form: RollRequestForm,
  requests: readonly Pick<RollRequest, 'field' | 'status'>[] = [],
): Errors<RollRequestFormField> {
  const out: Errors<RollRequestFormField> = {}
  if (!form.field) {
    out.field = ROLL_REQUEST_MESSAGES.fieldRequired
    return out
  }
  if (requests.some((r) => r.field === form.field && r.status === RollRequestStatus.pending)) out.field = ROLL_REQUEST_MESSAGES.pending
  const value = valueError(form.field, form.value)
  if (value) out.value = value
  if (form.field === 'phone') {
    const code = codeError(form.code)
    if (code) out.code = code
  }
  if (form.reason.trim().length > REASON_MAX) out.reason = ROLL_REQUEST_MESSAGES.reasonLength
  return out
}

/** What is sent: the trimmed value (an ID number in capitals), the reason when given, the code for a phone. */
export function rollRequestPayload(form: RollRequestForm & { field: RollField }): RollRequestPayload {
  const value = form.field === 'idCard' ? form.value.trim().toUpperCase() : form.value.trim()
  const reason = form.reason.trim()
  return {
    field: form.field,
    value,
    ...(reason ? { reason } : {}),
    ...(form.field === 'phone' ? { code: form.code.trim() } : {}),
  }
}
