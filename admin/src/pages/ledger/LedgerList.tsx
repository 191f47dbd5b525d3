/**
 * 资金流水: every ledger entry across partners, newest first (or oldest, sorted by 时间), filtered
 * and sorted in the address by partner, type and date; 余额调整 from here (the partner filtered on is the one proposed).
 */
import { PageContainer } from '../../components/PageContainer'
import { Empty, Tag, Tooltip, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { type AdminLedgerEntry, ledgerApi } from '../../api/ledger'
import { formatYuan } from '@activity/money'
import { formatDate, formatDateTime as at } from '../../format'
import { PartnerSelect } from '../../components/PartnerSelect'
import { LEDGER_TYPE_ENUM, enumColumn } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { type FilterValue, type ListState, toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { AdjustForm } from './AdjustForm'
import { MaskedPhone } from '../../components/MaskedPhone'
import { useTableReload } from '../../hooks/useTableReload'

const ARRAY_KEYS = ['date'] as const
const QUERY = { ranges: { date: ['dateFrom', 'dateTo'] }, sorts: ['createdAt'] } as const

function fetchPage(state: ListState) {
  return ledgerApi.list(toServerQuery(state, QUERY))
}

export default function LedgerList() {
  const [filters, setFilters] = useState<Record<string, FilterValue>>({})
  const { actionRef, reload } = useTableReload()
  const { canAdjustLedger } = useAccess()

  const columns: ListColumn<AdminLedgerEntry>[] = [
    { title: '时间', dataIndex: 'createdAt', search: false, sorter: true, width: 150, render: (_, e) => at(e.createdAt) },
    {
      title: '合伙人',
      dataIndex: 'partnerName',
      search: false,
      width: 160,
      render: (_, e) => (
        <Link to={`/partners/${e.partnerId}`}>
          {e.partnerName ?? '未填姓名'}
          <Typography.Text type='secondary' className='console-sub'>
            <MaskedPhone phone={e.partnerPhone} kind='partner' id={e.partnerId} />
          </Typography.Text>
        </Link>
      ),
    },
    { title: '合伙人', dataIndex: 'partnerId', hideInTable: true, renderFormItem: () => <PartnerSelect /> },
    {
      title: '类型',
      dataIndex: 'type',
      valueType: 'select',
      width: 100,
      ...enumColumn(LEDGER_TYPE_ENUM),
    },
    {
      title: '金额',
      dataIndex: 'amount',
      search: false,
      align: 'right',
      width: 130,
      render: (_, e) => (
        <Typography.Text type={e.amount < 0 ? 'danger' : 'success'} strong>
          {formatYuan(e.amount, { sign: true })}
        </Typography.Text>
      ),
    },
    {
      title: '变动后余额',
      dataIndex: 'balanceAfter',
      search: false,
      align: 'right',
      width: 130,
      render: (_, e) => formatYuan(e.balanceAfter),
    },
    {
      title: '欠款',
      dataIndex: 'debtAfter',
      search: false,
      align: 'right',
      width: 110,
      render: (_, e) =>
        e.debtAfter > 0 ? (
          <Tooltip title='撤回佣金时余额不足的部分，由之后的佣金优先抵扣'>
            <Typography.Text type='danger'>{formatYuan(e.debtAfter)}</Typography.Text>
          </Tooltip>
        ) : (
          '-'
        ),
    },
    {
      title: '冻结',
      dataIndex: 'frozenUntil',
      search: false,
      width: 150,
      render: (_, e) =>
        e.frozenUntil ? (
          e.frozen ? (
            <Tooltip title='冻结期内不可提现'>
              <Tag color='gold'>冻结至 {formatDate(e.frozenUntil)}</Tag>
            </Tooltip>
          ) : (
            <Typography.Text type='secondary'>已解冻</Typography.Text>
          )
        ) : (
          '-'
        ),
    },
    { title: '日期', dataIndex: 'date', valueType: 'dateRange', hideInTable: true },
    { title: '说明', dataIndex: 'note', search: false, ellipsis: true, render: (_, e) => e.note ?? '-' },
  ]

  return (
    <PageContainer title='资金流水' subTitle='所有合伙人的佣金、推荐奖励、提现、退回、撤回和调整'>
      <ListTable<AdminLedgerEntry>
        actionRef={actionRef}
        headerTitle='资金流水'
        columns={columns}
        arrayKeys={ARRAY_KEYS}
        fetch={fetchPage}
        onState={(state) => setFilters(state.filters)}
        scroll={{ x: 1210 }}
        emptyText={<Empty description='没有符合条件的资金流水' />}
        toolBarRender={() =>
          canAdjustLedger
            ? [
                <AdjustForm
                  key='adjust'
                  partnerId={typeof filters.partnerId === 'string' ? filters.partnerId : undefined}
                  onDone={reload}
                />,
              ]
            : []
        }
      />
    </PageContainer>
  )
}
