import Taro from '@tarojs/taro'
import { ALBUM_SCOPE, isCancel, isPermissionRefusal, type SaveOutcome } from './album-refusal'

/**
 * Saving the poster to the album, WeChat mini-program: the `scope.writePhotosAlbum` permission is
 * asked for once (WeChat's own prompt); once refused, WeChat never asks again and only the
 * settings page can grant it, which the overlay explains and opens. Alipay: album.alipay.ts.
 */
export async function saveToAlbum(filePath: string): Promise<SaveOutcome> {
  try {
    const { authSetting } = await Taro.getSetting()
    const granted = (authSetting as Record<string, boolean | undefined>)[ALBUM_SCOPE]
    if (granted === false) return 'denied'
    if (granted === undefined) await Taro.authorize({ scope: ALBUM_SCOPE as keyof Taro.AuthSetting })
  } catch (err) {
    if (isPermissionRefusal(err)) return 'denied'
    // The settings could not be read: saving asks for the permission itself.
  }
  try {
    await Taro.saveImageToPhotosAlbum({ filePath })
    return 'saved'
  } catch (err) {
    if (isCancel(err)) return 'cancelled'
    return isPermissionRefusal(err) ? 'denied' : 'failed'
  }
}

/** Opens the mini-program's settings; answers whether the album permission is on when the person comes back. */
export async function openAlbumSetting(): Promise<boolean> {
  try {
    const { authSetting } = await Taro.openSetting()
    return (authSetting as Record<string, boolean | undefined>)[ALBUM_SCOPE] === true
  } catch {
    return false
  }
}
