/**
 * 论文's file check, in the words the student reads: a PDF or Word document (by its name's
 * extension) of at most 20 MB. The app checks a picked file with it before sending; the server
 * (server/src/modules/roll/thesis) says the same words of the bytes it receives, which it also
 * sniffs, with this limit.
 */

/** The largest thesis file (a Word or PDF document). */
export const THESIS_FILE_MAX_BYTES = 20 * 1024 * 1024

/** The extensions a thesis file may have (PDF, Word). */
export const THESIS_FILE_EXTENSIONS = ['pdf', 'doc', 'docx'] as const

/** The extension of a file name, lower case ('' when it has none). */
export function fileExtension(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? ''
  const dot = last.lastIndexOf('.')
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : ''
}

/** Why a picked file may not be sent as a thesis file (its type, then its size), or null. */
export function thesisFileProblem({ name, bytes }: { name: string; bytes: number }): string | null {
  if (!(THESIS_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(name))) return '请上传 PDF 或 Word 文件'
  if (bytes > THESIS_FILE_MAX_BYTES) return '文件不能超过20MB'
  if (bytes <= 0) return '文件是空的，请重新选择'
  return null
}
