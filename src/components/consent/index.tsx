import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { press } from '../../platform/press'
import { FormError } from '../form'
import './index.scss'

export const AGREEMENT_PATH = '/pages/user/agreement'
export const PRIVACY_PATH = '/pages/user/privacy'

export interface ConsentProps {
  checked: boolean
  onChange: (checked: boolean) => void
  /** Shown under the line while consent is missing and was asked for. */
  error?: string
}

function open(url: string) {
  Taro.navigateTo({ url }).catch(() => Taro.redirectTo({ url }))
}

/** "I have read and agree to the user agreement and the privacy policy", with links to both. */
export default function Consent({ checked, onChange, error }: ConsentProps) {
  return (
    <View className='user-consent'>
      <View className='user-consent__line'>
        {/* The box and its words are the checkbox; the two documents are links beside it, not in it. */}
        <View
          className='user-consent__toggle'
          {...press(() => onChange(!checked), { role: 'checkbox', checked, label: '同意用户协议和隐私政策' })}
        >
          <View className={`user-consent__box${checked ? ' user-consent__box--checked' : ''}`}>
            {checked ? <View className='user-consent__tick' /> : null}
          </View>
          <Text className='user-consent__text'>我已阅读并同意</Text>
        </View>
        <Text className='user-consent__link user-consent__link--agreement' {...press(() => open(AGREEMENT_PATH), { role: 'link' })}>
          《用户协议》
        </Text>
        <Text className='user-consent__text'>和</Text>
        <Text className='user-consent__link user-consent__link--privacy' {...press(() => open(PRIVACY_PATH), { role: 'link' })}>
          《隐私政策》
        </Text>
      </View>
      <FormError name='agreed' error={error} />
    </View>
  )
}
