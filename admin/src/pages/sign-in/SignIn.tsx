/**
 * 登录: account and password; the server's refusal (wrong password, locked out, disabled) shown above the form.
 * A plain form with antd's inputs and button, not antd's Form (its field store, async validator and
 * label tooltips) nor pro-components' LoginForm: the first page anyone opens loads the least
 * script it can (the console's budget: 200 KB gzip) for two required fields.
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { Alert, Button, Input } from 'antd'
import { type FormEvent, useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { sessionApi } from '../../api/session'
import { useSubmission } from '../../hooks/useSubmission'
import { HOME } from '../../home'
import { tabTitle, useSchoolName } from '../../school'
import { safeReturnPath, useSession } from '../../session/session'

interface Values {
  account: string
  password: string
}

/** What is missing, by field: checked on submit and again as the field changes after that. */
const missing = (values: Values): Partial<Record<keyof Values, string>> => ({
  ...(values.account.trim() ? {} : { account: '请填写账号' }),
  ...(values.password ? {} : { password: '请填写密码' }),
})

export default function SignIn() {
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const { signedIn } = useSession()
  const { submit: send, refusal, pending: sending, clear } = useSubmission()
  const expired = search.get('expired') === '1'
  const [values, setValues] = useState<Values>({ account: '', password: '' })
  const [tried, setTried] = useState(false)
  const errors = tried ? missing(values) : {}

  const school = useSchoolName()
  useEffect(() => {
    document.title = tabTitle('登录', school)
  }, [school])

  const change = (field: keyof Values) => (event: { target: { value: string } }) => {
    clear()
    setValues((v) => ({ ...v, [field]: event.target.value }))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (Object.keys(missing(values)).length > 0 || sending) return
    void send(async () => {
      const admin = await sessionApi.signIn({ account: values.account, password: values.password })
      signedIn(admin)
      navigate(safeReturnPath(search.get('redirect')) ?? HOME, { replace: true })
    })
  }

  const fieldError = (field: keyof Values) =>
    errors[field] ? (
      <div id={`sign-in-${field}-error`} role='alert' className='sign-in__error'>
        {errors[field]}
      </div>
    ) : null

  return (
    <div className='sign-in'>
      <div className='sign-in__box'>
        {/* Plain heading and text: antd's Typography (tooltips, copy and edit) is not loaded for two lines. */}
        <h1 className='sign-in__title'>{school}</h1>
        <p className='sign-in__subtitle'>招生 · 教务 · 教学 · 财务</p>
        {refusal ? (
          <Alert role='alert' type='error' showIcon message={refusal} className='console-gap-bottom-lg' />
        ) : expired ? (
          <Alert type='info' showIcon message='登录已过期，请重新登录' className='console-gap-bottom-lg' />
        ) : null}
        <form onSubmit={submit} noValidate>
          <div className='sign-in__field'>
            <Input
              size='large'
              prefix={<UserOutlined />}
              placeholder='账号'
              aria-label='账号'
              autoComplete='username'
              allowClear
              value={values.account}
              onChange={change('account')}
              status={errors.account ? 'error' : undefined}
              aria-invalid={Boolean(errors.account)}
              aria-describedby={errors.account ? 'sign-in-account-error' : undefined}
            />
            {fieldError('account')}
          </div>
          <div className='sign-in__field'>
            <Input.Password
              size='large'
              prefix={<LockOutlined />}
              placeholder='密码'
              aria-label='密码'
              autoComplete='current-password'
              value={values.password}
              onChange={change('password')}
              status={errors.password ? 'error' : undefined}
              aria-invalid={Boolean(errors.password)}
              aria-describedby={errors.password ? 'sign-in-password-error' : undefined}
            />
            {fieldError('password')}
          </div>
          <Button type='primary' htmlType='submit' size='large' block loading={sending}>
            登录
          </Button>
        </form>
      </div>
    </div>
  )
}
