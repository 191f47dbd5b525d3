/** 修改密码: the operator's own password (old one, new one twice); the server's refusal shown on the form. */
import { PageForm, PasswordField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { App, Card, Form } from 'antd'
import { sessionApi } from '../../api/session'
import { useSubmission } from '../../hooks/useSubmission'

/** The back-office's rule (server/src/lib/fields.ts passwordField). */
const PASSWORD = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{8,32}$/

interface Values {
  oldPassword: string
  password: string
  confirm: string
}

export default function ChangePassword() {
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { submit, shown, clear } = useSubmission()

  return (
    <PageContainer title='修改密码'>
      <Card variant='borderless' className='console-narrow'>
        {shown}
        <PageForm<Values>
          form={form}
          onValuesChange={clear}
          submitter={{ searchConfig: { submitText: '保存', resetText: '清空' } }}
          onFinish={async ({ oldPassword, password }) => {
            await submit(async () => {
              await sessionApi.updatePassword({ oldPassword, password })
              message.success('密码已修改')
              form.resetFields()
            })
          }}
        >
          <PasswordField
            name='oldPassword'
            label='原密码'
            fieldProps={{ autoComplete: 'current-password' }}
            rules={[{ required: true, message: '请填写原密码' }]}
          />
          <PasswordField
            name='password'
            label='新密码'
            fieldProps={{ autoComplete: 'new-password' }}
            extra='8-32位，同时包含字母和数字'
            rules={[
              { required: true, message: '请填写新密码' },
              { pattern: PASSWORD, message: '密码为8-32位字母和数字，且同时包含字母和数字' },
            ]}
          />
          <PasswordField
            name='confirm'
            label='确认新密码'
            fieldProps={{ autoComplete: 'new-password' }}
            dependencies={['password']}
            rules={[
              { required: true, message: '请再次填写新密码' },
              ({ getFieldValue }) => ({
                validator: (_rule, value) =>
                  !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次填写的新密码不一致')),
              }),
            ]}
          />
        </PageForm>
      </Card>
    </PageContainer>
  )
}
