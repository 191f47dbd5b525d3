/**
 * 新增岗位 / 编辑权限: a position's name, what it is for, and its rights as a matrix (a row per
 * screen, a box per action). Loaded when the 岗位 screen's button is first clicked (lazyDialog).
 */
import { TextAreaField, TextField } from '../../components/form'
import { Checkbox, Form, Space, Table } from 'antd'
import { type Position, positionsApi, type RightCatalogue } from '../../api/positions'
import type { DialogControl } from '../../components/LazyDialog'
import { saveRecord } from '../../components/record-form'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { requiredText } from '../../form-rules'

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

export function PositionForm({
  position,
  catalogue,
  onSaved,
  ...control
}: DialogControl & {
  position?: Position
  catalogue: RightCatalogue
  onSaved: () => void
}) {
  const [form] = Form.useForm<Values>()
  return (
    <SubmitModalForm<Values>
      {...control}
      title={position ? `编辑岗位 ${position.name}` : '新增岗位'}
      form={form}
      width={760}
      initialValues={{ name: position?.name, description: position?.description, rights: position?.rights ?? ['dashboard.view'] }}
      onSubmit={(values) => {
        const body = { name: values.name.trim(), description: values.description?.trim() ?? '', rights: values.rights ?? [] }
        return saveRecord(position, body, positionsApi.create, positionsApi.update)
      }}
      success={position ? '已保存，岗位下的操作员下一次操作起生效' : '已新增岗位'}
      onDone={onSaved}
    >
      <TextField
        name='name'
        label='岗位名称'
        width='md'
        disabled={position?.builtin}
        extra={position?.builtin ? '内置岗位不能改名' : undefined}
        rules={requiredText('岗位名称', 20)}
      />
      <TextAreaField name='description' label='说明' fieldProps={{ maxLength: 100, showCount: true, rows: 2 }} />
      <Form.Item name='rights' label='权限' required>
        <RightsMatrix catalogue={catalogue} />
      </Form.Item>
    </SubmitModalForm>
  )
}
