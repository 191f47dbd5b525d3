/**
 * 阅卷 (every role reads; 管理员 marks): one attempt, question by question: the stem and options,
 * the student's answer, the right answer and the analysis; objective questions with the points the
 * server gave, each 简答题 with a score (0..its score) and a comment. 提交阅卷 sends the marks
 * given; when none is left the score is final and the student is told (成绩公布). 收卷 closes an
 * attempt still being answered.
 */
import { PageContainer } from '../../components/PageContainer'
import { AttemptStatus, QuestionType } from '@activity/wire'
import { Alert, App, Button, Card, Descriptions, Flex, Input, InputNumber, Popconfirm, Space, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { type AttemptDetail, type AttemptQuestion, attemptsApi } from '../../api/exams'
import { DetailFrame } from '../../components/DetailFrame'
import { ATTEMPT_STATUS_ENUM, EnumTag, QUESTION_TYPE_ENUM } from '../../components/status'
import { formatDateTime } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { useSubmission } from '../../hooks/useSubmission'
import { useAccess } from '../../session/access'
import { answerText } from '../questions/question-form'
import { isMarked, type MarkEntry, markEntries, marksBody, scoreWith } from './marking'

function Verdict({ question }: { question: AttemptQuestion }) {
  if (question.earned === null) return <Tag color='gold'>待阅卷</Tag>
  if (question.correct) return <Tag color='green'>正确 {question.earned} 分</Tag>
  return <Tag color={question.earned > 0 ? 'orange' : 'red'}>{question.earned > 0 ? `部分正确 ${question.earned} 分` : '错误 0 分'}</Tag>
}

function QuestionCard({
  question,
  entry,
  editable,
  onChange,
}: {
  question: AttemptQuestion
  entry: MarkEntry | undefined
  editable: boolean
  onChange: (entry: MarkEntry) => void
}) {
  const q = question
  const right = new Set(
    q.type === QuestionType.single || q.type === QuestionType.multiple || q.type === QuestionType.judge ? q.rightAnswer : [],
  )
  return (
    <Card
      className='console-gap-bottom'
      data-testid={`attempt-question-${q.position}`}
      title={
        <Space wrap>
          <Typography.Text strong>第 {q.position} 题</Typography.Text>
          <EnumTag valueEnum={QUESTION_TYPE_ENUM} value={q.type} />
          <Typography.Text type='secondary'>{q.score} 分</Typography.Text>
        </Space>
      }
      extra={isMarked(q) && editable ? null : <Verdict question={q} />}
    >
      <Typography.Paragraph className='console-pre-wrap'>{q.stem}</Typography.Paragraph>
      {q.options.length > 0 && q.type !== QuestionType.judge ? (
        <ul className='attempt-options'>
          {q.options.map((o) => (
            <li key={o.key} className={right.has(o.key) ? 'attempt-option attempt-option--right' : 'attempt-option'}>
              <Typography.Text strong>{o.key}.</Typography.Text> {o.text}
              {right.has(o.key) ? <span className='console-gap-left-xs'>（正确答案）</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Descriptions
        column={1}
        size='small'
        items={[
          {
            key: 'response',
            label: '学员答案',
            children: <span className='console-pre-wrap'>{answerText(q.type, q.response)}</span>,
          },
          {
            key: 'right',
            label: q.type === QuestionType.short ? '参考答案' : '正确答案',
            children: <span className='console-pre-wrap'>{answerText(q.type, q.rightAnswer)}</span>,
          },
          { key: 'analysis', label: '解析', children: <span className='console-pre-wrap'>{q.analysis || '无'}</span> },
          ...(isMarked(q) && !editable && q.comment ? [{ key: 'comment', label: '评语', children: q.comment }] : []),
        ]}
      />
      {isMarked(q) && editable ? (
        <Flex gap='middle' align='start' className='attempt-mark'>
          <label>
            <Typography.Text strong>得分</Typography.Text>
            <InputNumber<number>
              min={0}
              max={q.score}
              precision={0}
              value={entry?.earned ?? null}
              aria-label={`第${q.position}题得分`}
              addonAfter={`/ ${q.score} 分`}
              className='attempt-mark__score'
              onChange={(earned) => onChange({ ...entry, earned })}
            />
          </label>
          <Input.TextArea
            aria-label={`第${q.position}题评语`}
            placeholder='评语（选填，学员查看结果时可见）'
            value={entry?.comment ?? ''}
            maxLength={500}
            autoSize={{ minRows: 1, maxRows: 4 }}
            className='console-grow'
            onChange={(event) => onChange({ ...entry, comment: event.target.value })}
          />
        </Flex>
      ) : null}
    </Card>
  )
}

function Marking({
  attempt,
  canManage,
  onChanged,
}: {
  attempt: AttemptDetail
  canManage: boolean
  onChanged: (next: AttemptDetail) => void
}) {
  const { message } = App.useApp()
  const [entries, setEntries] = useState<Record<number, MarkEntry>>(() => markEntries(attempt.questions))
  const { submit, shown, pending, refuse, clear } = useSubmission()
  useEffect(() => setEntries(markEntries(attempt.questions)), [attempt])
  const editable = canManage && attempt.status === AttemptStatus.marking
  const open = attempt.status === AttemptStatus.open

  const send = () => {
    let body: ReturnType<typeof marksBody>
    try {
      body = marksBody(attempt.questions, entries)
    } catch (error) {
      return refuse(error instanceof Error ? error.message : String(error))
    }
    void submit(async () => {
      const next = await attemptsApi.mark({ attemptId: attempt.id, marks: body.marks })
      void message.success(body.left > 0 ? `已保存，还有 ${body.left} 题待阅` : '阅卷完成，成绩已公布给学员')
      onChanged(next)
    })
  }

  return (
    <>
      {open ? (
        <Alert
          type='info'
          showIcon
          message='学员正在作答，答案和得分在交卷后显示'
          className='console-gap-bottom'
          action={
            canManage ? (
              <Popconfirm
                title='收卷？'
                description='立即交卷并判分，学员不能再作答。'
                okText='收卷'
                onConfirm={() => attemptsApi.close(attempt.id).then(onChanged, () => undefined)}
              >
                <Button size='small'>收卷</Button>
              </Popconfirm>
            ) : null
          }
        />
      ) : null}
      {attempt.questions.map((q) => (
        <QuestionCard
          key={q.position}
          question={q}
          entry={entries[q.position]}
          editable={editable}
          onChange={(entry) => {
            clear()
            setEntries((current) => ({ ...current, [q.position]: entry }))
          }}
        />
      ))}
      {editable ? (
        <Card className='attempt-submit'>
          {shown}
          <Flex align='center' justify='space-between' gap='middle'>
            <Typography.Text>
              当前得分 <Typography.Text strong>{scoreWith(attempt.questions, entries)}</Typography.Text> / {attempt.totalScore}
            </Typography.Text>
            <Button type='primary' loading={pending} onClick={send}>
              提交阅卷
            </Button>
          </Flex>
        </Card>
      ) : null}
    </>
  )
}

export default function AttemptMarking() {
  const { id } = useParams()
  const navigate = useNavigate()
  const { canManageExams } = useAccess()
  const attemptId = Number(id)
  const valid = Number.isInteger(attemptId) && attemptId > 0
  const remote = useRemote(() => (valid ? attemptsApi.details(attemptId) : Promise.reject(new Error('答卷不存在'))), [attemptId, valid])
  const [attempt, setAttempt] = useState<AttemptDetail>()
  useEffect(() => setAttempt(remote.data), [remote.data])
  const back = () => navigate(attempt ? `/papers/${attempt.paperId}/attempts` : '/papers')

  if (!attempt) {
    return (
      <DetailFrame
        title='阅卷'
        onBack={back}
        list={{ to: '/papers', label: '返回试卷列表' }}
        error={remote.error}
        onRetry={valid ? remote.reload : undefined}
      />
    )
  }
  const final = attempt.score !== null
  return (
    <PageContainer
      title={`阅卷：${attempt.student.name} · ${attempt.paperTitle}`}
      subTitle={<EnumTag valueEnum={ATTEMPT_STATUS_ENUM} value={attempt.status} />}
      onBack={back}
      content={
        <Descriptions
          column={4}
          size='small'
          data-testid='attempt-summary'
          items={[
            { key: 'student', label: '学员', children: [attempt.student.name, attempt.student.studentNo].filter(Boolean).join(' · ') },
            { key: 'number', label: '次数', children: `第 ${attempt.number} 次` },
            { key: 'started', label: '开始', children: formatDateTime(attempt.startedAt) },
            {
              key: 'closed',
              label: '交卷',
              children: attempt.closedAt ? `${formatDateTime(attempt.closedAt)}（${attempt.closeReason ?? ''}）` : '-',
            },
            { key: 'objective', label: '客观题', children: attempt.objectiveScore ?? '-' },
            { key: 'pending', label: '待阅', children: `${attempt.pendingMarks} 题` },
            {
              key: 'score',
              label: '总分',
              children: final ? (
                <Typography.Text strong>
                  {attempt.score} / {attempt.totalScore}（{(attempt.score ?? 0) >= attempt.passScore ? '及格' : '不及格'}）
                </Typography.Text>
              ) : (
                `- / ${attempt.totalScore}`
              ),
            },
          ]}
        />
      }
    >
      <Marking attempt={attempt} canManage={canManageExams} onChanged={setAttempt} />
    </PageContainer>
  )
}
