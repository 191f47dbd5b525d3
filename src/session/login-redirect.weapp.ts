/** Mini-programs: the login page is the only way (the open-id login already ran at launch). */
export function loginRedirect(_from: string): boolean {
  return false
}
