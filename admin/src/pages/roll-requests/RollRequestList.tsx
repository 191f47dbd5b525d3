/**
 * 学籍变更申请: the students' correction requests (name, ID number, phone), 待审核 first by
 * default; 通过 applies the change at once, 驳回 takes the reason the student reads. The answer
 * shows in its row at once (the row stays until the list is next loaded). 财务 reads only.
 */
import { PageContainer } from '../../components/PageContainer'
import { RollRequestStatus } from '@activity/wire'
import { Empty, Space, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { type QueuedRollRequest, rollRequestsApi } from '../../api/students'
import { ROLL_REQUEST_STATUS_ENUM, EnumTag } from '../../components/status'
import { ListTable, type ListColumn, type ListAction } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { type ListState, toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { RequestActions } from './RequestActions'
import { MaskedPhone } from '../../components/MaskedPhone'

/** The status filter's "every status": in the address so that the default (待审核) does not come back. */
const ALL = '全部'

function fetchPage(state: ListState) {
  const { status, ...filters } = state.filters
  return rollRequestsApi.list(
    toServerQuery({ ...state, filters: status === ALL ? filters : { ...filters, status: status ?? RollRequestStatus.pending } }),
  )
}

export default function RollRequestList() {
  const { canReviewRollRequests } = useAccess()
  const [search, setSearch] = useSearchParams()
  const actionRef = useRef<ListAction>(undefined)
  // Answers given on this page, shown in their rows until the list is loaded again.
  const [answered, setAnswered] = useState<Record<number, Partial<QueuedRollRequest>>>({})

  useEffect(() => {
    if (!search.get('status')) {
      const next = new URLSearchParams(search)
      next.set('status', RollRequestStatus.pending)
      setSearch(next, { replace: true })
    }
  }, [search, setSearch])

  const current = (r: QueuedRollRequest): QueuedRollRequest => ({ ...r, ...answered[r.id] })

  const columns: ListColumn<QueuedRollRequest>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '学员姓名或完整手机号' } },
    {
      title: '学员',
      dataIndex: 'studentName',
      search: false,
      width: 130,
      render: (_, r) => (
        <Link to={`/students/${r.studentId}`}>
          {r.studentName}
          <Typography.Text type='secondary' className='console-sub'>
            <MaskedPhone phone={r.studentPhone} kind='student' id={r.studentId} />
          </Typography.Text>
        </Link>
      ),
    },
    { title: '修改项', dataIndex: 'fieldLabel', search: false, width: 80 },
    {
      title: '原值 → 新值',
      dataIndex: 'newValue',
      search: false,
      render: (_, r) => (
        <span>
          <Typography.Text type='secondary'>{r.oldValue ?? '空'}</Typography.Text> → <Typography.Text strong>{r.newValue}</Typography.Text>
        </span>
      ),
    },
    { title: '申请原因', dataIndex: 'reason', search: false, ellipsis: true, width: 160, render: (_, r) => r.reason ?? '-' },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      width: 170,
      valueEnum: { ...ROLL_REQUEST_STATUS_ENUM, [ALL]: { text: '全部' } },
      render: (_, row) => {
        const r = current(row)
        return (
          <Space direction='vertical' size={0}>
            <EnumTag valueEnum={ROLL_REQUEST_STATUS_ENUM} value={r.status} />
            {r.refuseReason ? <Typography.Text className='console-small'>{r.refuseReason}</Typography.Text> : null}
            {r.reviewedAt ? (
              <Typography.Text type='secondary' className='console-small'>
                处理于 {formatDateTime(r.reviewedAt)}
              </Typography.Text>
            ) : null}
          </Space>
        )
      },
    },
    { title: '申请时间', dataIndex: 'createdAt', search: false, width: 130, render: (_, r) => formatDateTime(r.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 100,
      fixed: 'right',
      hideInTable: !canReviewRollRequests,
      render: (_, row) =>
        current(row).status === RollRequestStatus.pending ? (
          <RequestActions
            request={row}
            onDone={(answer) => {
              if (answer) setAnswered((a) => ({ ...a, [row.id]: answer }))
              else void actionRef.current?.reload()
            }}
          />
        ) : (
          '-'
        ),
    },
  ]

  return (
    <PageContainer title='学籍变更申请' subTitle={canReviewRollRequests ? '学员提交的姓名、身份证号、手机号修改' : '只读'}>
      {search.get('status') ? (
        <ListTable<QueuedRollRequest>
          actionRef={actionRef}
          headerTitle='申请列表'
          columns={columns}
          fetch={fetchPage}
          scroll={{ x: 1000 }}
          onLoad={() => setAnswered({})}
          emptyText={<Empty description='没有符合条件的申请' />}
        />
      ) : null}
    </PageContainer>
  )
}
