/**
 * 审批: the operator's boxes as tabs in the address (/approvals 待我审批 with how many wait,
 * /approvals/done 我已审批, /approvals/cc 抄送我的, /approvals/all 全部审批 for 查看全部审批), each
 * filtered in the address by kind, status and keyword (title or applicant). A row opens the
 * request in a drawer (its fields, a leave's pictures, the steps with who decided what, the
 * timeline) where it is decided; on 待我审批 several are approved or refused at once, each with its
 * own outcome shown. 导出 (审批 · 导出) takes every request of the filter.
 */
import { Badge, Button, Empty, Space, Tag, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { type ApprovalBox, type ApprovalRow, approvalsApi } from '../../api/approvals'
import { ExportButton } from '../../components/ExportButton'
import { lazyDialog } from '../../components/LazyDialog'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { PageContainer } from '../../components/PageContainer'
import { enumColumn } from '../../components/status'
import { formatDateTime } from '../../format'
import { exportQuery, type ListState, readListState, toServerQuery } from '../../hooks/list-state'
import { useRemote } from '../../hooks/useRemote'
import { useTableReload } from '../../hooks/useTableReload'
import type { ScreenPreload } from '../../screen-preload'
import { useAccess } from '../../session/access'
import { APPROVAL_STATUS_LOOKS, boxesFor, boxOf, fieldsLine, KIND_LOOKS } from './approval'

// The request (steps, timeline, pictures, the decision dialogs) loads with the first one opened.
const ApprovalDrawer = lazy(() => import('./ApprovalDrawer').then((m) => ({ default: m.ApprovalDrawer })))
const BatchDecision = lazyDialog(() => import('./BatchDecision').then((m) => m.BatchDecision))

function fetchPage(state: ListState) {
  return approvalsApi.list(toServerQuery(state))
}

/** The box's first page and the 待我审批 count, asked for beside the session's check. */
export const preload: ScreenPreload = ({ params, search }) => {
  void approvalsApi.count()
  const state = readListState(search)
  void fetchPage({ ...state, filters: { ...state.filters, box: params.box ?? 'waiting' } })
}

const pathOf = (box: ApprovalBox) => (box === 'waiting' ? '/approvals' : `/approvals/${box}`)

export default function ApprovalList() {
  const { seesAllApprovals, canExportApprovals } = useAccess()
  const navigate = useNavigate()
  const box = boxOf(useParams().box, seesAllApprovals)
  const { actionRef, reload } = useTableReload()
  const waiting = useRemote(() => approvalsApi.count(), [])
  const [open, setOpen] = useState<number | null>(null)
  // Mounted from the first opening on, so it can animate closed.
  const [opened, setOpened] = useState(false)
  if (open !== null && !opened) setOpened(true)
  const [selected, setSelected] = useState<number[]>([])
  const changed = () => {
    reload()
    waiting.reload()
  }
  const deciding = box === 'waiting'

  const columns: ListColumn<ApprovalRow>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '标题或申请人' } },
    {
      title: '审批',
      dataIndex: 'title',
      search: false,
      render: (_, r) => (
        <Space direction='vertical' size={0}>
          <Typography.Link onClick={() => setOpen(r.id)} data-testid={`approval-${r.id}`}>
            {r.title}
          </Typography.Link>
          <Typography.Text type='secondary' className='console-small'>
            {fieldsLine(r.fields)}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'kind', valueType: 'select', valueEnum: KIND_LOOKS, width: 80 },
    {
      title: '申请人',
      dataIndex: 'applicantName',
      search: false,
      width: 110,
      render: (_, r) => (
        <Space direction='vertical' size={0}>
          <span>{r.applicantName}</span>
          {r.submittedByName ? (
            <Typography.Text type='secondary' className='console-small'>
              {r.submittedByName}代提交
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: '当前步骤',
      dataIndex: 'currentStep',
      search: false,
      width: 140,
      render: (_, r) =>
        r.currentStep ? (
          <Space size={4} wrap>
            <span>{r.currentStep}</span>
            {r.overdue ? <Tag color='error'>已超时</Tag> : null}
          </Space>
        ) : (
          '-'
        ),
    },
    { title: '状态', dataIndex: 'status', valueType: 'select', width: 90, ...enumColumn(APPROVAL_STATUS_LOOKS) },
    { title: '提交时间', dataIndex: 'createdAt', search: false, width: 150, render: (_, r) => formatDateTime(r.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 70,
      fixed: 'right',
      render: (_, r) => [
        <Typography.Link key='open' onClick={() => setOpen(r.id)}>
          {deciding ? '审批' : '查看'}
        </Typography.Link>,
      ],
    },
  ]

  return (
    <PageContainer
      title='审批'
      subTitle='学员的请假、补卡、学籍变更与毕业照片'
      tabActiveKey={box}
      tabList={boxesFor(seesAllApprovals).map((b) => ({
        key: b.key,
        tab:
          b.key === 'waiting' ? (
            <Badge count={waiting.data ?? 0} size='small' offset={[8, -2]} title={`${waiting.data ?? 0} 条待我审批`}>
              {b.label}
            </Badge>
          ) : (
            b.label
          ),
      }))}
      onTabChange={(key) => navigate(pathOf(key as ApprovalBox))}
    >
      <ListTable<ApprovalRow>
        actionRef={actionRef}
        headerTitle={boxesFor(true).find((b) => b.key === box)?.label}
        columns={columns}
        fixed={{ box }}
        fetch={fetchPage}
        scroll={{ x: 1000 }}
        emptyText={<Empty description={deciding ? '没有待我审批的申请' : '没有符合条件的审批'} />}
        rowSelection={
          deciding
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (r) => ({ disabled: r.status !== '审批中', name: `select-${r.id}`, 'aria-label': `选择 ${r.title}` }),
              }
            : undefined
        }
        tableAlertRender={({ selectedRowKeys }) => `已选 ${selectedRowKeys.length} 条`}
        tableAlertOptionRender={({ selectedRows, onCleanSelected }) => (
          <Space>
            {(['approve', 'refuse'] as const).map((decision) => (
              <BatchDecision
                key={decision}
                decision={decision}
                rows={selectedRows}
                onDecided={() => {
                  onCleanSelected()
                  changed()
                }}
                trigger={
                  <Button size='small' type={decision === 'approve' ? 'primary' : 'default'} danger={decision === 'refuse'}>
                    {decision === 'approve' ? '批量同意' : '批量驳回'}
                  </Button>
                }
              />
            ))}
            <Button size='small' onClick={onCleanSelected}>
              取消选择
            </Button>
          </Space>
        )}
        // The export takes every request of the filter, whatever the box: shown with 全部审批.
        toolBarRender={(state) =>
          canExportApprovals && (box === 'all' || !seesAllApprovals)
            ? [
                <ExportButton key='export' path={approvalsApi.exportPath} query={exportQuery(state)} testId='approval-export'>
                  {box === 'all' ? '导出' : '导出全部审批'}
                </ExportButton>,
              ]
            : []
        }
      />
      {opened ? (
        <Suspense fallback={null}>
          <ApprovalDrawer id={open} onClose={() => setOpen(null)} onChanged={changed} />
        </Suspense>
      ) : null}
    </PageContainer>
  )
}
