/**
 * 操作员: the console's accounts: list by keyword and position (岗位), create, change name and
 * position, enable/disable, reset a password (a new one generated here and shown once), delete. The
 * back-office refuses what would lock the office out (yourself, the last 管理员) with its message.
 */
import { SelectField, TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { App, Form, Popconfirm, Space, Tag, Typography } from 'antd'
import { RemoveAction } from '../../components/RemoveAction'
import { type ReactElement } from 'react'
import { operatorsApi } from '../../api/operators'
import { departmentsApi } from '../../api/targets'
import { useRemote } from '../../hooks/useRemote'
import type { Admin } from '../../api/session'
import { positionsApi } from '../../api/positions'
import { PositionTag } from '../../components/status'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { toServerQuery } from '../../hooks/list-state'
import { formatDateTime } from '../../format'
import { useAccess } from '../../session/access'
import { useSession } from '../../session/session'
import { generatePassword, PASSWORD_RULE } from './password'
import { isMasked, unlessMasked } from '../../masked'
import { requiredText } from '../../form-rules'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'

type Operator = Admin & Record<string, unknown>

/** The departments as select options (部门; an operator may be in none). */
const departmentOptions = async () => (await departmentsApi.list()).map((d) => ({ value: d.id, label: d.name }))

interface CreateValues {
  account: string
  name: string
  positionId: number
  phone?: string
  password: string
}

/** The positions to choose from, by id. */
const positionOptions = async () => (await positionsApi.list()).map((p) => ({ value: p.id, label: p.name }))

const positionField = (
  <SelectField
    name='positionId'
    label='岗位'
    width='sm'
    request={positionOptions}
    placeholder='选择岗位'
    rules={[{ required: true, message: '请选择岗位' }]}
  />
)

/** 手机号, optional: where the operator's step-up (身份验证) SMS codes go; the back-office's rule (lib/fields.ts phoneField). */
function PhoneField({ filled }: { filled?: string | null }) {
  return (
    <TextField
      name='phone'
      label='手机号'
      width='md'
      extra={isMasked(filled) ? '选填，用于接收身份验证的短信验证码；不改请保持原样' : '选填，用于接收身份验证的短信验证码'}
      fieldProps={{ inputMode: 'numeric', maxLength: 11, autoComplete: 'off' }}
      rules={[unlessMasked(filled, /^1[3-9]\d{9}$/, '手机号格式不正确')]}
    />
  )
}

/** The password, once: it is not stored anywhere the console can read again. */
function showPasswordOnce(modal: ReturnType<typeof App.useApp>['modal'], account: string, password: string) {
  modal.success({
    title: `账号 ${account} 的密码`,
    width: 460,
    content: (
      <Space direction='vertical'>
        <Typography.Text>请把密码交给本人，并提醒其登录后修改。关闭后将不再显示。</Typography.Text>
        <Typography.Text code copyable className='console-figure' data-testid='password-once'>
          {password}
        </Typography.Text>
      </Space>
    ),
    okText: '我已记下',
  })
}

function CreateForm({ trigger, onSaved }: { trigger: ReactElement; onSaved: () => void }) {
  const { modal } = App.useApp()
  const [form] = Form.useForm<CreateValues>()
  return (
    <SubmitModalForm<CreateValues>
      title='新增操作员'
      form={form}
      trigger={trigger}
      width={480}
      initialValues={{ password: generatePassword() }}
      // Most new operators are teachers: the built-in 招生老师 is chosen until another is picked.
      onOpenChange={(open) => {
        if (!open) return
        void positionsApi.list().then(
          (positions) => {
            const teacher = positions.find((p) => p.builtin && p.name === '招生老师')
            if (teacher && form.getFieldValue('positionId') === undefined) form.setFieldValue('positionId', teacher.id)
          },
          () => undefined,
        )
      }}
      onSubmit={(values) =>
        operatorsApi.create({ ...values, account: values.account.trim(), name: values.name.trim(), phone: values.phone?.trim() || null })
      }
      onDone={(_created, values) => {
        showPasswordOnce(modal, values.account.trim(), values.password)
        onSaved()
      }}
    >
      <TextField
        name='account'
        label='账号'
        width='md'
        extra='登录用，3-32位字母、数字或 _ . @ -'
        rules={[
          { required: true, message: '请填写账号' },
          { pattern: /^[A-Za-z0-9_.@-]{3,32}$/, message: '账号为3-32位字母、数字或下划线' },
        ]}
      />
      <TextField name='name' label='姓名' width='md' rules={requiredText('姓名', 20)} />
      {positionField}
      <PhoneField />
      <TextField
        name='password'
        label='初始密码'
        width='md'
        extra='已随机生成，保存后显示一次'
        fieldProps={{
          autoComplete: 'off',
          addonAfter: <a onClick={() => form.setFieldValue('password', generatePassword())}>换一个</a>,
        }}
        rules={[
          { required: true, message: '请填写初始密码' },
          { pattern: PASSWORD_RULE, message: '密码为8-32位字母和数字，且同时包含字母和数字' },
        ]}
      />
    </SubmitModalForm>
  )
}

function EditForm({ operator, trigger, onSaved }: { operator: Operator; trigger: ReactElement; onSaved: () => void }) {
  return (
    <SubmitModalForm<{ name: string; positionId: number; phone?: string; departmentId?: number }>
      title={`修改操作员 ${operator.account}`}
      trigger={trigger}
      width={420}
      initialValues={{
        name: operator.name,
        positionId: operator.positionId,
        phone: operator.phone ?? '',
        departmentId: operator.departmentId ?? undefined,
      }}
      onSubmit={async ({ name, positionId, phone, departmentId }) => {
        // An emptied phone clears it; the masked one sent back unchanged keeps it.
        await operatorsApi.update({ id: operator.id, name: name.trim(), positionId, phone: phone?.trim() ?? '' }, { quiet: true })
        if ((departmentId ?? null) !== operator.departmentId) await departmentsApi.setMember(operator.id, departmentId ?? null)
      }}
      success='已保存'
      onDone={onSaved}
    >
      <TextField name='name' label='姓名' width='md' rules={requiredText('姓名', 20)} />
      {positionField}
      <PhoneField filled={operator.phone} />
      <SelectField name='departmentId' label='部门' width='sm' request={departmentOptions} allowClear placeholder='未分配' />
    </SubmitModalForm>
  )
}

export default function OperatorList() {
  const { message, modal } = App.useApp()
  const { admin: me } = useSession()
  const { canManageOperators, canDeleteOperators } = useAccess()
  const { actionRef, reload } = useTableReload()
  const { data: departments } = useRemote(() => departmentsApi.list(), [])
  const departmentName = new Map((departments ?? []).map((d) => [d.id, d.name]))

  const setEnabled = (o: Operator, enabled: boolean) =>
    operatorsApi.update({ id: o.id, enabled: enabled ? '是' : '否' }).then(
      () => {
        message.success(enabled ? `已启用 ${o.account}` : `已停用 ${o.account}`)
        reload()
      },
      () => undefined,
    )

  const resetPassword = (o: Operator) => {
    const password = generatePassword()
    return operatorsApi.update({ id: o.id, password }).then(
      () => showPasswordOnce(modal, o.account, password),
      () => undefined,
    )
  }

  const columns: ListColumn<Operator>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '账号或姓名' } },
    { title: '账号', dataIndex: 'account', search: false },
    {
      title: '姓名',
      dataIndex: 'name',
      search: false,
      render: (_, o) => (
        <Space>
          {o.name}
          {o.id === me?.id ? <Tag>我</Tag> : null}
        </Space>
      ),
    },
    {
      title: '岗位',
      dataIndex: 'positionId',
      valueType: 'select',
      request: positionOptions,
      render: (_, o) => <PositionTag name={o.role} />,
    },
    { title: '手机号', dataIndex: 'phone', search: false, render: (_, o) => o.phone ?? '—' },
    {
      title: '部门',
      dataIndex: 'departmentId',
      search: false,
      render: (_, o) => (o.departmentId === null ? '-' : (departmentName.get(o.departmentId) ?? '-')),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      search: false,
      render: (_, o) => (o.enabled ? <Tag color='green'>启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '创建时间', dataIndex: 'createdAt', search: false, render: (_, o) => formatDateTime(o.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 260,
      hideInTable: !canManageOperators,
      render: (_, o) => [
        <EditForm key='edit' operator={o} onSaved={reload} trigger={<a>修改</a>} />,
        o.enabled ? (
          <Popconfirm
            key='disable'
            title={`停用 ${o.account}？`}
            description='停用后该账号立即不能登录和操作。'
            onConfirm={() => setEnabled(o, false)}
          >
            <a>停用</a>
          </Popconfirm>
        ) : (
          <a key='enable' onClick={() => void setEnabled(o, true)}>
            启用
          </a>
        ),
        <Popconfirm
          key='reset'
          title={`重置 ${o.account} 的密码？`}
          description='将生成新密码并只显示一次，原密码立即失效。'
          onConfirm={() => resetPassword(o)}
        >
          <a>重置密码</a>
        </Popconfirm>,
        canDeleteOperators ? (
          <RemoveAction key='remove' title={`删除操作员 ${o.account}？`} remove={() => operatorsApi.remove(o.id)} onRemoved={reload} />
        ) : null,
      ],
    },
  ]

  return (
    <PageContainer title='操作员'>
      <ListTable<Operator>
        actionRef={actionRef}
        headerTitle='操作员'
        columns={columns}
        fetch={(state) =>
          operatorsApi.list(toServerQuery(state)) as Promise<{ list: Operator[]; total: number; page: number; size: number }>
        }
        emptyText='没有符合条件的操作员'
        toolBarRender={() =>
          canManageOperators ? [<CreateForm key='add' onSaved={reload} trigger={<AddButton>新增操作员</AddButton>} />] : []
        }
      />
    </PageContainer>
  )
}
