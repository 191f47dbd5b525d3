import Taro from '@tarojs/taro'

/**
 * Copies a text (a waybill number) to the phone's clipboard: the host's own call in the
 * mini-programs. H5 uses the browser's (clipboard.h5.ts). Rejects when the host refused.
 */
export async function copyText(text: string): Promise<void> {
  await Taro.setClipboardData({ data: text })
}
