/**
 * 登录: account and password; the server's refusal (wrong password, locked out, disabled) shown above the form.
 * A plain antd Form rather than pro-components' LoginForm: the first page anyone opens should not
 * load ProForm's field library (about 160 KB gzip) for two inputs.
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { Alert, Button, Form, Input, Typography } from 'antd'
import { useEffect } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { sessionApi } from '../../api/session'
import { useSubmission } from '../../hooks/useSubmission'
import { HOME } from '../../routes'
import { safeReturnPath, useSession } from '../../session/session'

interface Values {
  account: string
  password: string
}

export default function SignIn() {
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const { signedIn } = useSession()
  const { submit: send, refusal, pending: sending, clear } = useSubmission()
  const expired = search.get('expired') === '1'

  useEffect(() => {
    document.title = '登录 - 合伙人运营后台'
  }, [])

  const submit = (values: Values) =>
    send(async () => {
      const admin = await sessionApi.signIn(values)
      signedIn(admin)
      navigate(safeReturnPath(search.get('redirect')) ?? HOME, { replace: true })
    })

  return (
    <div className='sign-in'>
      <div className='sign-in__box'>
        <Typography.Title level={2} className='sign-in__title'>
          合伙人运营后台
        </Typography.Title>
        <Typography.Paragraph type='secondary' className='sign-in__subtitle'>
          合伙人审核 · 线索跟进 · 提现打款
        </Typography.Paragraph>
        {refusal ? (
          <Alert role='alert' type='error' showIcon message={refusal} className='console-gap-bottom-lg' />
        ) : expired ? (
          <Alert type='info' showIcon message='登录已过期，请重新登录' className='console-gap-bottom-lg' />
        ) : null}
        <Form<Values> size='large' onFinish={submit} onValuesChange={clear}>
          <Form.Item name='account' rules={[{ required: true, whitespace: true, message: '请填写账号' }]}>
            <Input prefix={<UserOutlined />} placeholder='账号' autoComplete='username' allowClear />
          </Form.Item>
          <Form.Item name='password' rules={[{ required: true, message: '请填写密码' }]}>
            <Input.Password prefix={<LockOutlined />} placeholder='密码' autoComplete='current-password' />
          </Form.Item>
          <Button type='primary' htmlType='submit' block loading={sending}>
            登录
          </Button>
        </Form>
      </div>
    </div>
  )
}
