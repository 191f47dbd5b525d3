import Taro from '@tarojs/taro'
import { Image } from '@tarojs/components'

export interface QrImageProps {
  src: string
  /** Side length in design px. */
  size: number
}

/**
 * WeChat (and the H5 test runtime): the mini-program's own long-press menu on the image offers
 * save, forward and recognise-the-QR-code. H5 and Alipay have their own files.
 */
export default function QrImage({ src, size }: QrImageProps) {
  return (
    <Image
      className='app-qr__image'
      src={src}
      mode='aspectFit'
      showMenuByLongpress
      style={{ width: Taro.pxTransform(size), height: Taro.pxTransform(size) }}
    />
  )
}
