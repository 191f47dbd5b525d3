import Taro from '@tarojs/taro'
import { useStore } from '../../../store'

/**
 * Mini-programs cannot download or install an app: the link is copied for a browser
 * (open-download.h5.ts opens it on H5).
 */
export const OPENS_DOWNLOADS = false

export async function openDownload(url: string): Promise<void> {
  try {
    await Taro.setClipboardData({ data: url })
    useStore.getState().showToast('下载链接已复制，请在手机浏览器中打开')
  } catch {
    useStore.getState().showToast('复制失败，请稍后重试')
  }
}
