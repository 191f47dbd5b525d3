/** H5: the picture (a data URL) is downloaded as a file named after the receipt. */
export async function saveReceipt(picture: string, fileName: string): Promise<'saved' | 'denied' | 'failed' | 'cancelled'> {
  try {
    const a = document.createElement('a')
    a.href = picture
    a.download = fileName
    document.body.appendChild(a)
    a.click()
    a.remove()
    return 'saved'
  } catch {
    return 'failed'
  }
}
