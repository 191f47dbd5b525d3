import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { press } from '../../../platform'
import { DEFAULT_TITLE } from '../../../routes'
import { STUDENT_LINKS } from './home-faces'
import './public-entrance.scss'

function go(url: string) {
  void Taro.navigateTo({ url })
}

const ENTRIES = [
  { key: 'activity', label: '活动', glyph: '活', url: STUDENT_LINKS.activity },
  { key: 'volunteer', label: '志愿查询', glyph: '志', url: STUDENT_LINKS.volunteer },
  { key: 'download', label: 'APP下载', glyph: '下', url: STUDENT_LINKS.appDownload },
] as const

/** Home for a signed-out visitor: the two sign-ins and what anyone may open. */
export default function PublicEntrance() {
  return (
    <View className='home-public'>
      <View className='home-public__welcome'>
        <Text className='home-public__slogan'>{DEFAULT_TITLE}</Text>
        <Text className='home-public__intro'>学员学习课程、查看学籍与通知，合伙人推荐学员获得佣金</Text>
        <View className='home-public__logins'>
          <View
            className='home-public__login home-public__login--student'
            {...press(() => go(STUDENT_LINKS.studentLogin), { role: 'link' })}
          >
            <Text>学员登录</Text>
          </View>
          <View
            className='home-public__login home-public__login--partner'
            {...press(() => go(STUDENT_LINKS.partnerLogin), { role: 'link' })}
          >
            <Text>合伙人登录</Text>
          </View>
        </View>
      </View>
      <View className='home-public__entries'>
        {ENTRIES.map((e) => (
          <View
            key={e.key}
            className={`home-public__entry home-public__entry--${e.key}`}
            {...press(() => go(e.url), { role: 'link', label: e.label })}
          >
            <View className={`home-public__icon home-public__icon--${e.key}`}>
              <Text>{e.glyph}</Text>
            </View>
            <Text className='home-public__label'>{e.label}</Text>
          </View>
        ))}
      </View>
    </View>
  )
}
