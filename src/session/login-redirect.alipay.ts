import type { LoginAudience } from './login-redirect'

/**
 * Mini-programs: the login page is the only way (the person's open-id login already ran at launch;
 * the operator's runs in ensureStaff).
 */
export function loginRedirect(_from: string, _audience?: LoginAudience): boolean {
  return false
}
