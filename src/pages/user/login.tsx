import { useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { partner as partnerCalls } from '../../api/ems/partner'
import ConfirmButton from '../../components/confirm-button'
import Page from '../../components/page'
import TextInput from '../../components/text-input'
import { replaceQuery, useRoute } from '../../components/router-helper'
import { LOGIN_PLATFORM, press } from '../../platform'
import { LOGIN_PATH, STAFF_LOGIN_PATH, routeOf } from '../../routes'
import { goAfterLogin, launchSettled, registerPartner, signInPartner } from '../../session'
import { useStore } from '../../store'
import { LoginPlatform, VerifyType } from '@activity/wire'
import AuthHeader from '../../components/auth-header'
import Consent from '../../components/consent'
import { CodeRow, FormCard, FormRow } from '../../components/form'
import { openIdAvailable } from './components/open-id-login'
import { checkedSendCode } from '../../components/form/send-code'
import { checkLogin, isValid, type Errors, type LoginField, type LoginForm, type LoginMode, type SignInMethod } from './validate'
import './login.scss'

const TITLE = routeOf(LOGIN_PATH)?.title ?? ''

/** The page's flows, by the `mode` of its address (the route table keeps one login route). */
export function modeOf(query: string | undefined): LoginMode {
  return query === 'register' || query === 'forgot' ? query : 'signIn'
}

const HEADINGS: Record<LoginMode, { title: string; subtitle: string; button: string }> = {
  signIn: { title: '欢迎回来', subtitle: '登录后查看招生线索、资金记录与本周期档位', button: '登录' },
  register: { title: '注册成为合伙人', subtitle: '分享活动海报，推荐学员报名即可获得佣金', button: '注册并登录' },
  forgot: { title: '找回密码', subtitle: '验证手机号后设置新的登录密码', button: '重置密码' },
}

const CODE_TYPES: Record<LoginMode, VerifyType> = {
  signIn: VerifyType.login,
  register: VerifyType.register,
  forgot: VerifyType.resetPassword,
}

const EMPTY: LoginForm = { phone: '', password: '', code: '', repeat: '', referrerCode: '', agreed: false }

/**
 * pages/user/login (合伙人登录): sign in by phone and password or SMS code, register
 * (`?mode=register`, referrer from `?ref=`) and forgot password (`?mode=forgot`). After signing
 * in or registering the person goes back to `from`.
 */
export default function UserLoginPage() {
  const route = useRoute()
  const from = route.query.from ?? null
  const [mode, setMode] = useState<LoginMode>(() => modeOf(route.query.mode))
  const [method, setMethod] = useState<SignInMethod>('password')
  const [form, setForm] = useState<LoginForm>(() => ({ ...EMPTY, referrerCode: route.query.ref ?? '' }))
  const [errors, setErrors] = useState<Errors<LoginField>>({})
  const [sentTo, setSentTo] = useState('')
  const [busy, setBusy] = useState(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const set = <K extends keyof LoginForm>(field: K, value: LoginForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }))
    // A field being fixed loses its message; the others keep theirs until the next try.
    if (errors[field as LoginField]) setErrors((e) => ({ ...e, [field]: '' }))
  }

  const switchMode = (next: LoginMode) => {
    setMode(next)
    setErrors({})
    setSentTo('')
    setForm((f) => ({ ...f, password: '', code: '', repeat: '' }))
    replaceQuery({ mode: next === 'signIn' ? undefined : next })
  }

  const switchMethod = (next: SignInMethod) => {
    setMethod(next)
    setErrors({})
  }

  const sendCode = checkedSendCode((problem) => setErrors((e) => ({ ...e, phone: problem })))

  const submit = async () => {
    const found = checkLogin(form, mode, method)
    setErrors(found)
    if (!isValid(found) || busy) return
    const phone = form.phone.trim()
    setBusy(true)
    try {
      if (mode === 'signIn') {
        await signInPartner(method === 'password' ? { phone, password: form.password } : { phone, code: form.code.trim() })
        await goAfterLogin(from)
      } else if (mode === 'register') {
        const referrerCode = form.referrerCode.trim()
        await registerPartner({ phone, code: form.code.trim(), password: form.password, ...(referrerCode ? { referrerCode } : {}) })
        useStore.getState().showToast('注册成功', { icon: 'success' })
        await goAfterLogin(from)
      } else {
        await partnerCalls.partner.resetPassword({ phone, code: form.code.trim(), password: form.password })
        if (!mounted.current) return
        switchMode('signIn')
        setMethod('password')
        useStore.getState().showToast('密码已重置，请用新密码登录', { icon: 'success' })
      }
    } catch {
      // The request wrapper (or the session flow) has already told the person why.
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  const heading = HEADINGS[mode]
  const needsCode = mode !== 'signIn' || method === 'code'
  const newPassword = mode !== 'signIn'
  // WeChat H5 learns at launch whether OAuth can run (an official account AppID).
  const [openIdOk, setOpenIdOk] = useState(openIdAvailable)
  useEffect(() => {
    let active = true
    void launchSettled().then(() => active && setOpenIdOk(openIdAvailable()))
    return () => {
      active = false
    }
  }, [])
  const wechatQuick = LOGIN_PLATFORM === LoginPlatform.weixin && mode === 'signIn' && openIdOk

  return (
    <Page title={TITLE}>
      <View className={`user-login user-login--${mode}`}>
        <AuthHeader title={heading.title} subtitle={mode === 'signIn' && from ? '请先登录，登录后将回到刚才的页面' : heading.subtitle} />

        {mode === 'signIn' ? (
          <View className='user-login__tabs' role='tablist' aria-label='登录方式'>
            {(['password', 'code'] as const).map((m) => (
              <View
                key={m}
                className={`user-login__tab user-login__tab--${m}${method === m ? ' user-login__tab--active' : ''}`}
                {...press(() => switchMethod(m), { role: 'tab', selected: method === m })}
              >
                {m === 'password' ? '密码登录' : '验证码登录'}
              </View>
            ))}
          </View>
        ) : null}

        <FormCard>
          <FormRow name='phone' label='手机号' error={errors.phone}>
            <TextInput value={form.phone} type='number' maxlength={11} placeholder='请输入手机号' onInput={(v) => set('phone', v)} />
          </FormRow>
          {needsCode ? (
            <CodeRow
              value={form.code}
              phone={form.phone}
              type={CODE_TYPES[mode]}
              send={sendCode}
              error={errors.code}
              sentTo={sentTo}
              onInput={(v) => set('code', v)}
              onSent={() => setSentTo(form.phone.trim())}
            />
          ) : null}
          {mode === 'signIn' && method === 'password' ? (
            <FormRow name='password' label='密码' error={errors.password}>
              <TextInput value={form.password} password maxlength={32} placeholder='请输入密码' onInput={(v) => set('password', v)} />
            </FormRow>
          ) : null}
          {newPassword ? (
            <>
              <FormRow name='password' label={mode === 'forgot' ? '新密码' : '密码'} error={errors.password}>
                <TextInput
                  value={form.password}
                  password
                  maxlength={32}
                  placeholder='8-32位字母和数字'
                  onInput={(v) => set('password', v)}
                />
              </FormRow>
              <FormRow name='repeat' label='确认密码' error={errors.repeat}>
                <TextInput value={form.repeat} password maxlength={32} placeholder='请再次输入密码' onInput={(v) => set('repeat', v)} />
              </FormRow>
            </>
          ) : null}
          {mode === 'register' ? (
            <FormRow name='referrerCode' label='推荐人' error={errors.referrerCode}>
              <TextInput
                value={form.referrerCode}
                maxlength={16}
                placeholder='选填，推荐人的邀请码'
                onInput={(v) => set('referrerCode', v)}
              />
            </FormRow>
          ) : null}
        </FormCard>

        {mode !== 'forgot' ? <Consent checked={form.agreed} onChange={(v) => set('agreed', v)} error={errors.agreed} /> : null}

        <View className='user-login__actions'>
          <ConfirmButton className='user-login__submit' title={heading.button} loading={busy} onClick={() => void submit()} />
        </View>

        <View className='user-login__links'>
          {mode === 'signIn' ? (
            <>
              <Text className='user-login__link user-login__link--forgot' {...press(() => switchMode('forgot'), { role: 'link' })}>
                忘记密码？
              </Text>
              <Text className='user-login__link user-login__link--register' {...press(() => switchMode('register'), { role: 'link' })}>
                注册新账号
              </Text>
            </>
          ) : (
            <Text
              className='user-login__link user-login__link--signin user-login__link--center'
              {...press(() => switchMode('signIn'), { role: 'link' })}
            >
              {mode === 'register' ? '已有账号？去登录' : '想起密码了？去登录'}
            </Text>
          )}
        </View>

        {mode === 'signIn' ? (
          <View className='user-login__links user-login__links--staff'>
            <Text
              className='user-login__link user-login__link--staff user-login__link--center'
              {...press(() => void Taro.navigateTo({ url: `/${STAFF_LOGIN_PATH}` }).catch(() => undefined), { role: 'link' })}
            >
              教职工登录
            </Text>
          </View>
        ) : null}

        {wechatQuick ? (
          <View className='user-login__other'>
            <View className='user-login__other-rule'>
              <Text className='user-login__other-text'>其他登录方式</Text>
            </View>
            <View
              className='user-login__wechat'
              {...press(
                () => {
                  const url = `/pages/user/loginWechat${from ? `?from=${encodeURIComponent(from)}` : ''}`
                  Taro.redirectTo({ url }).catch(() => undefined)
                },
                { role: 'link' },
              )}
            >
              <View className='user-login__wechat-icon' />
              <Text>微信快捷登录</Text>
            </View>
          </View>
        ) : null}
      </View>
    </Page>
  )
}
