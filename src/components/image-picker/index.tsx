import Taro from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { apiUrl } from '../../request'
import { logger } from '../../utils/logger'
import './index.scss'
import { press } from '../../platform/press'

/** A picture being attached: its key for the server and what shows it here (the local file or the server's address). */
export interface DraftImage {
  key: string
  src: string
}

/** Opens pictures full screen (the platform's viewer), starting at `current`. */
export function previewImages(urls: string[], current: string) {
  void Taro.previewImage({ urls: urls.map(apiUrl), current: apiUrl(current) }).catch(() => {})
}

export interface ImagePickerProps {
  /** The pictures so far. */
  images: DraftImage[]
  onChange: (images: DraftImage[]) => void
  /** Uploads one chosen file and answers its key; a refusal throws (the request wrapper has shown why). */
  upload: (filePath: string) => Promise<string>
  /** How many in all. */
  max: number
  /** What a picture is called in the labels (图片 of a question, 照片 of an application). @default '图片' */
  noun?: string
  /** @default false */
  disabled?: boolean
}

/**
 * Pictures attached to something being written: thumbnails (tap to view) with × to take one out,
 * and + to add more (Taro.chooseImage, then each uploaded at once), up to `max` in all.
 */
export default function ImagePicker({ images, onChange, upload, max, noun = '图片', disabled = false }: ImagePickerProps) {
  const room = max - images.length

  const add = async () => {
    if (disabled || room <= 0) return
    let paths: string[]
    try {
      const chosen = await Taro.chooseImage({ count: room, sizeType: ['compressed'], sourceType: ['album', 'camera'] })
      paths = chosen.tempFilePaths.slice(0, room)
    } catch (err) {
      // Cancelled: nothing chosen.
      logger.info('no picture chosen', err)
      return
    }
    const added: DraftImage[] = []
    for (const filePath of paths) {
      try {
        added.push({ key: await upload(filePath), src: filePath })
      } catch {
        // The wrapper has shown why; the others go on.
      }
    }
    if (added.length) onChange([...images, ...added])
  }

  return (
    <View className='image-picker'>
      {images.map((image, i) => (
        <View key={image.key} className='image-picker__item'>
          <Image
            className='image-picker__thumb'
            src={image.src}
            mode='aspectFill'
            imgProps={{ alt: `${noun}${i + 1}` }}
            {...press(
              () =>
                previewImages(
                  images.map((x) => x.src),
                  image.src,
                ),
              { label: `查看${noun}${i + 1}` },
            )}
          />
          {disabled ? null : (
            <View
              className='image-picker__remove'
              {...press(() => onChange(images.filter((x) => x.key !== image.key)), { label: `删除${noun}${i + 1}` })}
            >
              <Text>×</Text>
            </View>
          )}
        </View>
      ))}
      {room > 0 && !disabled ? (
        <View className='image-picker__add' {...press(() => void add(), { label: `添加${noun}` })}>
          <Text className='image-picker__plus'>+</Text>
          <Text className='image-picker__count'>{`${images.length}/${max}`}</Text>
        </View>
      ) : null}
    </View>
  )
}
