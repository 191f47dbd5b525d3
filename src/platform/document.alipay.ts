import type { PickedDocument } from './document'

/**
 * Alipay's mini-program has no document picker on phones (see document.ts; my.chooseFileFromDisk
 * is the desktop client's), so the page says where to submit instead.
 */
export const CAN_PICK_DOCUMENT = false

export function pickDocument(): Promise<PickedDocument | null> {
  return Promise.resolve(null)
}

export function releaseDocument(_picked: PickedDocument): void {}
