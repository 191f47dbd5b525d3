import { SIGN_IN_MESSAGES } from '../../../components/form/checks'

/** 教职工登录's form. */
export interface StaffLoginForm {
  account: string
  password: string
  agreed: boolean
}

export type StaffLoginErrors = Partial<Record<keyof StaffLoginForm, string>>

/** The form's own checks, before the server is asked: an account, a password, consent. */
export function checkStaffLogin(form: StaffLoginForm): StaffLoginErrors {
  const errors: StaffLoginErrors = {}
  if (!form.account.trim()) errors.account = '请输入账号'
  if (!form.password) errors.password = '请输入密码'
  if (!form.agreed) errors.agreed = SIGN_IN_MESSAGES.consent
  return errors
}
