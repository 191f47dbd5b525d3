/**
 * One picture, dropped or chosen, stored through the back-office's upload call (poster
 * backgrounds, activity covers). Its type and size are checked here before sending; the server
 * checks the content again and its refusal is shown in place. The value is the stored address.
 */
import { DeleteOutlined } from '@ant-design/icons'
import { Alert, Button, Image, Space } from 'antd'
import { FileDrop } from './FileDrop'
import { imageRefusal, IMAGE_MAX_BYTES, postersApi } from '../api/posters'
import { useSubmission } from '../hooks/useSubmission'

export interface ImageUploadProps {
  value?: string
  onChange?: (url: string | undefined) => void
  /** Under the drop zone. */
  hint?: string
  /** Preview box size in pixels. */
  previewWidth?: number
  previewHeight?: number
  /**
   * Where the picture is stored, answering its address; `check` says why a file is refused before
   * sending and `accept` is the chooser's filter. @default the back-office's picture upload (posters, activities)
   */
  store?: { upload: (file: File) => Promise<string>; check: (file: File) => string | null; accept: string }
}

const PICTURES = {
  upload: (file: File) => postersApi.upload(file).then(({ url }) => url),
  check: imageRefusal,
  accept: 'image/png,image/jpeg,image/gif,image/webp',
}

export function ImageUpload({ value, onChange, hint, previewWidth = 160, previewHeight = 160, store = PICTURES }: ImageUploadProps) {
  const { submit, refusal, pending: sending, refuse } = useSubmission()

  const send = async (file: File) => {
    const local = store.check(file)
    if (local) {
      refuse(local)
      return
    }
    await submit(async () => {
      onChange?.(await store.upload(file))
    })
  }

  return (
    <Space direction='vertical' className='console-full-width'>
      {value ? (
        <Space align='start'>
          <Image
            src={value}
            alt='已上传的图片'
            width={previewWidth}
            height={previewHeight}
            className='console-thumb'
            data-testid='uploaded-image'
          />
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(undefined)}>
            移除
          </Button>
        </Space>
      ) : null}
      <FileDrop
        accept={store.accept}
        check={store.check}
        onFile={(file) => void send(file)}
        onRefused={(_file, reason) => refuse(reason)}
        sending={sending}
        sendingTip='上传中…'
        text={value ? '拖入或点击更换图片' : '拖入图片，或点击选择'}
        hint={hint ?? `PNG、JPG、GIF 或 WebP，不超过${IMAGE_MAX_BYTES / 1024 / 1024}MB`}
      />
      {refusal ? <Alert role='alert' type='error' showIcon message={refusal} /> : null}
    </Space>
  )
}
