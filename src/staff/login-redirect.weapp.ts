/** Mini-programs: no OAuth round trip (the silent open-id sign-in runs in ensureStaff). */
export function staffLoginRedirect(_from: string): boolean {
  return false
}
