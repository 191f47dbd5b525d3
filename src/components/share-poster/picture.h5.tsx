import { Text, View } from '@tarojs/components'
import { QR_HINT } from '../qr-code-dialog'
import type { PosterPictureProps } from './picture'

/**
 * H5: the poster as a plain <img>, so a long press opens the browser's own menu (save image;
 * inside WeChat also "recognise QR code"); no album to write to from a web page.
 */
export function PosterPicture({ src }: PosterPictureProps) {
  return <img className='share-poster__picture share-poster__picture--web' src={src} alt='分享海报' />
}

export function PosterActions({ src }: { src: string | null }) {
  return <View className='share-poster__actions'>{src ? <Text className='share-poster__hint'>{QR_HINT}</Text> : null}</View>
}
