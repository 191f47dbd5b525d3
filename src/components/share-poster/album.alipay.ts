import Taro from '@tarojs/taro'
import { isCancel, isPermissionRefusal, type SaveOutcome } from './album-refusal'

/** Alipay: no WeChat scope to ask for first; saving raises Alipay's own album prompt (see album.ts). */
export async function saveToAlbum(filePath: string): Promise<SaveOutcome> {
  try {
    await Taro.saveImageToPhotosAlbum({ filePath })
    return 'saved'
  } catch (err) {
    if (isCancel(err)) return 'cancelled'
    return isPermissionRefusal(err) ? 'denied' : 'failed'
  }
}

/** Alipay's settings page does not say what changed: answer true and let the next save tell. */
export async function openAlbumSetting(): Promise<boolean> {
  try {
    await Taro.openSetting()
    return true
  } catch {
    return false
  }
}
