import Taro from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { QUESTION_IMAGES_MAX } from '@activity/wire'
import { point } from '../../../api/zms/point'
import { logger } from '../../../utils/logger'
import './points-images.scss'

/** A photo of an application: its key (sent) and what shows it here (the local file). */
export interface DraftImage {
  key: string
  src: string
}

/**
 * An application's photos: thumbnails with × to take one out, and + to add more (chosen with
 * Taro.chooseImage, each uploaded at once; the server answers its key), up to QUESTION_IMAGES_MAX.
 */
export default function PointsImages({
  images,
  onChange,
  disabled = false,
}: {
  images: DraftImage[]
  onChange: (images: DraftImage[]) => void
  disabled?: boolean
}) {
  const room = QUESTION_IMAGES_MAX - images.length

  const add = async () => {
    let paths: string[]
    try {
      const chosen = await Taro.chooseImage({ count: room, sizeType: ['compressed'], sourceType: ['album', 'camera'] })
      paths = chosen.tempFilePaths.slice(0, room)
    } catch (err) {
      logger.info('no picture chosen', err)
      return
    }
    const added: DraftImage[] = []
    for (const filePath of paths) {
      try {
        const { data } = await point.studentPointRecord.upload(
          { filePath, fileName: filePath.split('/').pop() },
          { loadingTitle: '正在上传' },
        )
        added.push({ key: data.key, src: filePath })
      } catch {
        // The wrapper has shown why; the others go on.
      }
    }
    if (added.length) onChange([...images, ...added])
  }

  return (
    <View className='points-images'>
      {images.map((image, i) => (
        <View key={image.key} className='points-images__item'>
          <Image className='points-images__thumb' src={image.src} mode='aspectFill' imgProps={{ alt: `照片${i + 1}` }} />
          {disabled ? null : (
            <View
              className='points-images__remove'
              role='button'
              aria-label={`删除照片${i + 1}`}
              onClick={() => onChange(images.filter((x) => x.key !== image.key))}
            >
              <Text>×</Text>
            </View>
          )}
        </View>
      ))}
      {room > 0 && !disabled ? (
        <View className='points-images__add' role='button' aria-label='添加照片' onClick={() => void add()}>
          <Text className='points-images__plus'>+</Text>
          <Text className='points-images__count'>{`${images.length}/${QUESTION_IMAGES_MAX}`}</Text>
        </View>
      ) : null}
    </View>
  )
}
