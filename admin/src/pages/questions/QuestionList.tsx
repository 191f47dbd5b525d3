/**
 * 题库 (every role reads, 管理员 keeps it): a course's questions filtered in the address by
 * course, chapter, type, difficulty and keyword; 新增题目 and 编辑 in a drawer (QuestionEditor),
 * 删除 (papers keep the copies they took), and 导入 from an .xlsx sheet with a row-by-row report.
 */
import { PageContainer } from '../../components/PageContainer'
import { Button, Empty, Typography } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { coursesApi } from '../../api/courses'
import { type BankQuestion, questionsApi } from '../../api/questions'
import { RemoveAction } from '../../components/RemoveAction'
import { DIFFICULTY_ENUM, QUESTION_TYPE_ENUM, enumColumn } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { asText, useCourseOptions } from '../../hooks/useCourseOptions'
import { useAccess } from '../../session/access'
import { QuestionEditor } from './QuestionEditor'
import { answerText } from './question-form'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'
import { lazyDialog } from '../../components/LazyDialog'

const ImportQuestions = lazyDialog(() => import('./ImportQuestions').then((m) => m.ImportQuestions))

/** Which question the drawer shows: a new one, or one of the list. */
type Editing = { question?: BankQuestion; key: number }

export default function QuestionList() {
  const { canManageExams } = useAccess()
  const { actionRef, reload } = useTableReload()
  const [search] = useSearchParams()
  const filterCourse = Number(search.get('courseId')) || undefined
  const courses = useCourseOptions()
  const [editing, setEditing] = useState<Editing>()
  const open = (question?: BankQuestion) => setEditing({ question, key: Date.now() })

  const columns: ListColumn<BankQuestion>[] = [
    {
      title: '课程',
      dataIndex: 'courseId',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { options: asText(courses.options), showSearch: true, optionFilterProp: 'label', placeholder: '全部课程' },
    },
    {
      title: '章节',
      dataIndex: 'chapterId',
      valueType: 'select',
      hideInTable: true,
      dependencies: ['courseId'],
      request: async ({ courseId }: { courseId?: string }) =>
        courseId
          ? [
              ...(await coursesApi.details(Number(courseId))).chapters.map((c) => ({ value: String(c.id), label: c.title })),
              { value: 'none', label: '未分章' },
            ]
          : [],
      fieldProps: { placeholder: '先选择课程' },
    },
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '题干' } },
    {
      title: '题干',
      dataIndex: 'stem',
      search: false,
      render: (_, q) => (
        <>
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: q.stem }} className='console-flush'>
            {q.stem}
          </Typography.Paragraph>
          <Typography.Text type='secondary' className='console-sub'>
            {q.courseTitle}
            {q.chapterTitle ? ` / ${q.chapterTitle}` : ' / 未分章'}
          </Typography.Text>
        </>
      ),
    },
    { title: '题型', dataIndex: 'type', valueType: 'select', width: 90, ...enumColumn(QUESTION_TYPE_ENUM) },
    { title: '难度', dataIndex: 'difficulty', valueType: 'select', width: 80, ...enumColumn(DIFFICULTY_ENUM) },
    {
      title: '答案',
      dataIndex: 'answer',
      search: false,
      width: 200,
      render: (_, q) => {
        const text = answerText(q.type, q.answer)
        return <Typography.Text ellipsis={{ tooltip: text }}>{text}</Typography.Text>
      },
    },
    { title: '试卷引用', dataIndex: 'usedInPapers', search: false, width: 80, align: 'right' },
    { title: '更新时间', dataIndex: 'updatedAt', search: false, width: 140, render: (_, q) => formatDateTime(q.updatedAt) },
    {
      title: '操作',
      valueType: 'option',
      width: canManageExams ? 110 : 70,
      fixed: 'right',
      render: (_, q) => [
        <Button key='open' type='link' className='console-link-button' onClick={() => open(q)}>
          {canManageExams ? '编辑' : '查看'}
        </Button>,
        ...(canManageExams
          ? [
              <RemoveAction
                key='remove'
                title='删除这道题目？'
                description={
                  q.usedInPapers > 0
                    ? `已有 ${q.usedInPapers} 份试卷使用它：试卷中已保存的题目不受影响，题库中不再显示。`
                    : '删除后题库中不再显示，不能恢复。'
                }
                remove={() => questionsApi.remove(q.id)}
                onRemoved={reload}
                done='题目已删除'
              />,
            ]
          : []),
      ],
    },
  ]

  return (
    <PageContainer title='题库' subTitle={canManageExams ? '按课程和章节维护题目，供章节练习和组卷使用' : '只读'}>
      <ListTable<BankQuestion>
        actionRef={actionRef}
        headerTitle='题目'
        columns={columns}
        fetch={(state) => questionsApi.list(toServerQuery(state))}
        scroll={{ x: 1000 }}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: 6 }}
        emptyText={<Empty description='没有符合条件的题目' />}
        toolBarRender={() =>
          canManageExams
            ? [
                <ImportQuestions key='import' trigger={<Button>导入</Button>} courseId={filterCourse} onImported={reload} />,
                <AddButton key='add' onClick={() => open()}>
                  新增题目
                </AddButton>,
              ]
            : []
        }
      />
      {editing ? (
        // Mounted afresh for each question: its form starts from that question.
        <QuestionEditor
          key={editing.key}
          open
          question={editing.question}
          courseId={filterCourse}
          readOnly={!canManageExams}
          onClose={() => setEditing(undefined)}
          onSaved={reload}
        />
      ) : null}
    </PageContainer>
  )
}
