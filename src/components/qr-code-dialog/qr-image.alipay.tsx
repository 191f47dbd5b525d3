import Taro from '@tarojs/taro'
import { Image } from '@tarojs/components'
import type { QrImageProps } from './qr-image'

async function saveToAlbum(src: string) {
  const filePath = /^https?:/.test(src) ? (await Taro.downloadFile({ url: src })).tempFilePath : src
  await Taro.saveImageToPhotosAlbum({ filePath })
  await Taro.showToast({ title: '已保存', icon: 'success' })
}

/** Alipay's Image has no long-press menu of its own: offer "save to album" on long press. */
export default function QrImage({ src, size }: QrImageProps) {
  return (
    <Image
      className='app-qr__image'
      src={src}
      mode='aspectFit'
      style={{ width: Taro.pxTransform(size), height: Taro.pxTransform(size) }}
      onLongPress={() => {
        Taro.showActionSheet({ itemList: ['保存图片'] })
          .then(({ tapIndex }) => (tapIndex === 0 ? saveToAlbum(src) : undefined))
          .catch(() => {
            // cancelled, or the album permission was refused: nothing to do
          })
      }}
    />
  )
}
