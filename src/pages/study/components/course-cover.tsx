import { Image, Text, View } from '@tarojs/components'
import { apiUrl } from '../../../request'
import './course-cover.scss'

/** A course's cover, or where it has none a tile with the title's first character. */
export default function CourseCover({ cover, title, className }: { cover: string | null; title: string; className?: string }) {
  const classes = ['course-cover', className ?? ''].join(' ').trim()
  if (cover) return <Image className={classes} src={apiUrl(cover)} mode='aspectFill' imgProps={{ alt: title }} />
  return (
    <View className={`${classes} course-cover--blank`} aria-hidden='true'>
      <Text className='course-cover__glyph'>{title.slice(0, 1)}</Text>
    </View>
  )
}
