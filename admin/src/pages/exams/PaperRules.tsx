/**
 * A random paper's rules (管理员 keeps them): each draws a number of questions of a type (from a
 * chapter and of a difficulty, when set) at a score each, for every student anew. Beside each
 * rule, how many bank questions match it now (asked of the bank as the rule changes) and its
 * subtotal; under them, the questions drawn and the paper's total. Sent whole by 保存规则; a rule
 * the bank cannot fill may be saved but not published. Once students have answered they are fixed.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { DIFFICULTIES, type Difficulty, QUESTION_TYPES, type QuestionType } from '@activity/wire'
import { Alert, App, Button, Card, Empty, InputNumber, Select, Space, Table, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { type PaperDetail, papersApi } from '../../api/exams'
import { questionsApi } from '../../api/questions'
import { useChapterOptions } from '../../hooks/useCourseOptions'
import { useSubmission } from '../../hooks/useSubmission'
import {
  DEFAULT_SCORE,
  newRule,
  RULE_COUNT_MAX,
  type RuleRow,
  ruleShort,
  rulesBody,
  rulesFrom,
  rulesProblem,
  rulesTotal,
  SCORE_MAX,
} from './paper-form'

const criteria = (r: RuleRow) => `${r.chapterId ?? ''}|${r.type}|${r.difficulty ?? ''}`

export function PaperRules({ paper, canManage, onSaved }: { paper: PaperDetail; canManage: boolean; onSaved: () => void }) {
  const { message } = App.useApp()
  const chapters = useChapterOptions(paper.courseId)
  const [rows, setRows] = useState<RuleRow[]>(() => rulesFrom(paper.rules))
  const [dirty, setDirty] = useState(false)
  const { submit, shown, pending, refuse, clear } = useSubmission()
  const nextKey = useRef(0)
  // What the bank answered for each rule's criteria; asked again when they change.
  const asked = useRef(new Map<string, string>())
  useEffect(() => {
    const saved = rulesFrom(paper.rules)
    setRows(saved)
    setDirty(false)
    asked.current = new Map(saved.map((r) => [r.key, criteria(r)]))
  }, [paper])
  useEffect(() => {
    for (const row of rows) {
      const want = criteria(row)
      if (asked.current.get(row.key) === want) continue
      asked.current.set(row.key, want)
      questionsApi
        .list({
          courseId: paper.courseId,
          chapterId: row.chapterId === null ? undefined : String(row.chapterId),
          type: row.type,
          difficulty: row.difficulty ?? undefined,
          page: 1,
          size: 1,
        })
        .then(
          (page) =>
            setRows((current) => current.map((r) => (r.key === row.key && criteria(r) === want ? { ...r, available: page.total } : r))),
          () => undefined,
        )
    }
  }, [rows, paper.courseId])

  const locked = paper.attemptCount > 0
  const editable = canManage && !locked
  const total = rulesTotal(rows)
  const change = (key: string, patch: Partial<RuleRow>) => {
    setRows((current) =>
      current.map((r) =>
        r.key === key
          ? { ...r, ...patch, ...('type' in patch || 'chapterId' in patch || 'difficulty' in patch ? { available: null } : {}) }
          : r,
      ),
    )
    setDirty(true)
    clear()
  }
  const add = () => {
    nextKey.current += 1
    setRows((current) => [...current, newRule(`new-${nextKey.current}`)])
    setDirty(true)
    clear()
  }
  const save = () => {
    const problem = rulesProblem(rows)
    if (problem) return refuse(problem)
    void submit(async () => {
      await papersApi.saveRules(rulesBody(paper.id, rows))
      void message.success('抽题规则已保存')
      setDirty(false)
      onSaved()
    })
  }

  return (
    <Card
      variant='borderless'
      title='抽题规则'
      extra={
        editable ? (
          <Space>
            <Button icon={<PlusOutlined />} onClick={add}>
              添加规则
            </Button>
            <Button type='primary' loading={pending} disabled={!dirty} onClick={save}>
              保存规则
            </Button>
          </Space>
        ) : null
      }
    >
      {locked ? <Alert type='info' showIcon message='已有学员作答，不能修改抽题规则' className='console-gap-bottom' /> : null}
      {dirty ? <Alert type='warning' showIcon message='规则有未保存的修改' className='console-gap-bottom' /> : null}
      {shown}
      <Table<RuleRow>
        rowKey='key'
        size='middle'
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: <Empty description={editable ? '还没有规则：点「添加规则」' : '还没有规则'} /> }}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              <Typography.Text strong>合计</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3}>
              <Typography.Text strong data-testid='rules-count'>
                {total.count} 题
              </Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} />
            <Table.Summary.Cell index={5} />
            <Table.Summary.Cell index={6}>
              <Typography.Text strong data-testid='rules-total'>
                {total.score} 分
              </Typography.Text>
            </Table.Summary.Cell>
            {editable ? <Table.Summary.Cell index={7} /> : null}
          </Table.Summary.Row>
        )}
        columns={[
          {
            title: '章节',
            dataIndex: 'chapterId',
            render: (_, r, i) =>
              editable ? (
                <Select<number | null>
                  aria-label={`第${i + 1}条规则的章节`}
                  value={r.chapterId}
                  className='console-field-sm'
                  options={[{ value: null, label: '全部章节' }, ...chapters.options]}
                  onChange={(chapterId) => change(r.key, { chapterId })}
                />
              ) : (
                (chapters.options.find((c) => c.value === r.chapterId)?.label ?? (r.chapterId === null ? '全部章节' : '-'))
              ),
          },
          {
            title: '题型',
            dataIndex: 'type',
            render: (_, r, i) =>
              editable ? (
                <Select<QuestionType>
                  aria-label={`第${i + 1}条规则的题型`}
                  value={r.type}
                  className='console-field-xs'
                  options={QUESTION_TYPES.map((t) => ({ value: t, label: t }))}
                  onChange={(type) => change(r.key, { type, score: r.score === DEFAULT_SCORE[r.type] ? DEFAULT_SCORE[type] : r.score })}
                />
              ) : (
                r.type
              ),
          },
          {
            title: '难度',
            dataIndex: 'difficulty',
            render: (_, r, i) =>
              editable ? (
                <Select<Difficulty | null>
                  aria-label={`第${i + 1}条规则的难度`}
                  value={r.difficulty}
                  className='console-field-xs'
                  options={[{ value: null, label: '不限' }, ...DIFFICULTIES.map((d) => ({ value: d, label: d }))]}
                  onChange={(difficulty) => change(r.key, { difficulty })}
                />
              ) : (
                (r.difficulty ?? '不限')
              ),
          },
          {
            title: '抽取数量',
            dataIndex: 'count',
            render: (_, r, i) =>
              editable ? (
                <InputNumber<number>
                  aria-label={`第${i + 1}条规则的数量`}
                  min={1}
                  max={RULE_COUNT_MAX}
                  precision={0}
                  value={r.count}
                  status={ruleShort(r) ? 'error' : undefined}
                  onChange={(count) => change(r.key, { count: count ?? 0 })}
                />
              ) : (
                r.count
              ),
          },
          {
            title: '题库可用',
            dataIndex: 'available',
            render: (_, r) =>
              r.available === null ? (
                <Typography.Text type='secondary'>…</Typography.Text>
              ) : ruleShort(r) ? (
                <Typography.Text type='danger'>{r.available}（不足）</Typography.Text>
              ) : (
                r.available
              ),
          },
          {
            title: '每题分值',
            dataIndex: 'score',
            render: (_, r, i) =>
              editable ? (
                <InputNumber<number>
                  aria-label={`第${i + 1}条规则的每题分值`}
                  min={1}
                  max={SCORE_MAX}
                  precision={0}
                  value={r.score}
                  onChange={(score) => change(r.key, { score: score ?? 0 })}
                />
              ) : (
                r.score
              ),
          },
          { title: '小计', key: 'subtotal', render: (_, r) => `${rulesTotal([r]).score} 分` },
          ...(editable
            ? [
                {
                  title: '操作',
                  key: 'remove',
                  render: (_: unknown, r: RuleRow, i: number) => (
                    <Button
                      type='text'
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`删除第${i + 1}条规则`}
                      onClick={() => {
                        setRows((current) => current.filter((o) => o.key !== r.key))
                        setDirty(true)
                        clear()
                      }}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <Typography.Paragraph type='secondary' className='console-gap-top'>
        每位学员开始答题时按规则从题库随机抽题；发布时每条规则的题库可用数量须不少于抽取数量。
      </Typography.Paragraph>
    </Card>
  )
}
