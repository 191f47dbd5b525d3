import { sendVerify } from '../code-input'
import type { VerifyType } from '@activity/wire'
import { phoneError } from './checks'

/**
 * The code button of the login forms: a malformed phone is marked on its field (`markPhone`) and
 * nothing is sent (the button stays ready); otherwise the code goes to the trimmed phone.
 */
export function checkedSendCode(markPhone: (problem: string) => void) {
  return (phone: string, type: VerifyType) => {
    const problem = phoneError(phone)
    if (problem) {
      markPhone(problem)
      return Promise.reject(new Error(problem))
    }
    return sendVerify(phone.trim(), type)
  }
}
