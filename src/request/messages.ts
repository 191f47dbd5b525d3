/**
 * Every message the client itself writes for a person to read (SPEC.md sections 5 and 8).
 * Server messages are shown as they come; these are the texts we make.
 */
export const MESSAGES = {
  /** A code was requested without a phone (the component may supply its own title). */
  phoneRequired: '请填写手机号',
  /** The server answered 200 with something that is not the `{code, message, data}` envelope. */
  badResponse: '服务器返回的数据无法识别',
  /** A sign-in call succeeded but returned no user with an id (SPEC.md section 5). */
  signInFailed: '登录失败，请重试',
  /** A mini-program could not get a login code from its host. */
  loginCodeFailed: '获取登录凭证失败',
  /** A download answered 401: its body is a file we do not read, so the session message is ours. */
  sessionExpired: '登录已失效，请重新登录',
} as const

/**
 * What a non-200 HTTP status shows: the status number, then a colon and the server's message
 * when there is one ("500:服务器繁忙，请稍后再试", or just "502"). A 4xx carrying our envelope is a
 * refusal for a person and shows its message alone (see settle in request.ts).
 */
export function httpStatusText(status: number, serverMessage?: string | null): string {
  const message = typeof serverMessage === 'string' ? serverMessage.trim() : ''
  return message ? `${status}:${message}` : String(status)
}
