import { useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { View } from '@tarojs/components'
import { partner as partnerCalls } from '../../api/ems/partner'
import ConfirmButton from '../../components/confirm-button'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import TextInput from '../../components/text-input'
import { toastIfNoAnswer } from '../../components/toast/no-answer'
import { LOGIN_PATH, routeOf } from '../../routes'
import { signOut, useRequireLogin } from '../../session'
import { useStore } from '../../store'
import { FormCard, FormRow } from '../../components/form'
import {
  CHANGE_PASSWORD_FIELDS,
  checkChangePassword,
  isValid,
  type ChangePasswordField,
  type ChangePasswordForm,
  type Errors,
} from './validate'
import './changePass.scss'

const TITLE = routeOf('pages/user/changePass')?.title ?? ''

/**
 * pages/user/changePass (修改密码): the old password and a new one twice. A changed password
 * signs the person out here and sends them to the login page to use it.
 */
export default function UserChangePassPage() {
  const signedIn = useRequireLogin()
  const [form, setForm] = useState<ChangePasswordForm>({ oldPassword: '', password: '', repeat: '' })
  const [errors, setErrors] = useState<Errors<ChangePasswordField>>({})
  const [busy, setBusy] = useState(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const set = (field: ChangePasswordField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: '' }))
  }

  const submit = async () => {
    const found = checkChangePassword(form)
    setErrors(found)
    if (!isValid(found) || busy) return
    setBusy(true)
    try {
      await partnerCalls.client.changePassword({ oldPassword: form.oldPassword, password: form.password })
    } catch (err) {
      // The wrapper has shown the refusal (原密码错误 ...; no answer: said here); the form stays as typed.
      toastIfNoAnswer(err)
      if (mounted.current) setBusy(false)
      return
    }
    useStore.getState().showToast('密码已修改，请用新密码重新登录', { icon: 'success', duration: 2500 })
    // To the login page first, then sign out: this page's guard must not send the person to
    // login with itself as `from`.
    await Taro.reLaunch({ url: `/${LOGIN_PATH}` }).catch(() => undefined)
    await signOut()
  }

  return (
    <Page title={TITLE}>
      {signedIn ? (
        <View className='user-change-pass'>
          <FormCard>
            {CHANGE_PASSWORD_FIELDS.map((field) => (
              <FormRow key={field} name={field} label={LABELS[field]} error={errors[field]}>
                <TextInput
                  value={form[field]}
                  password
                  maxlength={field === 'oldPassword' ? 64 : 32}
                  placeholder={PLACEHOLDERS[field]}
                  onInput={(v) => set(field, v)}
                />
              </FormRow>
            ))}
          </FormCard>
          <View className='user-change-pass__note'>密码为8-32位字母和数字，修改成功后需重新登录。</View>
          <View className='user-change-pass__actions'>
            <ConfirmButton className='user-change-pass__submit' title='确认修改' loading={busy} onClick={() => void submit()} />
          </View>
        </View>
      ) : (
        <View className='user-change-pass__guard'>
          <LoadingIndicator />
        </View>
      )}
    </Page>
  )
}

const LABELS: Record<ChangePasswordField, string> = { oldPassword: '原密码', password: '新密码', repeat: '确认新密码' }
const PLACEHOLDERS: Record<ChangePasswordField, string> = {
  oldPassword: '请输入原密码',
  password: '8-32位字母和数字',
  repeat: '请再次输入新密码',
}
