/** What a platform's pay call reports: the page still waits for the server to say paid or failed. */
export type PlatformPayResult = { kind: 'ok' } | { kind: 'cancelled' } | { kind: 'failed'; reason: string }

/** A mini-program pay call's error: the person closed the sheet, or something else. */
export function resultOfError(err: unknown): PlatformPayResult {
  const message = err && typeof err === 'object' && 'errMsg' in err ? String((err as { errMsg: unknown }).errMsg) : String(err)
  if (/cancel/i.test(message)) return { kind: 'cancelled' }
  return { kind: 'failed', reason: '支付未完成，请重试' }
}
