import { Image, Text, View } from '@tarojs/components'
import './index.scss'

/** 'list': under a list, shown only when its total is 0; 'page': whenever it is drawn. */
export type EmptyNoticeType = 'list' | 'page'

export const EMPTY_TEXT = '亲，没有相关内容哦～'

export interface EmptyNoticeProps {
  /** @default 'list' */
  type?: EmptyNoticeType
  /** The list's total; a list notice shows only when it is 0 (undefined: not loaded yet, nothing shown). */
  total?: number
  /** @default '亲，没有相关内容哦～' */
  text?: string
  /** A picture above the text instead of the drawn empty box. */
  image?: string
  className?: string
}

/** Whether the notice shows: for a list only when its total is 0, otherwise always. */
export function emptyNoticeShown(type: EmptyNoticeType, total: number | undefined): boolean {
  return type !== 'list' || total === 0
}

/** The "nothing here" notice. */
export default function EmptyNotice({ type = 'list', total, text = EMPTY_TEXT, image, className }: EmptyNoticeProps) {
  if (!emptyNoticeShown(type, total)) return null
  return (
    <View className={['app-empty', `app-empty--${type}`, className ?? ''].join(' ').trim()}>
      {image ? (
        <Image className='app-empty__image' src={image} mode='aspectFit' imgProps={{ alt: '' }} />
      ) : (
        <View className='app-empty__box' />
      )}
      <Text className='app-empty__text'>{text}</Text>
    </View>
  )
}
