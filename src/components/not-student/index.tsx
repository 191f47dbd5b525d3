import Taro from '@tarojs/taro'
import { View } from '@tarojs/components'
import { Code } from '@activity/wire'
import EmptyNotice from '../empty-notice'
import ConfirmButton from '../confirm-button'
import { RequestError } from '../../request'
import { HOME_PATH } from '../../routes'
import './index.scss'

/** What the back-office says to a signed-in person without a student profile (403, code 100000003). */
export const NOT_STUDENT_TEXT = '该账号没有学员身份'

/** Whether a call was refused because the signed-in person holds no student profile. */
export function isNotStudent(err: unknown): boolean {
  return err instanceof RequestError && err.code === Code.forbidden
}

/**
 * In place of a student or study page's content when the person is signed in but not as a student
 * (the page's calls go through useStudentLoad's `remember`, src/hooks/student-load.ts).
 */
export default function NotStudent() {
  return (
    <View className='not-student'>
      <EmptyNotice type='page' text={NOT_STUDENT_TEXT} />
      <View className='not-student__hint'>此页面仅供学员使用。如您已在学校报名，请用登记的手机号登录，或联系学校核实。</View>
      <View className='not-student__home'>
        <ConfirmButton inline title='返回首页' onClick={() => void Taro.reLaunch({ url: `/${HOME_PATH}` })} />
      </View>
    </View>
  )
}
