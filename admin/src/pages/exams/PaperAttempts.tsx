/**
 * A paper's attempts (every role reads; 管理员 marks and acts): filtered in the address by status
 * and keyword (name, phone or student no.), 待阅卷 first (the server's order). 阅卷 opens the
 * marking view; 收卷 closes an attempt still being answered; 重置考试 deletes a student's
 * attempts at the paper so they may sit it again; 导出成绩 downloads the scores.
 */
import { AttemptStatus } from '@activity/wire'
import { App, Button, Empty, Popconfirm, Typography } from 'antd'
import { useRef } from 'react'
import { Link } from 'react-router-dom'
import { type AttemptItem, attemptsApi, type PaperDetail } from '../../api/exams'
import { ExportButton } from '../../components/ExportButton'
import { ATTEMPT_STATUS_ENUM, enumColumn } from '../../components/status'
import { ListTable, type ListColumn, type ListAction } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'

function CloseAttempt({ attempt, onDone }: { attempt: AttemptItem; onDone: () => void }) {
  const { message } = App.useApp()
  return (
    <Popconfirm
      title={`收卷：${attempt.name} 第 ${attempt.number} 次作答？`}
      description='立即交卷并判分，学员不能再作答；未作答的题计 0 分。'
      okText='收卷'
      onConfirm={() =>
        attemptsApi.close(attempt.id).then(
          () => {
            void message.success('已收卷')
            onDone()
          },
          () => undefined,
        )
      }
    >
      <Button type='link' className='console-link-button'>
        收卷
      </Button>
    </Popconfirm>
  )
}

function ClearExam({ attempt, paper, onDone }: { attempt: AttemptItem; paper: PaperDetail; onDone: () => void }) {
  const { message } = App.useApp()
  return (
    <Popconfirm
      title={`重置 ${attempt.name} 的考试？`}
      description={`将删除该学员在「${paper.title}」的全部作答记录和成绩，学员可以重新作答；不能恢复。`}
      okText='重置'
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        attemptsApi.clear({ paperId: paper.id, studentId: attempt.studentId }).then(
          ({ cleared }) => {
            void message.success(`已重置，删除了 ${cleared} 次作答`)
            onDone()
          },
          () => undefined,
        )
      }
    >
      <Button type='link' danger className='console-link-button'>
        重置考试
      </Button>
    </Popconfirm>
  )
}

const scoreText = (score: number | null) => (score === null ? '-' : String(score))

export function PaperAttempts({ paper, canManage, onChanged }: { paper: PaperDetail; canManage: boolean; onChanged: () => void }) {
  const actionRef = useRef<ListAction>(undefined)
  const reload = () => {
    void actionRef.current?.reload()
    onChanged()
  }
  const columns: ListColumn<AttemptItem>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '姓名、完整手机号或学号' } },
    {
      title: '学员',
      dataIndex: 'name',
      search: false,
      render: (_, a) => (
        <>
          {a.name}
          <Typography.Text type='secondary' className='console-sub'>
            {[a.studentNo, a.phone].filter(Boolean).join(' · ')}
          </Typography.Text>
        </>
      ),
    },
    { title: '次数', dataIndex: 'number', search: false, width: 60, align: 'right', render: (_, a) => `第 ${a.number} 次` },
    { title: '状态', dataIndex: 'status', valueType: 'select', width: 90, ...enumColumn(ATTEMPT_STATUS_ENUM) },
    { title: '开始', dataIndex: 'startedAt', search: false, width: 140, render: (_, a) => formatDateTime(a.startedAt) },
    {
      title: '交卷',
      dataIndex: 'closedAt',
      search: false,
      width: 150,
      render: (_, a) => (
        <>
          {formatDateTime(a.closedAt)}
          {a.closeReason ? (
            <Typography.Text type='secondary' className='console-sub'>
              {a.closeReason}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    {
      title: '客观题',
      dataIndex: 'objectiveScore',
      search: false,
      width: 70,
      align: 'right',
      render: (_, a) => scoreText(a.objectiveScore),
    },
    {
      title: '主观题',
      dataIndex: 'subjectiveScore',
      search: false,
      width: 90,
      align: 'right',
      render: (_, a) =>
        a.pendingMarks > 0 ? <Typography.Text type='warning'>{a.pendingMarks} 题待阅</Typography.Text> : scoreText(a.subjectiveScore),
    },
    {
      title: '总分',
      dataIndex: 'score',
      search: false,
      width: 90,
      align: 'right',
      render: (_, a) => (
        <span>
          <Typography.Text strong>{scoreText(a.score)}</Typography.Text> / {a.totalScore}
        </span>
      ),
    },
    {
      title: '操作',
      valueType: 'option',
      width: canManage ? 170 : 70,
      fixed: 'right',
      render: (_, a) => [
        <Link key='open' to={`/attempts/${a.id}`}>
          {canManage && a.status === AttemptStatus.marking ? '阅卷' : '查看'}
        </Link>,
        ...(canManage && a.status === AttemptStatus.open ? [<CloseAttempt key='close' attempt={a} onDone={reload} />] : []),
        ...(canManage ? [<ClearExam key='clear' attempt={a} paper={paper} onDone={reload} />] : []),
      ],
    },
  ]
  return (
    <ListTable<AttemptItem>
      actionRef={actionRef}
      headerTitle='考生作答'
      columns={columns}
      fixed={{ paperId: String(paper.id) }}
      fetch={(state) => attemptsApi.list({ paperId: paper.id, ...toServerQuery(state) })}
      scroll={{ x: 1100 }}
      search={{ labelWidth: 'auto', defaultCollapsed: false, span: 8 }}
      emptyText={<Empty description='还没有学员作答' />}
      toolBarRender={() => [
        <ExportButton key='export' path={attemptsApi.exportPath} query={{ paperId: paper.id }} testId='attempts-export'>
          导出成绩
        </ExportButton>,
      ]}
    />
  )
}
