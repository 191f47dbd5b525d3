import Taro from '@tarojs/taro'
import type { QrImageProps } from './qr-image'

/**
 * A plain <img>: a long press opens the browser's own menu (save image; inside WeChat also
 * "recognise QR code"). Taro's Image wraps the picture in a custom element, which some
 * in-app browsers do not offer that menu for.
 */
export default function QrImage({ src, size }: QrImageProps) {
  const side = Taro.pxTransform(size)
  return <img className='app-qr__image app-qr__image--web' src={src} alt='二维码' style={{ width: side, height: side }} />
}
