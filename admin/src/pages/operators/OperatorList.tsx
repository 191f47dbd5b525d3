/**
 * 操作员 (管理员): the console's accounts: list by keyword and role, create, change name and
 * role, enable/disable, reset a password (a new one generated here and shown once), delete. The
 * back-office refuses what would lock the office out (yourself, the last 管理员) with its message.
 */
import { PlusOutlined } from '@ant-design/icons'
import { type ActionType, ModalForm, PageContainer, ProFormSelect, ProFormText, type ProColumns } from '@ant-design/pro-components'
import { ADMIN_ROLES, AdminRole } from '@activity/wire'
import { App, Button, Form, Popconfirm, Space, Tag, Typography } from 'antd'
import { RemoveAction } from '../../components/RemoveAction'
import { type ReactElement, useRef } from 'react'
import { operatorsApi } from '../../api/operators'
import { departmentsApi } from '../../api/targets'
import { useRemote } from '../../hooks/useRemote'
import type { Admin } from '../../api/session'
import { ADMIN_ROLE_ENUM, enumColumn } from '../../components/status'
import { UrlProTable } from '../../components/UrlProTable'
import { toServerQuery } from '../../hooks/list-state'
import { useSubmission } from '../../hooks/useSubmission'
import { formatDateTime } from '../../format'
import { useAccess } from '../../session/access'
import { useSession } from '../../session/session'
import { generatePassword, PASSWORD_RULE } from './password'

type Operator = Admin & Record<string, unknown>

/** The departments as select options (部门; an operator may be in none). */
const departmentOptions = async () => (await departmentsApi.list()).map((d) => ({ value: d.id, label: d.name }))

const roleOptions = ADMIN_ROLES.map((r) => ({ value: r, label: r }))

interface CreateValues {
  account: string
  name: string
  role: AdminRole
  password: string
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
  const { submit, shown, clear } = useSubmission()
  return (
    <ModalForm<CreateValues>
      title='新增操作员'
      form={form}
      trigger={trigger}
      width={480}
      modalProps={{ destroyOnHidden: true, onCancel: clear }}
      initialValues={{ role: AdminRole.enrollTeacher, password: generatePassword() }}
      onValuesChange={clear}
      onFinish={async (values) => {
        const done = await submit(() => operatorsApi.create({ ...values, account: values.account.trim(), name: values.name.trim() }))
        if (!done) return false
        showPasswordOnce(modal, values.account.trim(), values.password)
        onSaved()
        return true
      }}
    >
      {shown}
      <ProFormText
        name='account'
        label='账号'
        width='md'
        extra='登录用，3-32位字母、数字或 _ . @ -'
        rules={[
          { required: true, message: '请填写账号' },
          { pattern: /^[A-Za-z0-9_.@-]{3,32}$/, message: '账号为3-32位字母、数字或下划线' },
        ]}
      />
      <ProFormText
        name='name'
        label='姓名'
        width='md'
        rules={[
          { required: true, whitespace: true, message: '请填写姓名' },
          { max: 20, message: '姓名不能超过20个字符' },
        ]}
      />
      <ProFormSelect name='role' label='角色' width='sm' options={roleOptions} rules={[{ required: true, message: '请选择角色' }]} />
      <ProFormText
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
    </ModalForm>
  )
}

function EditForm({ operator, trigger, onSaved }: { operator: Operator; trigger: ReactElement; onSaved: () => void }) {
  const { message } = App.useApp()
  const { submit, shown, clear } = useSubmission()
  return (
    <ModalForm<{ name: string; role: AdminRole; departmentId?: number }>
      title={`修改操作员 ${operator.account}`}
      trigger={trigger}
      width={420}
      modalProps={{ destroyOnHidden: true, onCancel: clear }}
      initialValues={{ name: operator.name, role: operator.role, departmentId: operator.departmentId ?? undefined }}
      onValuesChange={clear}
      onFinish={async ({ name, role, departmentId }) => {
        const done = await submit(async () => {
          await operatorsApi.update({ id: operator.id, name: name.trim(), role }, { quiet: true })
          if ((departmentId ?? null) !== operator.departmentId) await departmentsApi.setMember(operator.id, departmentId ?? null)
        })
        if (!done) return false
        message.success('已保存')
        onSaved()
        return true
      }}
    >
      {shown}
      <ProFormText
        name='name'
        label='姓名'
        width='md'
        rules={[
          { required: true, whitespace: true, message: '请填写姓名' },
          { max: 20, message: '姓名不能超过20个字符' },
        ]}
      />
      <ProFormSelect name='role' label='角色' width='sm' options={roleOptions} rules={[{ required: true, message: '请选择角色' }]} />
      <ProFormSelect name='departmentId' label='部门' width='sm' request={departmentOptions} allowClear placeholder='未分配' />
    </ModalForm>
  )
}

export default function OperatorList() {
  const { message, modal } = App.useApp()
  const { admin: me } = useSession()
  const { canManageOperators } = useAccess()
  const actionRef = useRef<ActionType>(undefined)
  const reload = () => void actionRef.current?.reload()
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

  const columns: ProColumns<Operator>[] = [
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
      title: '角色',
      dataIndex: 'role',
      valueType: 'select',
      ...enumColumn(ADMIN_ROLE_ENUM),
    },
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
        <RemoveAction key='remove' title={`删除操作员 ${o.account}？`} remove={() => operatorsApi.remove(o.id)} onRemoved={reload} />,
      ],
    },
  ]

  return (
    <PageContainer title='操作员'>
      <UrlProTable<Operator>
        actionRef={actionRef}
        headerTitle='操作员'
        columns={columns}
        fetch={(state) =>
          operatorsApi.list(toServerQuery(state)) as Promise<{ list: Operator[]; total: number; page: number; size: number }>
        }
        emptyText='没有符合条件的操作员'
        toolBarRender={() =>
          canManageOperators
            ? [
                <CreateForm
                  key='add'
                  onSaved={reload}
                  trigger={
                    <Button type='primary' icon={<PlusOutlined />}>
                      新增操作员
                    </Button>
                  }
                />,
              ]
            : []
        }
      />
    </PageContainer>
  )
}
