/**
 * The lines of a bill typed in (开具缴费单, 新建订单): one row per item with its name, quantity and
 * unit price in yuan, from one to fifty rows. `toItems` turns the rows into the wire's items, the
 * price in fen; `ItemsTable` shows the items a bill was made with.
 *
 *   <ItemsField label='订单明细' example='学费' nameRules={requiredText('项目名称', 60)} />
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Form, type FormRule, Table, Tooltip } from 'antd'
import type { FormListProps } from 'antd/es/form'
import { FieldGroup, NumberField, TextField } from './form'
import { formatYuan, parseYuan } from '@activity/money'
import { yuanRules } from './YuanField'

export interface ItemValues {
  name?: string
  quantity?: number
  unitPrice?: string
}

/** One item of a bill as the server sends it: prices in fen. */
export interface BillItem {
  name: string
  quantity: number
  unitPrice: number
  amount: number
}

export interface ItemsFieldProps {
  label: string
  /** An item's name as the placeholder shows it: 项目，如 {example}. */
  example: string
  nameRules: FormRule[]
  /** Shown after the quantity (件); nothing when left out. */
  unit?: string
  /** The highest unit price in fen. */
  priceMax?: number
  /** The list's own rules (at least one row). */
  rules?: FormListProps['rules']
}

const MAX_ROWS = 50

export function ItemsField({ label, example, nameRules, unit, priceMax, rules }: ItemsFieldProps) {
  return (
    <Form.Item label={label} required>
      <Form.List name='items' rules={rules}>
        {(rows, { add, remove }, { errors }) => (
          <>
            {rows.map((row) => (
              <FieldGroup key={row.key}>
                <TextField name={[row.name, 'name']} placeholder={`项目，如 ${example}`} width='sm' rules={nameRules} />
                <NumberField
                  name={[row.name, 'quantity']}
                  placeholder='数量'
                  width={90}
                  min={1}
                  max={9999}
                  fieldProps={unit ? { precision: 0, addonAfter: unit } : { precision: 0 }}
                  rules={[{ required: true, message: '请填写数量' }]}
                />
                <TextField
                  name={[row.name, 'unitPrice']}
                  placeholder='单价'
                  width='xs'
                  fieldProps={{ prefix: '¥', suffix: '元', inputMode: 'decimal', autoComplete: 'off' }}
                  rules={yuanRules({ label: '单价', min: 0, max: priceMax })}
                />
                {/* At least one row stays. */}
                {rows.length > 1 ? (
                  <Tooltip title='删除此项'>
                    <Button type='text' icon={<DeleteOutlined />} aria-label='删除此项' onClick={() => remove(row.name)} />
                  </Tooltip>
                ) : null}
              </FieldGroup>
            ))}
            {rows.length < MAX_ROWS ? (
              <Button type='dashed' block icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
                添加一项
              </Button>
            ) : null}
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form.Item>
  )
}

/** The rows as the wire's items: the name trimmed, one when no quantity, the price in fen (0 when unreadable). */
export function toItems(rows: ItemValues[] | undefined, options?: { negative?: boolean }) {
  return (rows ?? []).map((i) => ({
    name: (i.name ?? '').trim(),
    quantity: i.quantity ?? 1,
    unitPrice: parseYuan(i.unitPrice ?? '', options) ?? 0,
  }))
}

/** A bill's items as the server sent them (fen); `total`, when given, is the 合计 row under them. */
export function ItemsTable({ items, total }: { items: BillItem[]; total?: number }) {
  return (
    <Table<BillItem>
      rowKey={(_, i) => String(i)}
      size='small'
      pagination={false}
      dataSource={items}
      columns={[
        { title: '项目', dataIndex: 'name' },
        { title: '数量', dataIndex: 'quantity', align: 'right' },
        { title: '单价', dataIndex: 'unitPrice', align: 'right', render: (v: number) => formatYuan(v) },
        { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => formatYuan(v) },
      ]}
      summary={
        total === undefined
          ? undefined
          : () => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  合计
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align='right'>
                  {formatYuan(total)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )
      }
    />
  )
}
