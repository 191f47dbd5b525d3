/**
 * A drop zone for one file, dropped or chosen: it goes to `onFile`, which checks and sends it
 * (antd's own request never runs). A dropped file the chooser's filter (`accept`) would drop
 * without a word is refused through `onRefused` with `check`'s reason. Busy while `sending`.
 * Pictures (ImageUpload) and spreadsheets (志愿数据's import) use it.
 */
import { InboxOutlined } from '@ant-design/icons'
import { Spin, Upload } from 'antd'
import type { ReactNode } from 'react'

export interface FileDropProps {
  accept: string
  /** Why a file is refused before sending, or null. */
  check: (file: File) => string | null
  onFile: (file: File) => void
  onRefused: (file: File, reason: string) => void
  sending: boolean
  sendingTip: string
  text: ReactNode
  hint: ReactNode
}

export function FileDrop({ accept, check, onFile, onRefused, sending, sendingTip, text, hint }: FileDropProps) {
  return (
    <Spin spinning={sending} tip={sendingTip}>
      <Upload.Dragger
        accept={accept}
        multiple={false}
        showUploadList={false}
        beforeUpload={(file) => {
          onFile(file)
          return Upload.LIST_IGNORE
        }}
        onDrop={(event) => {
          const files = Array.from(event.dataTransfer.files)
          const reasons = files.map(check)
          const [first] = files
          if (first && reasons[0] && reasons.every((r) => r !== null)) onRefused(first, reasons[0])
        }}
      >
        <p className='ant-upload-drag-icon'>
          <InboxOutlined />
        </p>
        <p className='ant-upload-text'>{text}</p>
        <p className='ant-upload-hint'>{hint}</p>
      </Upload.Dragger>
    </Spin>
  )
}
