/**
 * The form checks the partner's and the student's sign-in forms share (a phone, an SMS code,
 * consent), made before anything is sent: the same rules and messages as the back-office's
 * schemas (server/src/lib/fields.ts). Each check answers '' when the value is fine; each form
 * answers its fields' messages (only the failing ones). The user area's own forms build on these
 * (pages/user/validate.ts).
 */
export type Errors<F extends string> = Partial<Record<F, string>>

/** Whether a form's check found nothing. */
export function isValid<F extends string>(errors: Errors<F>): boolean {
  return Object.values(errors).every((message) => !message)
}

/** The first message in the form's field order (what a single toast or scroll target uses). */
export function firstError<F extends string>(errors: Errors<F>, order: readonly F[]): F | null {
  return order.find((field) => Boolean(errors[field])) ?? null
}

/** A form's messages from its fields' checks, keeping only the failing ones. */
export function only<F extends string>(entries: Array<[F, string]>): Errors<F> {
  const out: Errors<F> = {}
  for (const [field, message] of entries) if (message) out[field] = message
  return out
}

export const SIGN_IN_MESSAGES = {
  phoneRequired: '请填写手机号',
  phoneFormat: '手机号格式不正确',
  codeRequired: '请填写验证码',
  codeFormat: '验证码为6位数字',
  consent: '请先阅读并同意《用户协议》和《隐私政策》',
} as const

/** A mainland mobile number, as the back-office accepts it: 11 digits, 1 then 3-9. */
export function phoneError(phone: string): string {
  const p = phone.trim()
  if (!p) return SIGN_IN_MESSAGES.phoneRequired
  return /^1[3-9]\d{9}$/.test(p) ? '' : SIGN_IN_MESSAGES.phoneFormat
}

export function codeError(code: string): string {
  const c = code.trim()
  if (!c) return SIGN_IN_MESSAGES.codeRequired
  return /^\d{6}$/.test(c) ? '' : SIGN_IN_MESSAGES.codeFormat
}

export interface BindForm {
  phone: string
  code: string
  agreed: boolean
}

/** A phone binding (the partner's WeChat variant, the student's login): phone, SMS code, consent. */
export function checkBind(form: BindForm): Errors<'phone' | 'code' | 'agreed'> {
  return only<'phone' | 'code' | 'agreed'>([
    ['phone', phoneError(form.phone)],
    ['code', codeError(form.code)],
    ['agreed', form.agreed ? '' : SIGN_IN_MESSAGES.consent],
  ])
}
