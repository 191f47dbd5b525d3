import { useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import type { NotStudentRefusal } from '../../api/ums/user'
import ConfirmButton from '../../components/confirm-button'
import Page from '../../components/page'
import TextInput from '../../components/text-input'
import { useRoute } from '../../components/router-helper'
import { press } from '../../platform'
import { RequestError } from '../../request'
import { HOME_PATH, LOGIN_PATH, STAFF_LOGIN_PATH, STUDENT_LOGIN_PATH, routeOf } from '../../routes'
import { goAfterLogin, isSignedIn, launchSettled, loginUrl, signInStudent } from '../../session'
import { useStore } from '../../store'
import { VerifyType } from '@activity/wire'
import AuthHeader from '../../components/auth-header'
import Consent from '../../components/consent'
import { CodeRow, FormCard, FormRow } from '../../components/form'
import { checkedSendCode } from '../../components/form/send-code'
import { checkBind, isValid, type BindForm, type Errors } from '../../components/form/checks'
import './login.scss'

const TITLE = routeOf(STUDENT_LOGIN_PATH)?.title ?? '学员登录'

type Field = 'phone' | 'code' | 'agreed'

/** The server's refusal of a phone that is not a student's, kept on the page (not only a toast). */
interface Refusal {
  message: string
  /** The phone is a partner's: offer the partner login. */
  partner: boolean
}

function refusalOf(err: unknown): Refusal | null {
  if (!(err instanceof RequestError) || err.kind !== 'refused' || !err.data || typeof err.data !== 'object') return null
  const data = err.data as Partial<NotStudentRefusal>
  return typeof data.partner === 'boolean' ? { message: err.message, partner: data.partner } : null
}

/**
 * pages/student/login (学员登录): phone and SMS code (sendVerify type 登录) to the phone the office
 * registered, with consent, as the partner login's code sign-in. A phone that is not a student's
 * gets the server's message on the page, and a partner's phone the way to the partner login.
 * After signing in the person goes back to `from`, or home; a person signed in already goes home.
 */
export default function StudentLoginPage() {
  const route = useRoute()
  const from = route.query.from ?? null
  const [form, setForm] = useState<BindForm>({ phone: '', code: '', agreed: false })
  const [errors, setErrors] = useState<Errors<Field>>({})
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [sentTo, setSentTo] = useState('')
  const [busy, setBusy] = useState(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  // Signed in already (this device, or the launch's automatic login): nothing to do here.
  useEffect(() => {
    let active = true
    void launchSettled().then(() => {
      if (active && isSignedIn(useStore.getState()) && !busy) void Taro.redirectTo({ url: `/${HOME_PATH}` }).catch(() => undefined)
    })
    return () => {
      active = false
    }
    // Once, on opening: a sign-in on this page goes to `from` itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const set = <K extends keyof BindForm>(field: K, value: BindForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: '' }))
    if (field === 'phone') setRefusal(null)
  }

  const sendCode = checkedSendCode((problem) => setErrors((e) => ({ ...e, phone: problem })))

  const submit = async () => {
    const found = checkBind(form)
    setErrors(found)
    if (!isValid(found) || busy) return
    setBusy(true)
    setRefusal(null)
    try {
      await signInStudent({ phone: form.phone.trim(), code: form.code.trim() })
      await goAfterLogin(from)
    } catch (err) {
      // The request wrapper has shown the message; a phone that is not a student's also stays on the page.
      if (mounted.current) setRefusal(refusalOf(err))
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  const toPartnerLogin = () => {
    void Taro.redirectTo({ url: loginUrl(from, LOGIN_PATH) }).catch(() => undefined)
  }

  return (
    <Page title={TITLE}>
      <View className='student-login'>
        <AuthHeader
          title='学员登录'
          subtitle={from ? '请先登录，登录后将回到刚才的页面' : '使用学校登记的手机号登录，学习课程、查看学籍与通知公告'}
        />

        <FormCard>
          <FormRow name='phone' label='手机号' error={errors.phone}>
            <TextInput value={form.phone} type='number' maxlength={11} placeholder='请输入登记的手机号' onInput={(v) => set('phone', v)} />
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

        {refusal ? (
          <View className={`student-login__refusal${refusal.partner ? ' student-login__refusal--partner' : ''}`} role='alert'>
            <Text className='student-login__refusal-text'>{refusal.message}</Text>
            {refusal.partner ? (
              <View className='student-login__refusal-action' {...press(toPartnerLogin, { role: 'link' })}>
                <Text>去合伙人登录</Text>
              </View>
            ) : null}
          </View>
        ) : null}

        <Consent checked={form.agreed} onChange={(v) => set('agreed', v)} error={errors.agreed} />

        <View className='student-login__actions'>
          <ConfirmButton className='student-login__submit' title='登录' loading={busy} onClick={() => void submit()} />
        </View>

        <View className='student-login__links'>
          <Text className='student-login__link student-login__link--partner' {...press(toPartnerLogin, { role: 'link' })}>
            我是合伙人，去合伙人登录
          </Text>
        </View>
        <View className='student-login__links'>
          <Text
            className='student-login__link student-login__link--staff'
            {...press(() => void Taro.navigateTo({ url: `/${STAFF_LOGIN_PATH}` }).catch(() => undefined), { role: 'link' })}
          >
            教职工登录
          </Text>
        </View>
      </View>
    </Page>
  )
}
