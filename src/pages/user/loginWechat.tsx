import { useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import ConfirmButton from '../../components/confirm-button'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import TextInput from '../../components/text-input'
import { useRoute } from '../../components/router-helper'
import { press } from '../../platform'
import { LOGIN_PATH, routeOf } from '../../routes'
import { goAfterLogin, signInPartner } from '../../session'
import { useStore } from '../../store'
import { VerifyType } from '@activity/wire'
import AuthHeader from '../../components/auth-header'
import Consent from '../../components/consent'
import { CodeRow, FormCard, FormRow } from '../../components/form'
import { checkedSendCode } from '../../components/form/send-code'
import { OPEN_ID_SUPPORTED, PROVIDER_NAME, openIdSignIn } from './components/open-id-login'
import { checkBind, isValid, type BindForm, type Errors } from './validate'
import './loginWechat.scss'

const TITLE = routeOf('pages/user/loginWechat')?.title ?? ''

type Stage = 'checking' | 'bind' | 'failed' | 'unsupported'

/** The login page's address with `from` (and any other query) carried over. */
function loginAddress(query: Record<string, string | undefined>): string {
  const pairs = Object.entries(query)
    .filter(([, v]) => v)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v as string)}`)
  return `/${LOGIN_PATH}${pairs.length ? `?${pairs.join('&')}` : ''}`
}

/**
 * pages/user/loginWechat: the WeChat (or Alipay mini-program) sign-in by open id. An open id
 * bound to a partner signs them in and goes back to `from`; a new one asks for the phone once
 * (SMS code type 登录, the only one the phone sign-in takes), which signs in and binds it. On a
 * plain browser it explains where it works and leads to the phone login.
 */
export default function UserLoginWechatPage() {
  const route = useRoute()
  const from = route.query.from ?? null
  const [stage, setStage] = useState<Stage>(OPEN_ID_SUPPORTED ? 'checking' : 'unsupported')
  const [form, setForm] = useState<BindForm>({ phone: '', code: '', agreed: false })
  const [errors, setErrors] = useState<Errors<keyof BindForm>>({})
  const [sentTo, setSentTo] = useState('')
  const [busy, setBusy] = useState(false)
  const mounted = useRef(true)

  const run = async () => {
    setStage('checking')
    try {
      const outcome = await openIdSignIn(route.fullPath)
      if (!mounted.current || outcome === 'redirected') return
      if (outcome === 'signedIn') {
        await goAfterLogin(from)
        return
      }
      setStage(outcome === 'unsupported' ? 'unsupported' : 'bind')
    } catch {
      if (mounted.current) setStage('failed')
    }
  }

  useEffect(() => {
    if (OPEN_ID_SUPPORTED) void run()
    return () => {
      mounted.current = false
    }
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const set = <K extends keyof BindForm>(field: K, value: BindForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: '' }))
  }

  const sendCode = checkedSendCode((problem) => setErrors((e) => ({ ...e, phone: problem })))

  const bind = async () => {
    const found = checkBind(form)
    setErrors(found)
    if (!isValid(found) || busy) return
    setBusy(true)
    try {
      await signInPartner({ phone: form.phone.trim(), code: form.code.trim() })
      useStore.getState().showToast('登录成功', { icon: 'success' })
      await goAfterLogin(from)
    } catch {
      // Already shown by the request wrapper.
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  const toLogin = (extra: Record<string, string> = {}) => {
    Taro.redirectTo({ url: loginAddress({ ...extra, from: from ?? undefined }) }).catch(() => undefined)
  }

  return (
    <Page title={TITLE}>
      <View className={`user-wechat user-wechat--${stage}`}>
        {stage === 'checking' ? (
          <View className='user-wechat__status'>
            <LoadingIndicator content={`正在通过${PROVIDER_NAME}登录…`} />
          </View>
        ) : null}

        {stage === 'unsupported' ? (
          <View className='user-wechat__notice'>
            <View className='user-wechat__badge' />
            <Text className='user-wechat__notice-title'>请在微信中打开</Text>
            <Text className='user-wechat__notice-text'>微信快捷登录只能在微信内使用。请在微信中打开本页面，或使用手机号登录。</Text>
            <View className='user-wechat__notice-action'>
              <ConfirmButton className='user-wechat__to-login' title='使用手机号登录' onClick={() => toLogin()} />
            </View>
          </View>
        ) : null}

        {stage === 'failed' ? (
          <View className='user-wechat__notice'>
            <View className='user-wechat__badge user-wechat__badge--failed' />
            <Text className='user-wechat__notice-title'>{PROVIDER_NAME}登录没有成功</Text>
            <Text className='user-wechat__notice-text'>网络不稳定或授权失败，请重试，也可以使用手机号登录。</Text>
            <View className='user-wechat__notice-action'>
              <ConfirmButton className='user-wechat__retry' title='重试' onClick={() => void run()} />
            </View>
            <Text className='user-wechat__link user-wechat__link--center' {...press(() => toLogin(), { role: 'link' })}>
              使用手机号登录
            </Text>
          </View>
        ) : null}

        {stage === 'bind' ? (
          <View className='user-wechat__bind'>
            <AuthHeader title='绑定手机号' subtitle={`首次使用${PROVIDER_NAME}登录，请验证手机号，以后可直接登录`} />
            <FormCard>
              <FormRow name='phone' label='手机号' error={errors.phone}>
                <TextInput value={form.phone} type='number' maxlength={11} placeholder='请输入手机号' onInput={(v) => set('phone', v)} />
              </FormRow>
              <CodeRow
                value={form.code}
                phone={form.phone}
                type={VerifyType.login}
                send={sendCode}
                error={errors.code}
                sentTo={sentTo}
                onInput={(v) => set('code', v)}
                onSent={() => setSentTo(form.phone.trim())}
              />
            </FormCard>
            <Consent checked={form.agreed} onChange={(v) => set('agreed', v)} error={errors.agreed} />
            <View className='user-wechat__actions'>
              <ConfirmButton className='user-wechat__submit' title='绑定并登录' loading={busy} onClick={() => void bind()} />
            </View>
            <View className='user-wechat__links'>
              <Text className='user-wechat__link' {...press(() => toLogin(), { role: 'link' })}>
                使用密码登录
              </Text>
              <Text
                className='user-wechat__link user-wechat__link--register'
                {...press(() => toLogin({ mode: 'register' }), { role: 'link' })}
              >
                还没有账号？去注册
              </Text>
            </View>
          </View>
        ) : null}
      </View>
    </Page>
  )
}
