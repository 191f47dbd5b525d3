/**
 * The browser's file chooser behind a button of the screen's own: `input` is drawn anywhere
 * (hidden), `choose()` opens it, and the files chosen go to `onFiles` (choosing the same file again
 * counts again). Where antd's Upload would bring its file list and progress bars for nothing: the
 * rich-text editor's 插入图片, the answer box's 添加图片.
 */
import { type ReactElement, useRef } from 'react'

export interface FileChooserOptions {
  /** The chooser's filter (`image/png,image/jpeg`, `.xlsx`). */
  accept: string
  multiple?: boolean
  /** The hidden input's name for assistive technology and tests. */
  label: string
  onFiles: (files: File[]) => void
}

export function useFileChooser({ accept, multiple = false, label, onFiles }: FileChooserOptions): {
  choose: () => void
  input: ReactElement
} {
  const ref = useRef<HTMLInputElement>(null)
  const input = (
    <input
      ref={ref}
      type='file'
      accept={accept}
      multiple={multiple}
      hidden
      aria-label={label}
      onChange={(event) => {
        const files = Array.from(event.target.files ?? [])
        event.target.value = ''
        if (files.length > 0) onFiles(files)
      }}
    />
  )
  return { choose: () => ref.current?.click(), input }
}
