import { Image, View } from '@tarojs/components'
import { apiUrl } from '../../request'
import { previewImages } from '../image-picker'
import { press } from '../../platform/press'

export interface PictureGridProps {
  /** The pictures as the back-office sent them: `key` tells them apart, `url` shows them. */
  pictures: ReadonlyArray<{ key: string; url: string }>
  /** What a picture is to its text alternative, numbered from 1: 请假图片 gives 请假图片1, 请假图片2 ... */
  label: string
  /** The grid's class (the page styles it). */
  className: string
  /** Each picture's class. */
  pictureClassName: string
}

/** Pictures sent with something (a leave, a question, an answer) as thumbnails; a tap opens them full screen. */
export default function PictureGrid({ pictures, label, className, pictureClassName }: PictureGridProps) {
  const urls = pictures.map((p) => p.url)
  return (
    <View className={className}>
      {pictures.map((p, i) => (
        <Image
          key={p.key}
          className={pictureClassName}
          src={apiUrl(p.url)}
          mode='aspectFill'
          imgProps={{ alt: `${label}${i + 1}` }}
          {...press(() => previewImages(urls, p.url), { label: `查看${label}${i + 1}` })}
        />
      ))}
    </View>
  )
}
