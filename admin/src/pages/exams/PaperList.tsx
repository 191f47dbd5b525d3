/**
 * 试卷 (every role reads, 管理员 keeps them): papers filtered in the address by course, use,
 * status and keyword, with their questions, total score, attempts and those waiting to be marked
 * (a link to the paper's 待阅卷 attempts); 发布 / 停用 and 删除 for 管理员, who also creates
 * papers here. A paper's questions or rules, attempts and details open on its page.
 */
import { PlusOutlined } from '@ant-design/icons'
import { PageContainer } from '../../components/PageContainer'
import { AttemptStatus } from '@activity/wire'
import { Badge, Button, Empty, Typography } from 'antd'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { type PaperItem, papersApi } from '../../api/exams'
import { PAPER_KIND_ENUM, PAPER_STATUS_ENUM, PAPER_USE_ENUM, enumColumn } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { asText, useCourseOptions } from '../../hooks/useCourseOptions'
import { useAccess } from '../../session/access'
import { RemovePaper, StatusAction } from './PaperActions'
import { attemptsText } from './paper-form'
import { useTableReload } from '../../hooks/useTableReload'

const MARKING_ENUM = { true: { text: '有待阅卷' }, false: { text: '无待阅卷' } }

export default function PaperList() {
  const { canManageExams } = useAccess()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const { actionRef, reload } = useTableReload()
  const courses = useCourseOptions()

  const columns: ListColumn<PaperItem>[] = [
    {
      title: '课程',
      dataIndex: 'courseId',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { options: asText(courses.options), showSearch: true, optionFilterProp: 'label', placeholder: '全部课程' },
    },
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '试卷名称' } },
    // 工作台's 待阅卷 opens `?marking=true`: the papers with attempts waiting for marking.
    { title: '阅卷', dataIndex: 'marking', valueType: 'select', hideInTable: true, valueEnum: MARKING_ENUM },
    {
      title: '试卷',
      dataIndex: 'title',
      search: false,
      render: (_, p) => (
        <>
          <Link to={`/papers/${p.id}`}>{p.title}</Link>
          <Typography.Text type='secondary' className='console-sub'>
            {p.courseTitle}
          </Typography.Text>
        </>
      ),
    },
    { title: '用途', dataIndex: 'use', valueType: 'select', width: 96, ...enumColumn(PAPER_USE_ENUM) },
    { title: '组卷', dataIndex: 'kind', search: false, width: 96, ...enumColumn(PAPER_KIND_ENUM) },
    {
      title: '题数 / 总分',
      dataIndex: 'totalScore',
      search: false,
      width: 96,
      align: 'right',
      render: (_, p) => `${p.questionCount} / ${p.totalScore}`,
    },
    {
      title: '时长 / 次数',
      dataIndex: 'durationMinutes',
      search: false,
      width: 120,
      render: (_, p) => `${p.durationMinutes} 分钟 / ${attemptsText(p.maxAttempts)}`,
    },
    {
      title: '开放时间',
      dataIndex: 'opensAt',
      search: false,
      width: 150,
      render: (_, p) =>
        p.opensAt || p.closesAt ? (
          <span className='console-small'>
            {formatDateTime(p.opensAt)}
            <br />至 {formatDateTime(p.closesAt)}
          </span>
        ) : (
          '不限'
        ),
    },
    {
      title: '作答 / 待阅卷',
      dataIndex: 'attemptCount',
      search: false,
      width: 110,
      align: 'right',
      render: (_, p) => (
        <>
          <Link to={`/papers/${p.id}/attempts`}>{p.attemptCount}</Link>
          {' / '}
          {p.markingCount > 0 ? (
            <Link to={`/papers/${p.id}/attempts?status=${encodeURIComponent(AttemptStatus.marking)}`}>
              <Badge count={p.markingCount} overflowCount={999} title={`${p.markingCount} 份待阅卷`} />
            </Link>
          ) : (
            0
          )}
        </>
      ),
    },
    { title: '状态', dataIndex: 'status', valueType: 'select', width: 84, ...enumColumn(PAPER_STATUS_ENUM) },
    {
      title: '操作',
      valueType: 'option',
      width: canManageExams ? 140 : 70,
      fixed: 'right',
      render: (_, p) => [
        <Link key='open' to={`/papers/${p.id}`}>
          {canManageExams ? '管理' : '查看'}
        </Link>,
        ...(canManageExams
          ? [<StatusAction key='status' paper={p} onDone={reload} />, <RemovePaper key='remove' paper={p} onRemoved={reload} />]
          : []),
      ],
    },
  ]

  return (
    <PageContainer title='试卷' subTitle={canManageExams ? undefined : '只读'}>
      <ListTable<PaperItem>
        actionRef={actionRef}
        headerTitle='试卷列表'
        columns={columns}
        fetch={(state) => papersApi.list(toServerQuery(state))}
        scroll={{ x: 1100 }}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: 6 }}
        emptyText={<Empty description='没有符合条件的试卷' />}
        toolBarRender={() =>
          canManageExams
            ? [
                <Button
                  key='add'
                  type='primary'
                  icon={<PlusOutlined />}
                  onClick={() => {
                    const course = search.get('courseId')
                    navigate(course ? `/papers/new?courseId=${course}` : '/papers/new')
                  }}
                >
                  新建试卷
                </Button>,
              ]
            : []
        }
      />
    </PageContainer>
  )
}
