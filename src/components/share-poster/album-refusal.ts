/** What album.ts and album.alipay.ts share: the permission's name and how a refusal reads. */
export const ALBUM_SCOPE = 'scope.writePhotosAlbum'

export type SaveOutcome = 'saved' | 'denied' | 'cancelled' | 'failed'

export function messageOf(err: unknown): string {
  if (err && typeof err === 'object' && 'errMsg' in err) return String((err as { errMsg: unknown }).errMsg)
  return err instanceof Error ? err.message : String(err)
}

/** The hosts' words for a refused or missing permission ("auth deny", "auth denied", "authorize:fail"). */
export function isPermissionRefusal(err: unknown): boolean {
  return /auth|deny|denied|permission|scope/i.test(messageOf(err))
}

export function isCancel(err: unknown): boolean {
  return /cancel/i.test(messageOf(err))
}
