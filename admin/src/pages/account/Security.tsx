/**
 * 账号安全: how the operator confirms high-risk actions (身份验证): the phone their SMS codes go to
 * (set by an administrator on 操作员), and their authenticator app (TOTP): bind it by scanning the
 * QR code (or typing the key) and entering one of its codes; once bound it replaces the SMS code.
 * Binding and unbinding start from a step-up.
 */
import { PageContainer } from '../../components/PageContainer'
import { STEP_UP_METHOD_LABEL, type StepUpMethod } from '@activity/wire'
import { App, Button, Card, Descriptions, Form, Input, Popconfirm, QRCode, Space, Tag, Typography } from 'antd'
import { useState } from 'react'
import { stepUpApi, type TotpSetup } from '../../api/step-up'
import { LoadFailure } from '../../components/LoadFailure'
import { useRemote } from '../../hooks/useRemote'
import { useSubmission } from '../../hooks/useSubmission'

export default function Security() {
  const { message } = App.useApp()
  const state = useRemote(() => stepUpApi.state(), [])
  const [setup, setSetup] = useState<TotpSetup>()
  const [form] = Form.useForm<{ code: string }>()
  const { submit, shown, clear, pending } = useSubmission()

  const start = () =>
    submit(async () => {
      setSetup(await stepUpApi.setupTotp())
    })
  const enable = ({ code }: { code: string }) =>
    submit(async () => {
      await stepUpApi.enableTotp({ code })
      message.success('身份验证器已绑定')
      setSetup(undefined)
      state.reload()
    })
  const disable = () =>
    stepUpApi.disableTotp().then(
      () => {
        message.success('身份验证器已解绑')
        state.reload()
      },
      () => undefined,
    )

  const data = state.data
  return (
    <PageContainer title='账号安全'>
      {state.error ? <LoadFailure title='账号安全加载失败' error={state.error} onRetry={state.reload} /> : null}
      <Card variant='borderless' title='身份验证' loading={state.loading && !data} className='console-gap-bottom'>
        <Typography.Paragraph type='secondary'>
          打款、资金调整、退款等高风险操作前需要验证身份，验证后{data?.minutes ?? 5}分钟内有效（仅限本次登录）。
        </Typography.Paragraph>
        {data ? (
          <Descriptions column={1} bordered size='small'>
            <Descriptions.Item label='可用的验证方式'>
              {data.methods.map((m) => (
                <Tag key={m}>{STEP_UP_METHOD_LABEL[m as StepUpMethod]}</Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label='手机号'>{data.phone ?? '未设置（由管理员在「操作员」中设置）'}</Descriptions.Item>
            <Descriptions.Item label='身份验证器'>
              {data.totpEnabled ? (
                <Space>
                  <Tag color='green'>已绑定</Tag>
                  <Popconfirm
                    title='解绑身份验证器？'
                    description='解绑后改用短信验证码（或密码）验证。'
                    okText='解绑'
                    okButtonProps={{ danger: true }}
                    onConfirm={disable}
                  >
                    <Button danger>解绑</Button>
                  </Popconfirm>
                </Space>
              ) : (
                <Space>
                  <Tag>未绑定</Tag>
                  {setup ? null : (
                    <Button type='primary' onClick={() => void start()} loading={pending}>
                      绑定身份验证器
                    </Button>
                  )}
                </Space>
              )}
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
      {setup ? (
        <Card variant='borderless' title='绑定身份验证器'>
          <Space align='start' size='large' wrap>
            <QRCode value={setup.uri} size={180} aria-label='身份验证器二维码' />
            <div className='console-narrow'>
              <Typography.Paragraph>
                1. 用身份验证器 App（如 Google Authenticator、Microsoft Authenticator）扫描二维码，或手动输入密钥：
              </Typography.Paragraph>
              <Typography.Paragraph>
                <Typography.Text code copyable data-testid='totp-secret'>
                  {setup.secret}
                </Typography.Text>
              </Typography.Paragraph>
              <Typography.Paragraph>2. 输入 App 显示的6位验证码完成绑定：</Typography.Paragraph>
              {shown}
              <Form form={form} layout='inline' onFinish={(v) => void enable(v)} onValuesChange={clear}>
                <Form.Item
                  name='code'
                  label='验证码'
                  rules={[
                    { required: true, message: '请填写验证码' },
                    { pattern: /^\d{6}$/, message: '验证码为6位数字' },
                  ]}
                >
                  <Input inputMode='numeric' maxLength={6} autoComplete='one-time-code' />
                </Form.Item>
                <Form.Item>
                  <Space>
                    <Button type='primary' htmlType='submit' loading={pending}>
                      确认绑定
                    </Button>
                    <Button onClick={() => setSetup(undefined)}>取消</Button>
                  </Space>
                </Form.Item>
              </Form>
            </div>
          </Space>
        </Card>
      ) : null}
      {setup ? null : shown}
    </PageContainer>
  )
}
