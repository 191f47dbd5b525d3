/**
 * H5: the browser's clipboard (see clipboard.ts), not Taro's setClipboardData, which brings Taro's
 * toasts and action sheets (about 6 KB gzipped) into every page that copies. The asynchronous
 * Clipboard API where the page may use it (a secure context), else a selected text area and
 * execCommand('copy'), which older in-app browsers still need. Rejects when neither copied.
 */
export async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text)
    return
  }
  const area = document.createElement('textarea')
  area.value = text
  area.readOnly = true
  area.style.position = 'fixed'
  area.style.left = '-10000px'
  document.body.appendChild(area)
  try {
    area.select()
    area.setSelectionRange(0, text.length)
    if (!document.execCommand('copy')) throw new Error('the browser refused to copy')
  } finally {
    document.body.removeChild(area)
  }
}
