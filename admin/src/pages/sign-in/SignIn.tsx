/** 登录: account and password; the server's refusal (wrong password, locked out, disabled) shown above the form. */
import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { LoginForm, ProFormText } from '@ant-design/pro-components'
import { Alert } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { ApiError } from '../../api/client'
import { sessionApi } from '../../api/session'
import { HOME } from '../../routes'
import { safeReturnPath, useSession } from '../../session/session'

export default function SignIn() {
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const { signedIn } = useSession()
  const [refusal, setRefusal] = useState<string>()
  const expired = search.get('expired') === '1'

  useEffect(() => {
    document.title = '登录 - 合伙人运营后台'
  }, [])

  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5', paddingTop: '12vh' }}>
      <LoginForm<{ account: string; password: string }>
        title='合伙人运营后台'
        subTitle='招生办公室的日常工作：合伙人审核、线索跟进、提现打款'
        submitter={{ searchConfig: { submitText: '登录' } }}
        onValuesChange={() => setRefusal(undefined)}
        onFinish={async (values) => {
          try {
            const admin = await sessionApi.signIn(values)
            signedIn(admin)
            navigate(safeReturnPath(search.get('redirect')) ?? HOME, { replace: true })
          } catch (error) {
            setRefusal(error instanceof ApiError ? error.message : String(error))
          }
        }}
      >
        {refusal ? (
          <Alert role='alert' type='error' showIcon message={refusal} style={{ marginBottom: 24 }} />
        ) : expired ? (
          <Alert type='info' showIcon message='登录已过期，请重新登录' style={{ marginBottom: 24 }} />
        ) : null}
        <ProFormText
          name='account'
          fieldProps={{ size: 'large', prefix: <UserOutlined />, autoComplete: 'username' }}
          placeholder='账号'
          rules={[{ required: true, message: '请填写账号' }]}
        />
        <ProFormText.Password
          name='password'
          fieldProps={{ size: 'large', prefix: <LockOutlined />, autoComplete: 'current-password' }}
          placeholder='密码'
          rules={[{ required: true, message: '请填写密码' }]}
        />
      </LoginForm>
    </div>
  )
}
