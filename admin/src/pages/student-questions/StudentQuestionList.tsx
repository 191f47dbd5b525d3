/**
 * 答疑: students' questions to the teachers, those waiting for a reply first (the longest waiting
 * first), by status, course, closed and keyword (title, student, 学号, phone). A row opens its
 * thread in a drawer; 管理员 and 招生老师 answer and close there, or close several at once.
 */
import { PageContainer } from '../../components/PageContainer'
import { ReplyStatus } from '@activity/wire'
import { App, Button, Empty, Popconfirm, Space, Tag, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { coursesApi } from '../../api/courses'
import { type QuestionRow, questionsApi } from '../../api/student-questions'
import { enumColumn, REPLY_STATUS_ENUM } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'

// The thread (its reply form, pictures and upload) loads with the first question opened.
const QuestionDrawer = lazy(() => import('./QuestionThread').then((m) => ({ default: m.QuestionDrawer })))
import { TwoLineCell } from '../../components/TwoLineCell'
import { useTableReload } from '../../hooks/useTableReload'

const CLOSED_ENUM = { false: { text: '未关闭' }, true: { text: '已关闭' } }

export default function StudentQuestionList() {
  const { message } = App.useApp()
  const { canAnswerQuestions } = useAccess()
  const { actionRef, reload } = useTableReload()
  const [open, setOpen] = useState<number | null>(null)
  // Mounted from the first opening on, so it can animate closed.
  const [opened, setOpened] = useState(false)
  if (open !== null && !opened) setOpened(true)

  const columns: ListColumn<QuestionRow>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '标题、学员姓名、学号或完整手机号' } },
    {
      title: '课程',
      dataIndex: 'courseId',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { showSearch: true, placeholder: '全部课程' },
      request: async () => (await coursesApi.list({ page: 1, size: 100 })).list.map((c) => ({ label: c.title, value: String(c.id) })),
    },
    {
      title: '问题',
      dataIndex: 'title',
      search: false,
      ellipsis: true,
      render: (_, q) => (
        <Typography.Link onClick={() => setOpen(q.id)} data-testid={`question-${q.id}`}>
          {q.title}
        </Typography.Link>
      ),
    },
    {
      title: '学员',
      dataIndex: 'name',
      search: false,
      width: 150,
      render: (_, q) => <TwoLineCell main={q.name} sub={q.studentNo || null} />,
    },
    {
      title: '课程 / 课节',
      dataIndex: 'courseTitle',
      search: false,
      width: 220,
      ellipsis: true,
      render: (_, q) => (q.sectionTitle ? `${q.courseTitle} · ${q.sectionTitle}` : q.courseTitle),
    },
    { title: '状态', dataIndex: 'status', valueType: 'select', width: 90, ...enumColumn(REPLY_STATUS_ENUM) },
    {
      title: '关闭',
      dataIndex: 'closed',
      valueType: 'select',
      width: 90,
      valueEnum: CLOSED_ENUM,
      render: (_, q) => (q.closed ? <Tag>已关闭</Tag> : <Typography.Text type='secondary'>未关闭</Typography.Text>),
    },
    { title: '帖数', dataIndex: 'posts', search: false, width: 70, align: 'right' },
    { title: '最后更新', dataIndex: 'lastPostAt', search: false, width: 150, render: (_, q) => formatDateTime(q.lastPostAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 90,
      render: (_, q) => [
        <Typography.Link key='open' onClick={() => setOpen(q.id)}>
          {canAnswerQuestions && !q.closed && q.status === ReplyStatus.pending ? '回复' : '查看'}
        </Typography.Link>,
      ],
    },
  ]

  return (
    <PageContainer title='答疑' subTitle='学员向老师的提问，待回复的排在最前（等待最久的在前）'>
      <ListTable<QuestionRow>
        actionRef={actionRef}
        headerTitle='提问列表'
        columns={columns}
        fetch={(state) => questionsApi.list(toServerQuery(state))}
        emptyText={<Empty description='没有符合条件的提问' />}
        scroll={{ x: 1000 }}
        rowSelection={
          canAnswerQuestions
            ? {
                getCheckboxProps: (q) => ({ disabled: q.closed, name: `select-${q.id}`, 'aria-label': `选择提问 ${q.title}` }),
              }
            : undefined
        }
        tableAlertRender={({ selectedRows }) => <span>已选 {selectedRows.length} 条</span>}
        tableAlertOptionRender={({ selectedRows, onCleanSelected }) => (
          <Space>
            <Popconfirm
              title={`关闭选中的 ${selectedRows.length} 个提问？`}
              description='关闭后学员不能再追问'
              okText='关闭'
              cancelText='取消'
              onConfirm={async () => {
                const { updated } = await questionsApi.closeMany(selectedRows.map((q) => q.id))
                message.success(`已关闭 ${updated} 个提问`)
                onCleanSelected()
                reload()
              }}
            >
              <Button size='small' danger>
                批量关闭
              </Button>
            </Popconfirm>
            <Button type='link' size='small' onClick={onCleanSelected}>
              取消选择
            </Button>
          </Space>
        )}
      />
      {opened ? (
        <Suspense fallback={null}>
          <QuestionDrawer id={open} onClose={() => setOpen(null)} onChanged={reload} />
        </Suspense>
      ) : null}
    </PageContainer>
  )
}
