import { useEffect, useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import AuthHeader from '../../components/auth-header'
import ConfirmButton from '../../components/confirm-button'
import Consent from '../../components/consent'
import { FormCard, FormError, FormRow } from '../../components/form'
import Page from '../../components/page'
import { useRoute } from '../../components/router-helper'
import TextInput from '../../components/text-input'
import { RequestError } from '../../request'
import { STAFF_LOGIN_PATH, routeOf } from '../../routes'
import { ensureStaff, goAfterStaffLogin, signInStaff } from '../../staff/session'
import { checkStaffLogin, type StaffLoginErrors, type StaffLoginForm } from './components/staff-login'
import './login.scss'

const TITLE = routeOf(STAFF_LOGIN_PATH)?.title ?? '教职工登录'

/**
 * pages/staff/login (教职工登录): the console's account and password, with consent as the student
 * login asks it. The server's refusal (wrong password, locked after too many tries) stays on the
 * page under the form. An operator signed in already (this run, or silently by the mini-program's
 * bound open id) goes on at once; after signing in, back to `from`, else the workbench.
 */
export default function StaffLoginPage() {
  const route = useRoute()
  const from = route.query.from ?? null
  const [form, setForm] = useState<StaffLoginForm>({ account: '', password: '', agreed: false })
  const [errors, setErrors] = useState<StaffLoginErrors>({})
  const [refusal, setRefusal] = useState('')
  const [busy, setBusy] = useState(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  // Signed in already: nothing to do here. A failure to ask leaves the form.
  useEffect(() => {
    ensureStaff().then(
      (staff) => {
        if (staff && mounted.current) void goAfterStaffLogin(from).catch(() => undefined)
      },
      () => undefined,
    )
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const set = <K extends keyof StaffLoginForm>(field: K, value: StaffLoginForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: '' }))
    setRefusal('')
  }

  const submit = async () => {
    const found = checkStaffLogin(form)
    setErrors(found)
    if (Object.values(found).some(Boolean) || busy) return
    setBusy(true)
    setRefusal('')
    try {
      await signInStaff({ account: form.account.trim(), password: form.password })
      await goAfterStaffLogin(from)
    } catch (err) {
      // Toasted by the request layer; the refusal stays on the page too.
      if (mounted.current && err instanceof RequestError && err.kind !== 'network') setRefusal(err.message)
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  return (
    <Page title={TITLE}>
      <View className='staff-login'>
        <AuthHeader
          title='教职工登录'
          subtitle={from ? '请先登录，登录后将回到刚才的页面' : '使用管理后台的账号和密码登录，处理审批、查看班级'}
        />
        <FormCard>
          <FormRow name='account' label='账号' error={errors.account}>
            <TextInput value={form.account} maxlength={32} placeholder='请输入账号' onInput={(v) => set('account', v)} />
          </FormRow>
          <FormRow name='password' label='密码' error={errors.password}>
            <TextInput value={form.password} password maxlength={64} placeholder='请输入密码' onInput={(v) => set('password', v)} />
          </FormRow>
        </FormCard>
        <FormError name='refusal' error={refusal} />
        <Consent checked={form.agreed} onChange={(v) => set('agreed', v)} error={errors.agreed} />
        <View className='staff-login__actions'>
          <ConfirmButton className='staff-login__submit' title='登录' loading={busy} onClick={() => void submit()} />
        </View>
        <View className='staff-login__note'>
          <Text>账号由学校管理员开通，忘记密码请联系管理员重置</Text>
        </View>
      </View>
    </Page>
  )
}
