/**
 * An audit entry's before → after as rows a person reads: each changed field with its Chinese
 * name, money (fen on the wire) in yuan, empty values as -.
 */
import { formatYuan } from '@activity/money'

/** What the audited records are, by entityType. */
export const ENTITY_TYPES: Record<string, string> = {
  partner: '合伙人',
  stepUp: '身份验证',
  clue: '线索',
  withdrawal: '提现',
  wallet: '钱包',
  level: '档位',
  poster: '海报',
  activity: '活动',
  siteContent: '内容',
  appVersion: '版本',
  examResult: '录取信息',
  scoreLine: '分数线',
  order: '订单',
  admin: '操作员',
}

const FIELDS: Record<string, string> = {
  status: '状态',
  reason: '原因',
  invalidReason: '无效原因',
  balance: '余额',
  amount: '金额',
  commission: '佣金',
  frozen: '冻结金额',
  transactionNo: '交易流水号',
  assigneeId: '负责老师编号',
  assigneeName: '负责老师',
  levelName: '档位',
  programme: '成交专业',
  imported: '导入条数',
  name: '名称',
  role: '角色',
  enabled: '启用',
  title: '标题',
  price: '价格',
}

/** Fields holding fen. */
const MONEY = new Set(['balance', 'amount', 'commission', 'frozen', 'price', 'commissionPerDeal'])

export interface ChangeRow {
  field: string
  label: string
  before: string
  after: string
  changed: boolean
}

function show(field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '-'
  if (MONEY.has(field) && typeof value === 'number') return formatYuan(value)
  if (typeof value === 'boolean') return value ? '是' : '否'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

export function describeChange(before: Record<string, unknown> | null, after: Record<string, unknown> | null): ChangeRow[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  return fields.map((field) => {
    const b = show(field, before?.[field])
    const a = show(field, after?.[field])
    return {
      field,
      label: FIELDS[field] ?? field,
      before: before && field in before ? b : '-',
      after: after && field in after ? a : '-',
      changed: b !== a,
    }
  })
}
