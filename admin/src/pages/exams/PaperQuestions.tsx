/**
 * A fixed paper's questions (管理员 keeps them): in order, each with its score, dragged into
 * order by its handle, removed, or added from the course's bank (a picker with the bank's
 * filters). The list is edited here and sent whole by 保存题目 (the server takes a copy of each
 * question now, and again when publishing). Once students have answered the list is fixed.
 */
import { PlusOutlined } from '@ant-design/icons'
import { Alert, App, Button, Card, Empty, Flex, InputNumber, Space, Tag, Typography } from 'antd'
import { lazy, Suspense, useEffect, useState } from 'react'
import { type PaperDetail, papersApi } from '../../api/exams'
import type { BankQuestion } from '../../api/questions'
import { SortableList } from '../../components/Sortable'
import { DIFFICULTY_ENUM, EnumTag, QUESTION_TYPE_ENUM } from '../../components/status'
import { useSubmission } from '../../hooks/useSubmission'
import { addPicked, type PickedQuestion, pickedBody, pickedFrom, pickedProblem, pickedTotal, SCORE_MAX } from './paper-form'

const BankDialog = lazy(() => import('./BankDialog'))

/** 从题库添加: the button, and the bank's dialog (its own script) while open. */
function BankPicker(props: { paper: PaperDetail; picked: readonly PickedQuestion[]; onAdd: (q: BankQuestion[]) => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        从题库添加
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <BankDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}

export function PaperQuestions({ paper, canManage, onSaved }: { paper: PaperDetail; canManage: boolean; onSaved: () => void }) {
  const { message } = App.useApp()
  const [items, setItems] = useState<PickedQuestion[]>(() => pickedFrom(paper.questions))
  const [dirty, setDirty] = useState(false)
  const { submit, shown, pending, refuse, clear } = useSubmission()
  useEffect(() => {
    setItems(pickedFrom(paper.questions))
    setDirty(false)
  }, [paper])
  const locked = paper.attemptCount > 0
  const editable = canManage && !locked
  const change = (next: PickedQuestion[]) => {
    setItems(next)
    setDirty(true)
    clear()
  }
  const save = () => {
    const problem = pickedProblem(items)
    if (problem) return refuse(problem)
    void submit(async () => {
      await papersApi.saveQuestions(pickedBody(paper.id, items))
      void message.success('题目已保存')
      setDirty(false)
      onSaved()
    })
  }

  return (
    <Card
      variant='borderless'
      title={`试卷题目（${items.length} 题，共 ${pickedTotal(items)} 分）`}
      extra={
        editable ? (
          <Space>
            <BankPicker paper={paper} picked={items} onAdd={(added) => change(addPicked(items, added))} />
            <Button type='primary' loading={pending} disabled={!dirty} onClick={save}>
              保存题目
            </Button>
          </Space>
        ) : null
      }
    >
      {locked ? <Alert type='info' showIcon message='已有学员作答，不能修改题目' className='console-gap-bottom' /> : null}
      {dirty ? <Alert type='warning' showIcon message='题目有未保存的修改' className='console-gap-bottom' /> : null}
      {shown}
      {items.length === 0 ? (
        <Empty description={editable ? '还没有题目：点「从题库添加」选择题目' : '还没有题目'} />
      ) : (
        <SortableList
          items={items}
          label={(q) => q.stem.slice(0, 20)}
          disabled={!editable}
          onMove={(ids) => change(ids.flatMap((id) => items.filter((q) => q.id === id)))}
          className='paper-questions'
          render={(q, handle) => {
            const index = items.indexOf(q)
            return (
              <Flex align='center' gap='small' className='paper-question' data-testid={`paper-question-${q.id}`}>
                {handle}
                <Typography.Text strong className='paper-question__number'>
                  {index + 1}.
                </Typography.Text>
                <EnumTag valueEnum={QUESTION_TYPE_ENUM} value={q.type} />
                <EnumTag valueEnum={DIFFICULTY_ENUM} value={q.difficulty} />
                <Typography.Text ellipsis={{ tooltip: q.stem }} className='console-grow'>
                  {q.stem}
                </Typography.Text>
                {editable ? (
                  <>
                    <InputNumber<number>
                      size='small'
                      min={1}
                      max={SCORE_MAX}
                      precision={0}
                      value={q.score}
                      addonAfter='分'
                      aria-label={`第${index + 1}题的分值`}
                      className='paper-question__score'
                      onChange={(score) => change(items.map((o) => (o.id === q.id ? { ...o, score: score ?? 0 } : o)))}
                    />
                    <Button
                      type='link'
                      danger
                      className='console-link-button'
                      aria-label={`移除第${index + 1}题`}
                      onClick={() => change(items.filter((o) => o.id !== q.id))}
                    >
                      移除
                    </Button>
                  </>
                ) : (
                  <Tag>{q.score} 分</Tag>
                )}
              </Flex>
            )
          }}
        />
      )}
    </Card>
  )
}
