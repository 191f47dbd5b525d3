import Taro from '@tarojs/taro'
import { useStore } from '../store'
import { logger } from '../utils/logger'

/**
 * Opening a document (a course's, a thesis version) in the mini-programs: downloaded to a temporary file, then shown by
 * the host's document viewer (PDF). H5 opens it in a new tab (open-document.h5.ts).
 */
export async function openDocument(url: string, fileName: string | null): Promise<void> {
  const store = useStore.getState()
  store.showLoading('正在打开文档')
  try {
    const file = await Taro.downloadFile({ url })
    if (file.statusCode !== 200) throw new Error(`download answered ${file.statusCode}`)
    await Taro.openDocument({ filePath: file.tempFilePath, fileType: fileTypeOf(fileName ?? url), showMenu: true })
  } catch (err) {
    logger.warn('document not opened', err)
    store.showToast('文档打开失败，请稍后重试')
  } finally {
    store.hideLoading()
  }
}

function fileTypeOf(name: string): 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'ppt' | 'pptx' {
  const ext = /\.(pdf|docx?|xlsx?|pptx?)(?:$|\?)/i.exec(name)?.[1]?.toLowerCase()
  return (ext as 'pdf' | undefined) ?? 'pdf'
}
