/** 合伙人: every partner, filtered by status, keyword and registration date; review from the row; export. */
import { PageContainer } from '../../components/PageContainer'
import { Space } from 'antd'
import { useRef } from 'react'
import { Link } from 'react-router-dom'
import { type AdminPartner, partnersApi } from '../../api/partners'
import { ExportButton } from '../../components/ExportButton'
import { PARTNER_STATUS_ENUM, enumColumn } from '../../components/status'
import { listPreload, ListTable, type ListColumn, type ListAction } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { exportQuery, type ListState, toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { partnerName } from './partner-status'
import { ReviewActions } from './ReviewActions'
import { MaskedPhone } from '../../components/MaskedPhone'

const RANGES = { registered: ['dateFrom', 'dateTo'] } as const
const ARRAY_KEYS = ['registered'] as const

function fetchPage(state: ListState) {
  return partnersApi.list(toServerQuery(state, { ranges: RANGES }))
}

export const preload = listPreload(fetchPage, ARRAY_KEYS)

export default function PartnerList() {
  const { canReviewPartners, canExportPartners } = useAccess()
  const actionRef = useRef<ListAction>(undefined)

  const columns: ListColumn<AdminPartner>[] = [
    { title: '编号', dataIndex: 'id', width: 72, search: false },
    {
      title: '姓名',
      dataIndex: 'name',
      search: false,
      render: (_, p) => <Link to={`/partners/${p.id}`}>{partnerName(p)}</Link>,
    },
    {
      title: '手机号',
      dataIndex: 'phone',
      search: false,
      width: 150,
      render: (_, p) => <MaskedPhone phone={p.phone} kind='partner' id={p.id} copyable />,
    },
    { title: '推广码', dataIndex: 'code', search: false },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      ...enumColumn(PARTNER_STATUS_ENUM),
      fieldProps: { allowClear: true },
    },
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '完整手机号、姓名或推广码' } },
    {
      title: '地区',
      dataIndex: 'region',
      search: false,
      render: (_, p) => [p.personal.province, p.personal.city].filter(Boolean).join(' ') || '-',
    },
    { title: '学校', dataIndex: 'school', search: false, ellipsis: true, render: (_, p) => p.signUp.school ?? '-' },
    { title: '注册时间', dataIndex: 'createdAt', search: false, sorter: true, render: (_, p) => formatDateTime(p.createdAt) },
    { title: '注册日期', dataIndex: 'registered', valueType: 'dateRange', hideInTable: true },
    { title: '审核时间', dataIndex: 'reviewedAt', search: false, render: (_, p) => formatDateTime(p.reviewedAt) },
    {
      title: '操作',
      key: 'actions',
      search: false,
      width: 200,
      render: (_, p) => (
        <Space size='small'>
          <Link to={`/partners/${p.id}`}>详情</Link>
          {canReviewPartners ? <ReviewActions compact partner={p} onDone={() => void actionRef.current?.reload()} /> : null}
        </Space>
      ),
    },
  ]

  return (
    <PageContainer title='合伙人'>
      <ListTable<AdminPartner>
        actionRef={actionRef}
        headerTitle='合伙人列表'
        columns={columns}
        arrayKeys={ARRAY_KEYS}
        emptyText='没有符合条件的合伙人'
        fetch={fetchPage}
        toolBarRender={(state) =>
          canExportPartners
            ? [
                <ExportButton
                  key='export'
                  path={partnersApi.exportPath}
                  query={exportQuery(state, { ranges: RANGES })}
                  testId='partner-export'
                >
                  导出Excel
                </ExportButton>,
              ]
            : []
        }
      />
    </PageContainer>
  )
}
