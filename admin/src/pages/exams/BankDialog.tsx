/**
 * 从题库添加: the course's bank with its filters in a dialog (kept out of the address: the page's own
 * list is the paper). Loaded when opened: the paper's questions do not wait for a table's scripts.
 */
import { Empty, Modal, Typography } from 'antd'
import { useState } from 'react'
import { coursesApi } from '../../api/courses'
import type { PaperDetail } from '../../api/exams'
import { type BankQuestion, questionsApi } from '../../api/questions'
import { DIFFICULTY_ENUM, QUESTION_TYPE_ENUM, enumColumn } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { toServerQuery } from '../../hooks/list-state'
import type { PickedQuestion } from './paper-form'

/** The course's bank with its filters (kept out of the address: the page's own list is the paper). */
export default function BankDialog({
  paper,
  picked,
  onAdd,
  onClose,
}: {
  paper: PaperDetail
  picked: readonly PickedQuestion[]
  onAdd: (q: BankQuestion[]) => void
  onClose: () => void
}) {
  const [open, setOpen] = useState(true)
  const [chosen, setChosen] = useState<BankQuestion[]>([])
  const have = new Set(picked.map((q) => q.id))
  const columns: ListColumn<BankQuestion>[] = [
    {
      title: '章节',
      dataIndex: 'chapterId',
      valueType: 'select',
      hideInTable: true,
      request: async () => [
        ...(await coursesApi.details(paper.courseId)).chapters.map((c) => ({ value: String(c.id), label: c.title })),
        { value: 'none', label: '未分章' },
      ],
    },
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '题干' } },
    {
      title: '题干',
      dataIndex: 'stem',
      search: false,
      render: (_, q) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: q.stem }} className='console-flush'>
          {q.stem}
        </Typography.Paragraph>
      ),
    },
    { title: '题型', dataIndex: 'type', valueType: 'select', width: 90, ...enumColumn(QUESTION_TYPE_ENUM) },
    { title: '难度', dataIndex: 'difficulty', valueType: 'select', width: 80, ...enumColumn(DIFFICULTY_ENUM) },
    { title: '章节', dataIndex: 'chapterTitle', search: false, width: 120, render: (_, q) => q.chapterTitle ?? '未分章' },
  ]
  return (
    <Modal
      title={`从「${paper.courseTitle}」的题库添加题目`}
      open={open}
      width={960}
      destroyOnHidden
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      okText={chosen.length > 0 ? `添加 ${chosen.length} 题` : '添加'}
      okButtonProps={{ disabled: chosen.length === 0 }}
      onOk={() => {
        onAdd(chosen)
        setOpen(false)
      }}
    >
      <ListTable<BankQuestion>
        local
        columns={columns}
        fixed={{ courseId: String(paper.courseId) }}
        fetch={(state) => questionsApi.list(toServerQuery(state))}
        search={{ labelWidth: 'auto', span: 8 }}
        size='small'
        scroll={{ y: 420 }}
        options={false}
        emptyText={<Empty description='题库中没有符合条件的题目' />}
        tableAlertRender={false}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: chosen.map((q) => q.id),
          getCheckboxProps: (q) => ({ disabled: have.has(q.id), 'aria-label': `选择「${q.stem.slice(0, 20)}」` }),
          onChange: (_keys, rows) => setChosen(rows.filter(Boolean)),
        }}
      />
    </Modal>
  )
}
