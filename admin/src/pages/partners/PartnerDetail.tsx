/**
 * 合伙人详情: personal and sign-up information (ID card and payout account only when the server
 * sends them in full: 管理员 and 财务), money, team, and the partner's clues, ledger and
 * withdrawals in tabs for the roles that handle them; the review for 管理员.
 */
import { QuestionCircleOutlined } from '@ant-design/icons'
import { PageContainer } from '../../components/PageContainer'
import type { PartnerStatus } from '@activity/wire'
import { Alert, Card, Col, Descriptions, Row, Space, Statistic, Tag, theme, Tooltip, Typography } from 'antd'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { type AdminClue, cluesApi } from '../../api/clues'
import { type AdminLedgerEntry, ledgerApi } from '../../api/ledger'
import { formatYuan } from '@activity/money'
import { partnersApi } from '../../api/partners'
import { type AdminWithdrawal, withdrawalsApi } from '../../api/withdrawals'
import { DetailFrame } from '../../components/DetailFrame'
import {
  CLUE_STATUS_ENUM,
  EnumTag,
  LEDGER_TYPE_ENUM,
  PARTNER_STATUS_ENUM,
  WITHDRAWAL_STATUS_ENUM,
  enumColumn,
} from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { partnerName } from './partner-status'
import { ReviewActions } from './ReviewActions'
import { MaskedPhone } from '../../components/MaskedPhone'

const text = (v: string | null | undefined) => (v ? v : '-')

const DEBT_TIP = '成交退费撤回佣金时余额不足的部分，由之后的佣金和推荐奖励优先抵扣'

function ClueTab({ partnerId }: { partnerId: number }) {
  const columns: ListColumn<AdminClue>[] = [
    { title: '姓名', dataIndex: 'name', render: (_, c) => <Link to={`/clues/${c.id}`}>{c.name}</Link> },
    { title: '手机号', dataIndex: 'phone' },
    { title: '状态', dataIndex: 'status', ...enumColumn(CLUE_STATUS_ENUM) },
    { title: '负责老师', dataIndex: 'assigneeName', render: (_, c) => c.assigneeName ?? '未分配' },
    { title: '成交金额', dataIndex: 'amount', render: (_, c) => (c.amount === null ? '-' : formatYuan(c.amount)) },
    { title: '登记时间', dataIndex: 'createdAt', render: (_, c) => formatDateTime(c.createdAt) },
  ]
  return (
    <ListTable<AdminClue>
      local
      search={false}
      options={false}
      columns={columns}
      fixed={{ partnerId: String(partnerId) }}
      emptyText='该合伙人还没有线索'
      fetch={(s) => cluesApi.list(toServerQuery(s))}
    />
  )
}

function LedgerTab({ partnerId }: { partnerId: number }) {
  const columns: ListColumn<AdminLedgerEntry>[] = [
    { title: '时间', dataIndex: 'createdAt', render: (_, e) => formatDateTime(e.createdAt) },
    { title: '类型', dataIndex: 'type', ...enumColumn(LEDGER_TYPE_ENUM) },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      align: 'right',
      render: (_, e) => (
        <Typography.Text type={e.amount < 0 ? 'danger' : 'success'}>{formatYuan(e.amount, { symbol: false, sign: true })}</Typography.Text>
      ),
    },
    { title: '余额（元）', dataIndex: 'balanceAfter', align: 'right', render: (_, e) => formatYuan(e.balanceAfter, { symbol: false }) },
    {
      title: '欠款（元）',
      dataIndex: 'debtAfter',
      align: 'right',
      render: (_, e) =>
        e.debtAfter > 0 ? <Typography.Text type='danger'>{formatYuan(e.debtAfter, { symbol: false })}</Typography.Text> : '-',
    },
    {
      title: '冻结',
      dataIndex: 'frozen',
      render: (_, e) => (e.frozen ? <Tag color='blue'>冻结至 {formatDateTime(e.frozenUntil)}</Tag> : '-'),
    },
    { title: '备注', dataIndex: 'note', ellipsis: true, render: (_, e) => text(e.note) },
  ]
  return (
    <ListTable<AdminLedgerEntry>
      local
      search={false}
      options={false}
      columns={columns}
      fixed={{ partnerId: String(partnerId) }}
      emptyText='该合伙人还没有资金流水'
      fetch={(s) => ledgerApi.list(toServerQuery(s))}
    />
  )
}

function WithdrawalTab({ partnerId }: { partnerId: number }) {
  const columns: ListColumn<AdminWithdrawal>[] = [
    { title: '申请时间', dataIndex: 'createdAt', render: (_, w) => formatDateTime(w.createdAt) },
    { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (_, w) => formatYuan(w.amount, { symbol: false }) },
    { title: '状态', dataIndex: 'status', ...enumColumn(WITHDRAWAL_STATUS_ENUM) },
    { title: '收款', dataIndex: 'payoutAccount', render: (_, w) => `${w.payoutType} ${w.payoutName} ${w.payoutAccount}` },
    { title: '交易流水号', dataIndex: 'transactionNo', render: (_, w) => text(w.transactionNo) },
    { title: '拒绝原因', dataIndex: 'refuseReason', render: (_, w) => text(w.refuseReason) },
    { title: '处理时间', dataIndex: 'handledAt', render: (_, w) => formatDateTime(w.handledAt) },
  ]
  return (
    <ListTable<AdminWithdrawal>
      local
      search={false}
      options={false}
      columns={columns}
      fixed={{ partnerId: String(partnerId) }}
      emptyText='该合伙人还没有提现记录'
      fetch={(s) => withdrawalsApi.list(toServerQuery(s))}
    />
  )
}

export default function PartnerDetail() {
  const params = useParams()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const { canWorkClues, seesPartnerMoney, canReviewPartners } = useAccess()
  const { token } = theme.useToken()
  const [search, setSearch] = useSearchParams()
  const { data: p, error, reload } = useRemote(() => (valid ? partnersApi.details(id) : Promise.reject(new Error('合伙人不存在'))), [id])
  const back = () => window.history.back()

  if (!valid || !p) {
    return (
      <DetailFrame
        title='合伙人详情'
        onBack={back}
        list={{ to: '/partners', label: '返回合伙人列表' }}
        error={valid ? error : '合伙人不存在'}
        onRetry={valid ? reload : undefined}
      />
    )
  }

  const tabs = [
    canWorkClues ? { key: 'clues', label: '线索', children: <ClueTab partnerId={p.id} /> } : null,
    seesPartnerMoney ? { key: 'ledger', label: '资金流水', children: <LedgerTab partnerId={p.id} /> } : null,
    seesPartnerMoney ? { key: 'withdrawals', label: '提现记录', children: <WithdrawalTab partnerId={p.id} /> } : null,
  ].filter((t): t is NonNullable<typeof t> => t !== null)
  const tab = tabs.some((t) => t.key === search.get('tab')) ? (search.get('tab') as string) : tabs[0]?.key

  return (
    <PageContainer
      title={partnerName(p)}
      subTitle={<EnumTag valueEnum={PARTNER_STATUS_ENUM} value={p.status as PartnerStatus} />}
      onBack={back}
      extra={canReviewPartners ? <ReviewActions partner={p} onDone={reload} /> : null}
    >
      {p.status === '已拒绝' && p.rejectReason ? (
        <Alert type='error' showIcon message={`拒绝原因：${p.rejectReason}`} className='console-gap-bottom' />
      ) : null}
      {p.status === '已禁用' && p.rejectReason ? (
        <Alert type='warning' showIcon message={`禁用原因：${p.rejectReason}`} className='console-gap-bottom' />
      ) : null}

      <Card className='console-gap-bottom'>
        <Row className='console-parts'>
          <Col>
            <Statistic title='团队人数' value={p.teamSize} suffix='人' />
          </Col>
          <Col>
            <Statistic title='线索' value={p.clueCounts.total} suffix='条' />
          </Col>
          <Col>
            <Statistic title='成交' value={p.clueCounts.deal} suffix='单' />
          </Col>
          {p.wallet ? (
            <>
              <Col>
                <Statistic title='余额' value={formatYuan(p.wallet.balance, { symbol: false })} prefix='¥' />
              </Col>
              <Col>
                <Statistic title='冻结中' value={formatYuan(p.wallet.frozen, { symbol: false })} prefix='¥' />
              </Col>
              <Col>
                <Statistic title='可提现' value={formatYuan(p.wallet.withdrawable, { symbol: false })} prefix='¥' />
              </Col>
              <Col data-testid='partner-debt'>
                <Statistic
                  title={
                    <>
                      欠款{' '}
                      <Tooltip title={DEBT_TIP}>
                        <QuestionCircleOutlined aria-label={DEBT_TIP} />
                      </Tooltip>
                    </>
                  }
                  value={formatYuan(p.wallet.debt, { symbol: false })}
                  prefix='¥'
                  valueStyle={p.wallet.debt > 0 ? { color: token.colorError } : undefined}
                />
              </Col>
            </>
          ) : null}
        </Row>
      </Card>

      <Card title='基本信息' className='console-gap-bottom'>
        <Descriptions column={3} size='small'>
          <Descriptions.Item label='编号'>{p.id}</Descriptions.Item>
          <Descriptions.Item label='手机号'>
            <MaskedPhone phone={p.phone} kind='partner' id={p.id} copyable />
          </Descriptions.Item>
          <Descriptions.Item label='推广码'>{p.code}</Descriptions.Item>
          <Descriptions.Item label='昵称'>{text(p.nickname)}</Descriptions.Item>
          <Descriptions.Item label='推荐人'>
            {p.referrerId ? <Link to={`/partners/${p.referrerId}`}>编号 {p.referrerId}</Link> : '-'}
          </Descriptions.Item>
          <Descriptions.Item label='注册时间'>{formatDateTime(p.createdAt)}</Descriptions.Item>
          <Descriptions.Item label='提交审核'>{formatDateTime(p.submittedAt)}</Descriptions.Item>
          <Descriptions.Item label='审核时间'>{formatDateTime(p.reviewedAt)}</Descriptions.Item>
          <Descriptions.Item label='资料'>
            {p.missing.personal || p.missing.signUp || p.missing.payoutAccount ? (
              <Space size={4} wrap>
                {p.missing.personal ? <Tag color='orange'>个人信息未完善</Tag> : null}
                {p.missing.signUp ? <Tag color='orange'>报名信息未完善</Tag> : null}
                {p.missing.payoutAccount ? <Tag color='orange'>未填收款账户</Tag> : null}
              </Space>
            ) : (
              <Tag color='green'>已完善</Tag>
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Row gutter={16} className='console-gap-bottom'>
        <Col span={12}>
          <Card title='个人信息' className='console-full-height'>
            <Descriptions column={2} size='small'>
              <Descriptions.Item label='真实姓名'>{text(p.personal.realName)}</Descriptions.Item>
              <Descriptions.Item label='性别'>{text(p.personal.gender)}</Descriptions.Item>
              {p.sensitiveVisible ? <Descriptions.Item label='身份证号'>{text(p.personal.idCard)}</Descriptions.Item> : null}
              <Descriptions.Item label='地区'>{[p.personal.province, p.personal.city].filter(Boolean).join(' ') || '-'}</Descriptions.Item>
              <Descriptions.Item label='微信号'>{text(p.personal.wechatId)}</Descriptions.Item>
              <Descriptions.Item label='收款方式'>{text(p.personal.payoutType)}</Descriptions.Item>
              {p.sensitiveVisible ? <Descriptions.Item label='收款账号'>{text(p.personal.payoutAccount)}</Descriptions.Item> : null}
              <Descriptions.Item label='收款人'>{text(p.personal.payoutName)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col span={12}>
          <Card title='报名信息' className='console-full-height'>
            <Descriptions column={2} size='small'>
              <Descriptions.Item label='学校'>{text(p.signUp.school)}</Descriptions.Item>
              <Descriptions.Item label='专业'>{text(p.signUp.major)}</Descriptions.Item>
              <Descriptions.Item label='报考类别'>{text(p.signUp.discipline)}</Descriptions.Item>
              <Descriptions.Item label='入学年份'>{text(p.signUp.intakeYear)}</Descriptions.Item>
              <Descriptions.Item label='批次'>{text(p.signUp.batch)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>

      {tabs.length > 0 && tab ? (
        // Only the open tab's list is drawn (and fetched), as the tabs' destroyInactiveTabPane did.
        <Card
          tabList={tabs.map(({ key, label }) => ({ key, label }))}
          activeTabKey={tab}
          onTabChange={(key) => setSearch({ tab: key }, { replace: true })}
        >
          {tabs.find((t) => t.key === tab)?.children}
        </Card>
      ) : null}
    </PageContainer>
  )
}
