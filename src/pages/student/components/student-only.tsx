import type { PropsWithChildren } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import LoadingIndicator from '../../../components/loading-indicator'
import { HOME_PATH } from '../../../routes'
import { useRequireStudent } from '../../../session/guard'
import './student-only.scss'

/**
 * A student page's content, shown to a student only. A signed-out person is sent to the student
 * login (carrying `from`); a signed-in person without the student profile (a partner only) sees
 * why and the way home, and is sent nowhere (no loop between logins).
 */
export default function StudentOnly({ children }: PropsWithChildren) {
  const access = useRequireStudent()
  if (access === 'student') return <>{children}</>
  if (access === 'notStudent') {
    return (
      <View className='student-only' role='alert'>
        <Text className='student-only__title'>该账号没有学员身份</Text>
        <Text className='student-only__text'>学籍、通知公告等仅学员可见。如已在学校报名，请联系学校核实登记的手机号。</Text>
        <View className='student-only__home' onClick={() => void Taro.reLaunch({ url: `/${HOME_PATH}` })}>
          <Text>返回首页</Text>
        </View>
      </View>
    )
  }
  return (
    <View className='student-only student-only--checking' aria-busy='true'>
      <LoadingIndicator content='加载中' />
    </View>
  )
}
