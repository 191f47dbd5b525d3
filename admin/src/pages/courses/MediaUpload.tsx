/**
 * A section's video or document, or a live session's playback, dropped or chosen: checked here
 * first (type), sent with the bytes' progress shown and a way to cancel, stored by the back-office
 * (its key is what the section keeps). For a video, its length is read in the browser meanwhile and
 * handed to the form (`onDuration`; null when the browser cannot tell, and the operator types it).
 */
import { DeleteOutlined, FileOutlined, InboxOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Progress, Space, Typography, Upload } from 'antd'
import { useRef, useState } from 'react'
import { courseFilesApi } from '../../api/courses'
import { useSubmission } from '../../hooks/useSubmission'
import { acceptOf, ACCEPT, fileRefusal, formatBytes, readVideoDuration } from './media'

/** What a section or a playback keeps of its file. */
export interface StoredMedia {
  key: string
  fileName: string
  size: number | null
}

export interface MediaUploadProps {
  kind: 'video' | 'document'
  value?: StoredMedia
  onChange?: (media: StoredMedia | undefined) => void
  /** A new video's length in seconds, or null when the browser cannot read it. */
  onDuration?: (seconds: number | null) => void
  /** Names the drop zone for assistive technology. */
  label: string
}

export function MediaUpload({ kind, value, onChange, onDuration, label }: MediaUploadProps) {
  const { submit, refusal, pending, refuse, clear } = useSubmission()
  const [progress, setProgress] = useState<{ name: string; percent: number }>()
  const cancel = useRef<AbortController>(undefined)

  const send = async (file: File) => {
    const local = fileRefusal(file, kind)
    if (local) return refuse(local)
    clear()
    if (kind === 'video' && onDuration) void readVideoDuration(file).then(onDuration)
    const controller = new AbortController()
    cancel.current = controller
    setProgress({ name: file.name, percent: 0 })
    await submit(async () => {
      try {
        const stored = await courseFilesApi.upload(file, kind, {
          signal: controller.signal,
          onProgress: ({ percent }) => setProgress({ name: file.name, percent }),
        })
        onChange?.({ key: stored.key, fileName: stored.fileName || file.name, size: stored.size })
      } catch (error) {
        // Cancelled by the operator: nothing to say.
        if (controller.signal.aborted) return
        throw error
      }
    })
    setProgress(undefined)
  }

  return (
    <Space direction='vertical' className='console-full-width'>
      {value && !pending ? (
        <Flex align='center' gap='small' data-testid='uploaded-file'>
          <FileOutlined />
          <Typography.Text>{value.fileName}</Typography.Text>
          <Typography.Text type='secondary'>{formatBytes(value.size)}</Typography.Text>
          <Button size='small' icon={<DeleteOutlined />} onClick={() => onChange?.(undefined)}>
            移除
          </Button>
        </Flex>
      ) : null}
      {progress ? (
        <div data-testid='upload-progress'>
          <Flex justify='space-between' align='center'>
            <Typography.Text>正在上传 {progress.name}</Typography.Text>
            <Button size='small' onClick={() => cancel.current?.abort()}>
              取消上传
            </Button>
          </Flex>
          <Progress percent={progress.percent} aria-label={`上传进度 ${progress.percent}%`} />
        </div>
      ) : (
        <Upload.Dragger
          accept={acceptOf(kind)}
          multiple={false}
          showUploadList={false}
          aria-label={label}
          beforeUpload={(file) => {
            void send(file)
            // The upload is ours (send); antd's own request never runs.
            return Upload.LIST_IGNORE
          }}
          onDrop={(e) => {
            // A dropped file of another type is filtered out by `accept` without a word: say why.
            const first = e.dataTransfer.files[0]
            const why = first ? fileRefusal(first, kind) : null
            if (why) refuse(why)
          }}
        >
          <p className='ant-upload-drag-icon'>
            <InboxOutlined />
          </p>
          <p className='ant-upload-text'>{value ? '拖入或点击更换文件' : '拖入文件，或点击选择'}</p>
          <p className='ant-upload-hint'>{ACCEPT[kind].label}</p>
        </Upload.Dragger>
      )}
      {refusal ? <Alert role='alert' type='error' showIcon message={refusal} /> : null}
    </Space>
  )
}
