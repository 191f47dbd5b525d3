/**
 * Turns a schema validation issue into a sentence a person understands, naming the field in
 * Chinese. Schemas may carry their own Chinese message (e.g. '手机号格式不正确'); it wins.
 */
const FIELD_LABELS: Record<string, string> = {
  phone: '手机号',
  type: '类型',
  code: '验证码',
  password: '密码',
  oldPassword: '原密码',
  referrerCode: '推荐人编号',
  platform: '平台',
  signCode: '授权码',
  url: '链接',
  unbind: '是否解绑',
  realName: '真实姓名',
  gender: '性别',
  idCard: '身份证号',
  province: '省份',
  city: '城市',
  wechatId: '微信号',
  payoutType: '收款方式',
  payoutAccount: '收款账号',
  payoutName: '收款人姓名',
  school: '学校',
  major: '专业',
  discipline: '报考类别',
  intakeYear: '入学年份',
  batch: '批次',
  name: '名称',
  contactMethod: '联系方式',
  intention: '意向专业',
  remark: '备注',
  ref: '推荐人编号',
  activityId: '活动编号',
  status: '状态',
  timeType: '时间类型',
  page: '页码',
  size: '每页条数',
  id: '编号',
  programme: '成交专业',
  amount: '金额',
  reason: '原因',
  minDeals: '最低成交单数',
  commissionPerDeal: '每单佣金',
  transactionNo: '交易流水号',
  idempotencyKey: '请求标识',
  note: '备注',
  partnerId: '合伙人编号',
  account: '账号',
  role: '角色',
  enabled: '启用状态',
  sort: '排序',
  nickname: '昵称',
  keyword: '关键字',
}

export function fieldLabel(path: string): string {
  const last = path.split('/').filter(Boolean).pop() ?? ''
  return FIELD_LABELS[last] ?? (last || '请求参数')
}

const CJK = /[\u4e00-\u9fff]/

export interface IssueLike {
  keyword?: string
  instancePath?: string
  message?: string
  params?: Record<string, unknown>
}

export function validationMessage(issue: IssueLike): string {
  if (issue.message && CJK.test(issue.message)) return issue.message
  const label = fieldLabel(issue.instancePath ?? '')
  const p = issue.params ?? {}
  const message = issue.message ?? ''
  switch (issue.keyword) {
    case 'invalid_type':
      if (/received undefined|received null/.test(message)) return `请填写${label}`
      return `${label}格式不正确`
    case 'too_small': {
      const min = Number(p.minimum)
      if (p.origin === 'string') return min <= 1 ? `请填写${label}` : `${label}至少${min}个字符`
      if (p.origin === 'array' || p.origin === 'set') return `请至少选择一项${label}`
      return `${label}不能小于${min}`
    }
    case 'too_big': {
      const max = Number(p.maximum)
      if (p.origin === 'string') return `${label}不能超过${max}个字符`
      if (p.origin === 'array' || p.origin === 'set') return `${label}最多${max}项`
      return `${label}不能大于${max}`
    }
    case 'invalid_value':
      return `${label}不在可选范围内`
    case 'invalid_format':
      return `${label}格式不正确`
    case 'not_multiple_of':
      return `${label}格式不正确`
    case 'unrecognized_keys':
      return '请求包含无法识别的参数'
    default:
      return `${label}格式不正确`
  }
}
