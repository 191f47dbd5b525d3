import { Text, View } from '@tarojs/components'
import Dialog from '../dialog'
import QrImage from './qr-image'
import './index.scss'

export const QR_HINT = '长按保存图片'

export interface QrCodeDialogProps {
  /** Whether the dialog shows. @default false */
  isOpened?: boolean
  /** The QR-code picture (URL or data URL). */
  src: string
  /** Heading; none when empty. @default '' */
  title?: string
  /** Line under the picture. @default '长按保存图片' */
  hint?: string
  /** Side of the picture in design px (750 wide). @default 400 */
  size?: number
  /** The close button or the overlay was tapped. */
  onClose?: () => void
}

/**
 * A QR-code picture in a dialog. Long-pressing it saves or recognises it where the platform
 * allows: the mini-program's own menu (WeChat), a save sheet (Alipay), the browser's menu (H5).
 */
export default function QrCodeDialog({ isOpened = false, src, title = '', hint = QR_HINT, size = 400, onClose }: QrCodeDialogProps) {
  return (
    <Dialog
      className='app-qr'
      isOpened={isOpened}
      title={title}
      closable
      closeOnClickOverlay
      showCancel={false}
      showConfirm={false}
      onClose={onClose}
    >
      <View className='app-qr__body'>
        {src ? <QrImage src={src} size={size} /> : null}
        {hint ? <Text className='app-qr__hint'>{hint}</Text> : null}
      </View>
    </Dialog>
  )
}
