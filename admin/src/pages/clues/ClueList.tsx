/**
 * 线索 (clue workbench): every clue a 招生老师 may work on (their own and the pool; 管理员: all),
 * full phones, filtered in the address by status, partner, teacher / pool, source, activity,
 * created between, not followed for N hours and overdue next contacts; sorted by 登记时间. A
 * teacher takes a pool clue here, 管理员 assigns; the rest happens on the clue's page.
 */
import { PageContainer } from '../../components/PageContainer'
import { ActivityType, ClueStatus } from '@activity/wire'
import { Button, Empty, Space, Tag, Tooltip, Typography } from 'antd'
import dayjs from 'dayjs'
import { Link } from 'react-router-dom'
import { PartnerLink } from '../../components/PartnerLink'
import { activitiesApi } from '../../api/activities'
import { type AdminClue, cluesApi } from '../../api/clues'
import { ExportButton } from '../../components/ExportButton'
import { PartnerSelect } from '../../components/PartnerSelect'
import { CLUE_SOURCE_ENUM, CLUE_STATUS_ENUM, enumColumn } from '../../components/status'
import { type ListColumn, listPreload, ListTable } from '../../components/ListTable'
import { exportQuery, type FilterValue, type ListState, toServerQuery } from '../../hooks/list-state'
import { formatDateTime } from '../../format'
import { useAccess } from '../../session/access'
import { lazyDialog } from '../../components/LazyDialog'
import { TakeButton } from './TakeButton'
import { MaskedPhone } from '../../components/MaskedPhone'
import { useTableReload } from '../../hooks/useTableReload'

// The dialogs (pro-form) load when first clicked, not with the list.
const ImportClues = lazyDialog(() => import('./ImportClues').then((m) => m.ImportClues))
const AssignForm = lazyDialog(() => import('./ClueForms').then((m) => m.AssignForm))
const DuplicateCheck = lazyDialog(() => import('./DuplicateCheck').then((m) => m.DuplicateCheck))

const ARRAY_KEYS = ['created'] as const
const QUERY = { ranges: { created: ['dateFrom', 'dateTo'] }, sorts: ['createdAt'], defaultSort: 'createdAt_desc' } as const

/**
 * The list's state with its one filter the server takes under other names: 负责老师 is `mine`,
 * `pool` or a teacher's id (assigneeId). The list and the export take the same query.
 */
function withAssignee(state: ListState): ListState {
  const { assignee, ...filters } = state.filters
  if (typeof assignee !== 'string') return { ...state, filters }
  const named: Record<string, FilterValue> =
    assignee === 'pool' ? { pool: '1' } : assignee === 'mine' ? { mine: '1' } : /^\d+$/.test(assignee) ? { assigneeId: assignee } : {}
  return { ...state, filters: { ...filters, ...named } }
}

function fetchPage(state: ListState) {
  return cluesApi.list(toServerQuery(withAssignee(state), QUERY))
}

export const preload = listPreload(fetchPage, ARRAY_KEYS)

export default function ClueList() {
  const { seesAllClues, canAssignClues, canTakeClues, canExportClues } = useAccess()
  // After an action the table asks for the same page again (same filters, same page).
  const { actionRef, reload } = useTableReload()

  const columns: ListColumn<AdminClue>[] = [
    {
      title: '姓名',
      dataIndex: 'name',
      search: false,
      width: 110,
      render: (_, row) => <Link to={`/clues/${row.id}`}>{row.name}</Link>,
    },
    {
      title: '手机号',
      dataIndex: 'phone',
      width: 140,
      fieldProps: { placeholder: '完整11位手机号', maxLength: 11 },
      formItemProps: { rules: [{ pattern: /^1\d{10}$/, message: '请输入完整的11位手机号' }] },
      render: (_, row) => <MaskedPhone phone={row.phone} kind='clue' id={row.id} copyable />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      width: 90,
      ...enumColumn(CLUE_STATUS_ENUM),
    },
    {
      title: '来源',
      dataIndex: 'source',
      valueType: 'select',
      width: 100,
      valueEnum: CLUE_SOURCE_ENUM,
    },
    { title: '意向专业', dataIndex: 'intention', search: false, ellipsis: true, width: 150, render: (_, row) => row.intention ?? '-' },
    {
      title: '合伙人',
      dataIndex: 'partnerName',
      search: false,
      width: 150,
      render: (_, row) => (
        <PartnerLink clue={row}>
          {row.partnerName ?? '未填姓名'}
          <Typography.Text type='secondary' className='console-sub'>
            {row.partnerCode}
          </Typography.Text>
        </PartnerLink>
      ),
    },
    { title: '合伙人', dataIndex: 'partnerId', hideInTable: true, renderFormItem: () => <PartnerSelect /> },
    {
      title: '负责老师',
      dataIndex: 'assigneeName',
      search: false,
      width: 110,
      render: (_, row) => (row.assigneeName ? row.assigneeName : <Tag>公海</Tag>),
    },
    {
      title: '负责老师',
      dataIndex: 'assignee',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: seesAllClues ? '全部' : '我的和公海' },
      request: async () => {
        const mine = [
          { value: 'mine', label: '我负责的' },
          { value: 'pool', label: '公海（未分配）' },
        ]
        if (!seesAllClues) return mine
        const teachers = await cluesApi.assignees()
        return [{ value: 'pool', label: '公海（未分配）' }, ...teachers.map((t) => ({ value: String(t.id), label: t.name }))]
      },
    },
    {
      title: '活动',
      dataIndex: 'activityId',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { showSearch: true, placeholder: '招生活动' },
      request: async () => {
        const page = await activitiesApi.list({ type: ActivityType.campaign, size: 100 })
        return page.list.map((a) => ({ value: String(a.id), label: a.title }))
      },
    },
    {
      title: '登记时间',
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      width: 140,
      render: (_, row) => formatDateTime(row.createdAt),
    },
    { title: '登记时间', dataIndex: 'created', valueType: 'dateRange', hideInTable: true },
    {
      title: '最近跟进 / 下次联系',
      dataIndex: 'lastTouchedAt',
      search: false,
      width: 160,
      render: (_, row) => {
        const open = row.status === ClueStatus.new || row.status === ClueStatus.following
        const late = open && row.nextContactAt !== null && dayjs(row.nextContactAt).isBefore(dayjs())
        return (
          <div>
            <div>{formatDateTime(row.lastTouchedAt)}</div>
            {row.nextContactAt ? (
              <Tooltip title={late ? '约定的联系时间已过' : '约定的下次联系时间'}>
                <Typography.Text type={late ? 'danger' : 'secondary'} className='console-small'>
                  下次 {formatDateTime(row.nextContactAt)}
                </Typography.Text>
              </Tooltip>
            ) : null}
          </div>
        )
      },
    },
    {
      title: '超过N小时未跟进',
      dataIndex: 'staleHours',
      hideInTable: true,
      valueType: 'digit',
      fieldProps: { min: 1, max: 720, precision: 0, placeholder: '例如 24', addonAfter: '小时' },
    },
    {
      title: '逾期未联系',
      dataIndex: 'overdue',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { 1: { text: '只看逾期' } },
    },
    {
      title: '操作',
      valueType: 'option',
      width: 130,
      fixed: 'right',
      render: (_, row) => {
        const open = row.status === ClueStatus.new || row.status === ClueStatus.following
        return (
          <Space size='middle'>
            <Link to={`/clues/${row.id}`}>跟进</Link>
            {open && row.assigneeId === null && canTakeClues ? <TakeButton clue={row} onDone={reload} /> : null}
            {open && canAssignClues ? (
              <AssignForm
                clue={row}
                assigneeId={row.assigneeId}
                onDone={reload}
                trigger={
                  <Button type='link' className='console-link-button'>
                    分配
                  </Button>
                }
              />
            ) : null}
          </Space>
        )
      },
    },
  ]

  return (
    <PageContainer title='线索' subTitle={seesAllClues ? '全部线索' : '我负责的线索和公海线索'}>
      <ListTable<AdminClue>
        actionRef={actionRef}
        headerTitle='线索列表'
        columns={columns}
        arrayKeys={ARRAY_KEYS}
        fetch={fetchPage}
        scroll={{ x: 1250 }}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: 6 }}
        emptyText={<Empty description='没有符合条件的线索' />}
        toolBarRender={(state) => [
          <DuplicateCheck key='dup' trigger={<Button>查重</Button>} />,
          <ImportClues key='import' trigger={<Button>导入</Button>} onImported={reload} />,
          canExportClues ? (
            <ExportButton key='export' path={cluesApi.exportPath} query={exportQuery(withAssignee(state), QUERY)} testId='clue-export'>
              导出
            </ExportButton>
          ) : null,
        ]}
      />
    </PageContainer>
  )
}
