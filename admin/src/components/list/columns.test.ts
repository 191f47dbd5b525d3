import assert from 'node:assert/strict'
import { test } from 'node:test'
import { cellOf, filterColumns, type ListColumn, optionsOf } from './columns'

type Row = { id: number; status: string | null; year: string; name: string }
const row: Row = { id: 1, status: '已通过', year: '2025-2026', name: '' }

test('a select column shows its enum text, or an option label; an empty value shows -', () => {
  const status: ListColumn<Row> = { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: { 已通过: { text: '通过了' } } }
  assert.equal(cellOf(status, row), '通过了')
  assert.equal(cellOf(status, { ...row, status: null }), '-')
  assert.equal(cellOf({ title: '姓名', dataIndex: 'name' }, row), '-')
  const year: ListColumn<Row> = { title: '学年', dataIndex: 'year', valueType: 'select', fieldProps: { options: ['2025-2026'] } }
  assert.deepEqual(optionsOf(year), [{ value: '2025-2026', label: '2025-2026' }])
  assert.equal(cellOf(year, row), '2025-2026')
  // Options asked for by the column (a teacher's name for an id).
  const asked: ListColumn<Row> = { title: '老师', dataIndex: 'year', valueType: 'select', request: async () => [] }
  assert.equal(cellOf(asked, row, [{ value: '2025-2026', label: '王老师' }]), '王老师')
})

test('filters: every column with a field unless told otherwise, the actions never, by order then place', () => {
  const columns: ListColumn<Row>[] = [
    { title: '姓名', dataIndex: 'name', search: false },
    { title: '状态', dataIndex: 'status' },
    { title: '学年', dataIndex: 'year', hideInTable: true },
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, order: 1 },
    { title: '编号', dataIndex: 'id', hideInSearch: true },
    { title: '操作', valueType: 'option', dataIndex: 'op' },
  ]
  assert.deepEqual(
    filterColumns(columns).map((c) => c.dataIndex),
    ['keyword', 'status', 'year'],
  )
})
