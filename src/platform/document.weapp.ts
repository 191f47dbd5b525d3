import Taro from '@tarojs/taro'
import type { PickedDocument } from './document'

/** WeChat picks a document from a chat (see document.ts): `chooseMessageFile`, files only, PDF or Word. */
export const CAN_PICK_DOCUMENT = true

const cancelled = (err: unknown) => /cancel/i.test(String((err as { errMsg?: string } | null)?.errMsg ?? err))

export async function pickDocument(): Promise<PickedDocument | null> {
  try {
    const res = await Taro.chooseMessageFile({ count: 1, type: 'file', extension: ['pdf', 'doc', 'docx'] })
    const file = res.tempFiles[0]
    return file ? { path: file.path, name: file.name, bytes: file.size } : null
  } catch (err) {
    if (cancelled(err)) return null
    throw err instanceof Error ? err : new Error('选择文件失败，请重试')
  }
}

/** Temporary files are the host's to clear. */
export function releaseDocument(_picked: PickedDocument): void {}
