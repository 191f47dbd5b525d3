/**
 * 岗位: the office's positions and, per screen, what each may see and do (the rights of
 * packages/domain rights.ts). Today's three roles are the built-in 管理员 (every right, fixed),
 * 财务 and 招生老师; the administrator adds positions such as 招生主管 and ticks their rights. A
 * change holds from the next call of every operator in the position (the server checks each call);
 * the position one holds oneself cannot be changed by oneself. Every change is in 操作日志.
 */
import { ProFormText, ProFormTextArea, ProTable, type ProColumns } from '@ant-design/pro-components'
import { PageContainer } from '../../components/PageContainer'
import { Checkbox, Form, Space, Table, Tag, Typography } from 'antd'
import { type ReactElement, useEffect, useMemo, useState } from 'react'
import { type Position, positionsApi, type RightCatalogue } from '../../api/positions'
import type { ScreenPreload } from '../../screen-preload'
import { RemoveAction } from '../../components/RemoveAction'
import { PositionTag } from '../../components/status'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { formatDateTime } from '../../format'
import { useAccess } from '../../session/access'
import { useSession } from '../../session/session'
import { requiredText } from '../../form-rules'
import { saveRecord } from '../../components/record-form'
import { AddButton } from '../../components/AddButton'

/** The rights as a matrix: a row per screen, a box per action, and a box for the whole row. */
function RightsMatrix({
  catalogue,
  value = [],
  onChange,
  disabled,
}: {
  catalogue: RightCatalogue
  value?: string[]
  onChange?: (rights: string[]) => void
  disabled?: boolean
}) {
  const held = new Set(value)
  // Kept in the catalogue's order, whatever order the boxes were ticked in.
  const order = catalogue.flatMap((s) => s.actions.map((a) => a.right))
  const set = (rights: string[], on: boolean) => {
    const next = new Set(held)
    for (const r of rights)
      if (on) next.add(r)
      else next.delete(r)
    onChange?.(order.filter((r) => next.has(r)))
  }
  return (
    <Table
      size='small'
      rowKey='screen'
      pagination={false}
      dataSource={catalogue}
      scroll={{ y: 420 }}
      columns={[
        {
          title: '页面',
          dataIndex: 'name',
          width: 170,
          render: (name: string, s) => {
            const rights = s.actions.map((a) => a.right)
            const count = rights.filter((r) => held.has(r)).length
            return (
              <Checkbox
                disabled={disabled}
                checked={count === rights.length}
                indeterminate={count > 0 && count < rights.length}
                onChange={(e) => set(rights, e.target.checked)}
                aria-label={`${name}全部`}
              >
                {name}
              </Checkbox>
            )
          },
        },
        {
          title: '可见与可做',
          render: (_, s) => (
            <Space wrap size={[12, 4]}>
              {s.actions.map((a) => (
                <Checkbox
                  key={a.right}
                  disabled={disabled}
                  checked={held.has(a.right)}
                  onChange={(e) => set([a.right], e.target.checked)}
                  data-right={a.right}
                >
                  {a.name}
                </Checkbox>
              ))}
            </Space>
          ),
        },
      ]}
    />
  )
}

interface Values {
  name: string
  description?: string
  rights: string[]
}

function PositionForm({
  position,
  catalogue,
  trigger,
  onSaved,
}: {
  position?: Position
  catalogue: RightCatalogue
  trigger: ReactElement
  onSaved: () => void
}) {
  const [form] = Form.useForm<Values>()
  return (
    <SubmitModalForm<Values>
      title={position ? `编辑岗位 ${position.name}` : '新增岗位'}
      form={form}
      trigger={trigger}
      width={760}
      initialValues={{ name: position?.name, description: position?.description, rights: position?.rights ?? ['dashboard.view'] }}
      onSubmit={(values) => {
        const body = { name: values.name.trim(), description: values.description?.trim() ?? '', rights: values.rights ?? [] }
        return saveRecord(position, body, positionsApi.create, positionsApi.update)
      }}
      success={position ? '已保存，岗位下的操作员下一次操作起生效' : '已新增岗位'}
      onDone={onSaved}
    >
      <ProFormText
        name='name'
        label='岗位名称'
        width='md'
        disabled={position?.builtin}
        extra={position?.builtin ? '内置岗位不能改名' : undefined}
        rules={requiredText('岗位名称', 20)}
      />
      <ProFormTextArea name='description' label='说明' fieldProps={{ maxLength: 100, showCount: true, rows: 2 }} />
      <Form.Item name='rights' label='权限' required>
        <RightsMatrix catalogue={catalogue} />
      </Form.Item>
    </SubmitModalForm>
  )
}

/** The positions and the rights' catalogue, asked for before the screen renders (routes.tsx). */
export const preload: ScreenPreload = () => {
  void positionsApi.rights()
  void positionsApi.list()
}

export default function PositionList() {
  const { canManagePositions } = useAccess()
  const { admin: me } = useSession()
  const [positions, setPositions] = useState<Position[]>()
  const [catalogue, setCatalogue] = useState<RightCatalogue>([])
  const [version, setVersion] = useState(0)
  const reload = () => setVersion((v) => v + 1)

  useEffect(() => {
    void positionsApi.rights().then(setCatalogue, () => undefined)
  }, [])
  useEffect(() => {
    void positionsApi.list().then(setPositions, () => setPositions([]))
  }, [version])

  const labels = useMemo(
    () => new Map(catalogue.flatMap((s) => s.actions.map((a) => [a.right, `${s.name}·${a.name}`] as const))),
    [catalogue],
  )

  const columns: ProColumns<Position>[] = [
    {
      title: '岗位',
      dataIndex: 'name',
      width: 250,
      render: (_, p) => (
        <Space>
          <PositionTag name={p.name} />
          {p.builtin ? <Tag>内置</Tag> : null}
          {p.id === me?.positionId ? <Tag color='processing'>我的岗位</Tag> : null}
        </Space>
      ),
    },
    { title: '说明', dataIndex: 'description', width: 180, ellipsis: true },
    {
      title: '权限',
      dataIndex: 'rights',
      render: (_, p) =>
        p.allRights ? (
          <Typography.Text strong>全部权限</Typography.Text>
        ) : (
          <Typography.Paragraph ellipsis={{ rows: 2, expandable: true, symbol: '展开' }} style={{ marginBottom: 0 }}>
            {p.rights.length === 0 ? '无' : `${p.rights.length}项：${p.rights.map((r) => labels.get(r) ?? r).join('、')}`}
          </Typography.Paragraph>
        ),
    },
    {
      title: '操作员',
      dataIndex: 'members',
      width: 80,
      align: 'right',
      render: (_, p) => <span className='console-figure'>{p.members}</span>,
    },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (_, p) => formatDateTime(p.updatedAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 150,
      hideInTable: !canManagePositions,
      render: (_, p) => [
        p.allRights || p.id === me?.positionId ? null : (
          <PositionForm key='edit' position={p} catalogue={catalogue} onSaved={reload} trigger={<a>编辑权限</a>} />
        ),
        p.builtin ? null : (
          <RemoveAction
            key='remove'
            title={`删除岗位「${p.name}」？`}
            description={p.members > 0 ? '岗位下还有操作员，请先为他们更换岗位。' : undefined}
            remove={() => positionsApi.remove(p.id)}
            onRemoved={reload}
          />
        ),
      ],
    },
  ]

  return (
    <PageContainer title='岗位' content='岗位决定操作员能看到的菜单和能做的操作；修改在岗位下操作员的下一次操作时生效，并记入操作日志。'>
      <ProTable<Position>
        rowKey='id'
        headerTitle='岗位'
        search={false}
        options={false}
        loading={positions === undefined}
        dataSource={positions}
        columns={columns}
        pagination={false}
        toolBarRender={() =>
          canManagePositions
            ? [<PositionForm key='add' catalogue={catalogue} onSaved={reload} trigger={<AddButton>新增岗位</AddButton>} />]
            : []
        }
      />
    </PageContainer>
  )
}
