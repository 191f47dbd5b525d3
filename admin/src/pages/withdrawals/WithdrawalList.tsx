/**
 * 提现 (finance's payout queue): 审核中 first, then newest (or oldest, sorted by 申请时间); or
 * sorted by 金额; filtered and sorted in the address by status, partner and applied date. Pay one
 * with its transaction number or by WeChat transfer (待确认收款 until the partner confirms),
 * refuse one with a reason, select
 * several 审核中 ones and pay them as a batch; export the filtered list for the bank's or WeChat's
 * batch payout file.
 */
import { PageContainer } from '../../components/PageContainer'
import { WithdrawalStatus } from '@activity/wire'
import { Button, Empty, Space, Typography } from 'antd'
import { Link } from 'react-router-dom'
import { formatYuan } from '@activity/money'
import { type AdminWithdrawal, withdrawalsApi } from '../../api/withdrawals'
import { formatDateTime as at } from '../../format'
import { PartnerSelect } from '../../components/PartnerSelect'
import { useAccess } from '../../session/access'
import { ExportButton } from '../../components/ExportButton'
import { WITHDRAWAL_STATUS_ENUM, enumColumn } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { exportQuery, type ListState, toServerQuery } from '../../hooks/list-state'
import { BatchPayForm, PayForm, RefuseForm, TransferForm } from './WithdrawalForms'
import { MaskedPhone } from '../../components/MaskedPhone'
import { useTableReload } from '../../hooks/useTableReload'

const ARRAY_KEYS = ['applied'] as const

/** The applied dates as the server's range, and the columns the server sorts by (the OpenAPI document at /docs). */
const QUERY = { ranges: { applied: ['dateFrom', 'dateTo'] }, sorts: ['createdAt', 'amount'] } as const

function fetchPage(state: ListState) {
  return withdrawalsApi.list(toServerQuery(state, QUERY))
}

export default function WithdrawalList() {
  const { actionRef, reload } = useTableReload()
  const { canPayWithdrawals, canExportWithdrawals } = useAccess()

  const columns: ListColumn<AdminWithdrawal>[] = [
    { title: '编号', dataIndex: 'id', search: false, width: 64 },
    {
      title: '合伙人',
      dataIndex: 'partnerName',
      search: false,
      width: 130,
      render: (_, w) => (
        <Link to={`/partners/${w.partnerId}`}>
          {w.partnerName ?? '未填姓名'}
          <Typography.Text type='secondary' className='console-sub'>
            <MaskedPhone phone={w.partnerPhone} kind='partner' id={w.partnerId} />
          </Typography.Text>
        </Link>
      ),
    },
    { title: '合伙人', dataIndex: 'partnerId', hideInTable: true, renderFormItem: () => <PartnerSelect /> },
    {
      title: '金额',
      dataIndex: 'amount',
      search: false,
      sorter: true,
      align: 'right',
      width: 120,
      render: (_, w) => <Typography.Text strong>{formatYuan(w.amount)}</Typography.Text>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      width: 90,
      ...enumColumn(WITHDRAWAL_STATUS_ENUM),
    },
    { title: '申请时间', dataIndex: 'createdAt', search: false, sorter: true, width: 140, render: (_, w) => at(w.createdAt) },
    { title: '申请日期', dataIndex: 'applied', valueType: 'dateRange', hideInTable: true },
    {
      title: '处理结果',
      dataIndex: 'handledAt',
      search: false,
      width: 200,
      render: (_, w) =>
        w.status === WithdrawalStatus.applying || w.status === WithdrawalStatus.confirming ? (
          w.transferFailReason ? (
            <Typography.Text type='danger' className='console-small' data-testid={`transfer-reason-${w.id}`}>
              微信转账：{w.transferFailReason}
            </Typography.Text>
          ) : w.status === WithdrawalStatus.confirming ? (
            <Typography.Text type='secondary' className='console-small'>
              已发起微信转账，等待合伙人确认收款
            </Typography.Text>
          ) : (
            '-'
          )
        ) : (
          <div>
            <div>{at(w.handledAt)}</div>
            <Typography.Text type={w.status === WithdrawalStatus.refused ? 'danger' : 'secondary'} className='console-small'>
              {w.status === WithdrawalStatus.paid ? `流水号 ${w.transactionNo ?? '-'}` : `原因：${w.refuseReason ?? '-'}`}
            </Typography.Text>
          </div>
        ),
    },
    { title: '收款方式', dataIndex: 'payoutType', search: false, width: 90 },
    { title: '收款人', dataIndex: 'payoutName', search: false, width: 100 },
    {
      title: '收款账号',
      dataIndex: 'payoutAccount',
      search: false,
      width: 180,
      render: (_, w) => <Typography.Text copyable>{w.payoutAccount}</Typography.Text>,
    },
    {
      title: '操作',
      valueType: 'option',
      width: 170,
      fixed: 'right',
      render: (_, w) =>
        !canPayWithdrawals ? null : w.status === WithdrawalStatus.applying ? (
          <Space size='middle'>
            <PayForm withdrawal={w} onDone={reload} />
            <TransferForm withdrawal={w} onDone={reload} />
            <RefuseForm withdrawal={w} onDone={reload} />
          </Space>
        ) : // A transfer whose answer was lost (no bill yet) is resent with the same bill number.
        w.status === WithdrawalStatus.confirming && !w.confirm ? (
          <TransferForm withdrawal={w} onDone={reload} />
        ) : null,
    },
  ]

  return (
    <PageContainer title='提现' subTitle='审核中的排在最前'>
      <ListTable<AdminWithdrawal>
        actionRef={actionRef}
        headerTitle='提现申请'
        columns={columns}
        arrayKeys={ARRAY_KEYS}
        fetch={fetchPage}
        scroll={{ x: 1200 }}
        emptyText={<Empty description='没有符合条件的提现申请' />}
        rowSelection={{
          getCheckboxProps: (w) => ({
            disabled: !canPayWithdrawals || w.status !== WithdrawalStatus.applying,
            name: `select-${w.id}`,
            'aria-label': `选择提现 ${w.id}`,
          }),
        }}
        tableAlertRender={({ selectedRows }) => (
          <span>
            已选 {selectedRows.length} 笔，合计 {formatYuan(selectedRows.reduce((sum, w) => sum + w.amount, 0))}
          </span>
        )}
        tableAlertOptionRender={({ selectedRows, onCleanSelected }) => (
          <Space>
            <BatchPayForm
              rows={selectedRows}
              onDone={() => {
                onCleanSelected()
                reload()
              }}
            />
            <Button type='link' size='small' onClick={onCleanSelected}>
              取消选择
            </Button>
          </Space>
        )}
        toolBarRender={(state) =>
          canExportWithdrawals
            ? [
                <ExportButton key='export' path={withdrawalsApi.exportPath} query={exportQuery(state, QUERY)} testId='withdrawal-export'>
                  导出打款文件
                </ExportButton>,
              ]
            : []
        }
      />
    </PageContainer>
  )
}
