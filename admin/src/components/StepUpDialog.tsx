/**
 * 身份验证 (二次验证): the dialog a high-risk call opens when the server answers `stepUpRequired`
 * (api/client.ts asks through useStepUpDialog, step-up.tsx, which loads this file when first needed). The operator confirms with one of their methods — 密码,
 * 短信验证码, or 身份验证器 once bound (it then replaces the SMS code) — and the call goes again.
 */
import { STEP_UP_METHOD_LABEL, type StepUpMethod } from '@activity/wire'
import { Alert, App, Button, Form, Input, Modal, Space, Tabs, Typography } from 'antd'
import { type ReactNode, useEffect, useState } from 'react'
import { stepUpApi, type StepUpState } from '../api/step-up'
import { refusalOf, useSubmission } from '../hooks/useSubmission'

const CODE = /^\d{6}$/
const RESEND_SECONDS = 60

interface Values {
  password?: string
  code?: string
}

interface Props {
  open: boolean
  /** true once confirmed; false when closed without. */
  onDone: (confirmed: boolean) => void
}

export default function StepUpDialog({ open, onDone }: Props) {
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [state, setState] = useState<StepUpState>()
  const [loadError, setLoadError] = useState<string>()
  const [method, setMethod] = useState<StepUpMethod>('password')
  const [wait, setWait] = useState(0)
  const [sentTo, setSentTo] = useState<string>()
  const { submit, shown, clear, pending } = useSubmission()
  const sending = useSubmission()

  useEffect(() => {
    if (!open) return
    setState(undefined)
    setLoadError(undefined)
    setMethod('password')
    setSentTo(undefined)
    stepUpApi.state().then(setState, (error: unknown) => setLoadError(refusalOf(error)))
  }, [open])

  useEffect(() => {
    if (wait <= 0) return
    const timer = setTimeout(() => setWait((w) => w - 1), 1000)
    return () => clearTimeout(timer)
  }, [wait])

  const confirm = async () => {
    const values = await form.validateFields()
    const done = await submit(async () => {
      if (method === 'password') await stepUpApi.password({ password: values.password ?? '' })
      else if (method === 'sms') await stepUpApi.sms({ code: values.code ?? '' })
      else await stepUpApi.totp({ code: values.code ?? '' })
    })
    if (done) {
      message.success(`身份验证成功，${state?.minutes ?? 5}分钟内无需再次验证`)
      onDone(true)
    }
  }

  const sendSms = () =>
    sending.submit(async () => {
      const { phone } = await stepUpApi.sendSms()
      setSentTo(phone)
      setWait(RESEND_SECONDS)
    })

  const codeRules = [
    { required: true, message: '请填写验证码' },
    { pattern: CODE, message: '验证码为6位数字' },
  ]
  const fields: Record<StepUpMethod, ReactNode> = {
    password: (
      <Form.Item name='password' label='登录密码' rules={[{ required: true, message: '请填写密码' }]}>
        <Input.Password autoComplete='current-password' autoFocus onPressEnter={() => void confirm()} />
      </Form.Item>
    ),
    sms: (
      <>
        <Form.Item label='短信验证码' required>
          <Space.Compact className='console-full-width'>
            <Form.Item name='code' noStyle rules={codeRules}>
              <Input
                inputMode='numeric'
                maxLength={6}
                autoComplete='one-time-code'
                aria-label='短信验证码'
                onPressEnter={() => void confirm()}
              />
            </Form.Item>
            <Button onClick={() => void sendSms()} disabled={wait > 0} loading={sending.pending}>
              {wait > 0 ? `${wait}秒后重发` : '发送验证码'}
            </Button>
          </Space.Compact>
        </Form.Item>
        {sending.shown}
        <Typography.Text type='secondary'>
          {sentTo ? `验证码已发送至${sentTo}，5分钟内有效` : `验证码将发送至${state?.phone ?? ''}`}
        </Typography.Text>
      </>
    ),
    totp: (
      <Form.Item name='code' label='身份验证器中的6位验证码' rules={codeRules}>
        <Input inputMode='numeric' maxLength={6} autoComplete='one-time-code' autoFocus onPressEnter={() => void confirm()} />
      </Form.Item>
    ),
  }

  return (
    <Modal
      title='身份验证'
      open={open}
      okText='验证'
      cancelText='取消'
      confirmLoading={pending}
      okButtonProps={{ disabled: !state }}
      onOk={() => void confirm()}
      onCancel={() => onDone(false)}
      destroyOnHidden
      maskClosable={false}
    >
      <Typography.Paragraph>此操作风险较高，请先验证身份。验证后{state?.minutes ?? 5}分钟内无需再次验证。</Typography.Paragraph>
      {loadError ? <Alert role='alert' type='error' showIcon message={loadError} /> : null}
      {state ? (
        <Form<Values> form={form} layout='vertical' onValuesChange={clear} preserve={false}>
          <Tabs
            activeKey={method}
            onChange={(key) => {
              setMethod(key as StepUpMethod)
              form.resetFields()
              clear()
            }}
            items={state.methods.map((m) => ({
              key: m,
              label: STEP_UP_METHOD_LABEL[m as StepUpMethod],
              children: m === method ? fields[m as StepUpMethod] : null,
            }))}
          />
          {shown}
        </Form>
      ) : null}
    </Modal>
  )
}
