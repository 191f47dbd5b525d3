// Picking a document (a PDF or Word file) to upload, one module per build (Taro's file suffixes:
// document.weapp.ts, document.alipay.ts). H5 asks the browser's file chooser; the path is an
// object URL, which Taro.uploadFile reads back as the file.

/** A picked file: `path` for the upload wrapper, its name and size for the checks. */
export interface PickedDocument {
  path: string
  name: string
  bytes: number
}

/** Whether this build can pick a document at all. */
export const CAN_PICK_DOCUMENT = true

const ACCEPT = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document'
const PICKER_CLASS = 'app-document-picker'

/**
 * One file from the browser's chooser, or null when the person closed it (browsers that do not
 * send `cancel` leave the promise waiting, which costs nothing: the next pick starts afresh).
 */
export function pickDocument(): Promise<PickedDocument | null> {
  document.querySelectorAll(`.${PICKER_CLASS}`).forEach((old) => old.remove())
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = ACCEPT
    input.className = PICKER_CLASS
    input.style.display = 'none'
    input.addEventListener('change', () => {
      const file = input.files?.[0]
      input.remove()
      resolve(file ? { path: URL.createObjectURL(file), name: file.name, bytes: file.size } : null)
    })
    input.addEventListener('cancel', () => {
      input.remove()
      resolve(null)
    })
    document.body.appendChild(input)
    input.click()
  })
}

/** Lets go of a picked file once it was sent (or refused). */
export function releaseDocument(picked: PickedDocument): void {
  if (picked.path.startsWith('blob:')) URL.revokeObjectURL(picked.path)
}
