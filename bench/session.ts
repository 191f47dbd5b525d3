/** What the bench servers are started with and how the bench signs in to them. */

/** The console's administrator of every bench server (its ADMIN_ACCOUNT and ADMIN_PASSWORD). */
export const BENCH_OPERATOR = { account: 'admin', password: 'bench-admin-1234' } as const

/** The session cookie a sign-in answer sets, as a Cookie header. */
export function cookieOf(res: Response): string {
  return (res.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ')
}
