import Taro from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { study } from '../../../api/sms/study'
import { apiUrl } from '../../../request'
import { logger } from '../../../utils/logger'
import { QUESTION_IMAGES_MAX, type DraftImage } from './question-logic'
import './question-images.scss'

/** Opens pictures full screen (the platform's viewer), starting at `current`. */
export function previewImages(urls: string[], current: string) {
  void Taro.previewImage({ urls: urls.map(apiUrl), current: apiUrl(current) }).catch(() => {})
}

/**
 * The pictures of a post being written: thumbnails with × to take one out, and + to add more
 * (Taro.chooseImage, then each uploaded at once; the server answers its key), up to
 * QUESTION_IMAGES_MAX in all.
 */
export default function QuestionImages({
  images,
  onChange,
  disabled = false,
}: {
  /** The pictures so far. */
  images: DraftImage[]
  onChange: (images: DraftImage[]) => void
  /** @default false */
  disabled?: boolean
}) {
  const room = QUESTION_IMAGES_MAX - images.length

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
        const { data } = await study.studentQuestion.upload({ filePath, fileName: filePath.split('/').pop() }, { loadingTitle: '正在上传' })
        added.push({ key: data.key, src: filePath })
      } catch {
        // The wrapper has shown why; the others go on.
      }
    }
    if (added.length) onChange([...images, ...added])
  }

  return (
    <View className='question-images'>
      {images.map((image, i) => (
        <View key={image.key} className='question-images__item'>
          <Image
            className='question-images__thumb'
            src={image.src}
            mode='aspectFill'
            imgProps={{ alt: `图片${i + 1}` }}
            onClick={() =>
              previewImages(
                images.map((x) => x.src),
                image.src,
              )
            }
          />
          {disabled ? null : (
            <View
              className='question-images__remove'
              role='button'
              aria-label={`删除图片${i + 1}`}
              onClick={() => onChange(images.filter((x) => x.key !== image.key))}
            >
              <Text>×</Text>
            </View>
          )}
        </View>
      ))}
      {room > 0 && !disabled ? (
        <View className='question-images__add' role='button' aria-label='添加图片' onClick={() => void add()}>
          <Text className='question-images__plus'>+</Text>
          <Text className='question-images__count'>{`${images.length}/${QUESTION_IMAGES_MAX}`}</Text>
        </View>
      ) : null}
    </View>
  )
}
