import { Text, View } from '@tarojs/components'
import './index.scss'

/** The heading of the sign-in screens: what this screen is for, in a line or two. */
export default function AuthHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <View className='user-auth-header'>
      <Text className='user-auth-header__title'>{title}</Text>
      {subtitle ? <Text className='user-auth-header__subtitle'>{subtitle}</Text> : null}
    </View>
  )
}
