/**
 * ThesisBatchDetail's four tabs, each a whole list in its card (the batch's lists come whole):
 * 题目, 学员 (its status filter in the address, `?status=待确认`), 答辩 (the sessions, and the
 * confirmed students not yet in one, to pick and 安排答辩) and 成绩. Actions show only to who may
 * take them (access.ts; the student's own advisor for 确认 / 拒绝).
 */
import { Button, Empty, Segmented, Space, type TableColumnsType, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { ThesisScoreStatus, ThesisSelectionStatus } from '@activity/wire'
import type { DefenceSession, ThesisBatch, ThesisSelection, ThesisTopic } from '../../api/thesis'
import { AddButton } from '../../components/AddButton'
import { lazyDialog } from '../../components/LazyDialog'
import { WholeListCard } from '../../components/list/ListCard'
import { EnumTag } from '../../components/status'
import { useAccess } from '../../session/access'
import { useSession } from '../../session/session'
import {
  assignable,
  passed,
  publishableCount,
  SCORE_STATUS_LOOKS,
  SELECTION_STATUS_LOOKS,
  SELECTION_STATUSES,
  scoreText,
  sessionLabel,
  studentActions,
  withStatus,
} from './thesis'

const TopicForm = lazyDialog(() => import('./ThesisDialogs').then((m) => m.TopicForm))
const DecideForm = lazyDialog(() => import('./ThesisDialogs').then((m) => m.DecideForm))
const SessionForm = lazyDialog(() => import('./ThesisDialogs').then((m) => m.SessionForm))
const AssignForm = lazyDialog(() => import('./ThesisDialogs').then((m) => m.AssignForm))
const PublishForm = lazyDialog(() => import('./ThesisDialogs').then((m) => m.PublishForm))
const RollbackForm = lazyDialog(() => import('./ThesisDialogs').then((m) => m.RollbackForm))

const linkButton = (label: string, text: string, danger = false) => (
  <Button type='link' danger={danger} className='console-link-button' aria-label={label}>
    {text}
  </Button>
)

/** 张三 / 学号 2026001 in one cell, the name opening the student's thesis. */
function studentCell(s: ThesisSelection, onOpen: (id: number) => void) {
  return (
    <>
      <Button type='link' className='console-link-button' onClick={() => onOpen(s.id)} aria-label={`查看${s.studentName}的论文`}>
        {s.studentName}
      </Button>
      <Typography.Text type='secondary' className='console-sub'>
        {s.studentNo ? `学号 ${s.studentNo}` : '无学号'}
      </Typography.Text>
    </>
  )
}

export function TopicsTab({ batch, topics, onChanged }: { batch: ThesisBatch; topics: readonly ThesisTopic[]; onChanged: () => void }) {
  const { canAdviseThesis } = useAccess()
  const columns: TableColumnsType<ThesisTopic> = [
    {
      title: '题目',
      dataIndex: 'title',
      render: (_, t) => (
        <>
          {t.title}
          {t.proposedByStudent ? <Tag className='console-gap-left-xs'>学员自拟</Tag> : null}
          {t.description ? (
            <Typography.Text type='secondary' className='console-sub'>
              {t.description}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    { title: '指导教师', dataIndex: 'advisorName', width: 120 },
    { title: '名额', dataIndex: 'capacity', width: 70, align: 'right' },
    {
      title: '剩余',
      dataIndex: 'left',
      width: 70,
      align: 'right',
      render: (left: number) => (left > 0 ? left : <Typography.Text type='secondary'>已满</Typography.Text>),
    },
  ]
  return (
    <div className='console-list'>
      <WholeListCard<ThesisTopic>
        title='题目'
        tools={canAdviseThesis ? [<TopicForm key='new' batch={batch} onSaved={onChanged} trigger={<AddButton>发布题目</AddButton>} />] : []}
        onReload={onChanged}
        columns={columns}
        dataSource={[...topics]}
        scroll={{ x: 720 }}
        locale={{ emptyText: <Empty description='还没有题目' /> }}
      />
    </div>
  )
}

export function StudentsTab({
  batch,
  rows,
  sessions,
  onOpen,
  onChanged,
}: {
  batch: ThesisBatch
  rows: readonly ThesisSelection[]
  sessions: readonly DefenceSession[]
  onOpen: (id: number) => void
  onChanged: () => void
}) {
  const access = useAccess()
  const { admin } = useSession()
  const [search, setSearch] = useSearchParams()
  const status = search.get('status')
  const shown = withStatus(rows, status)
  const sessionOf = (id: number | null) => sessions.find((s) => s.id === id)

  const columns: TableColumnsType<ThesisSelection> = [
    { title: '学员', dataIndex: 'studentName', width: 150, render: (_, s) => studentCell(s, onOpen) },
    { title: '题目', dataIndex: 'topicTitle' },
    { title: '指导教师', dataIndex: 'advisorName', width: 110 },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => <EnumTag valueEnum={SELECTION_STATUS_LOOKS} value={v} /> },
    {
      title: '答辩',
      dataIndex: 'defenceSessionId',
      width: 170,
      render: (v: number | null) => {
        const session = sessionOf(v)
        return session ? (
          <span className='console-small'>{sessionLabel(session)}</span>
        ) : (
          <Typography.Text type='secondary'>未安排</Typography.Text>
        )
      },
    },
    { title: '总评', dataIndex: 'totalScore', width: 70, align: 'right', render: (v: number | null) => scoreText(v) },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, s) => {
        const can = studentActions(s, sessionOf(s.defenceSessionId)?.panelIds ?? null, admin ?? undefined, access)
        return (
          <Space size='middle'>
            <Button type='link' className='console-link-button' onClick={() => onOpen(s.id)} aria-label={`查看${s.studentName}的论文`}>
              论文
            </Button>
            {can.decide ? (
              <>
                <DecideForm selection={s} accept onDone={onChanged} trigger={linkButton(`确认${s.studentName}的选题`, '确认')} />
                <DecideForm
                  selection={s}
                  accept={false}
                  onDone={onChanged}
                  trigger={linkButton(`拒绝${s.studentName}的选题`, '拒绝', true)}
                />
              </>
            ) : null}
          </Space>
        )
      },
    },
  ]

  return (
    <div className='console-list'>
      <WholeListCard<ThesisSelection>
        title={access.canAdviseThesis && !access.seesAllThesis ? '我指导的学员' : '选题学员'}
        tools={[
          <Segmented<string>
            key='status'
            aria-label='按状态筛选'
            value={status && SELECTION_STATUSES.includes(status as never) ? status : ''}
            options={[{ value: '', label: '全部' }, ...SELECTION_STATUSES.map((s) => ({ value: s, label: s }))]}
            onChange={(value) =>
              setSearch((before) => {
                const next = new URLSearchParams(before)
                if (value) next.set('status', value)
                else next.delete('status')
                return next
              })
            }
          />,
        ]}
        onReload={onChanged}
        columns={columns}
        dataSource={shown}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={rows.length ? '没有这个状态的学员' : '还没有学员选题'} /> }}
      />
      <Typography.Text type='secondary' className='console-small'>
        学员在选题时间（{batch.topicFrom} 至 {batch.topicTo}）内选择题目，由指导教师确认或拒绝。
      </Typography.Text>
    </div>
  )
}

export function DefenceTab({
  batch,
  topics,
  rows,
  sessions,
  onOpen,
  onChanged,
}: {
  batch: ThesisBatch
  topics: readonly ThesisTopic[]
  rows: readonly ThesisSelection[]
  sessions: readonly DefenceSession[]
  onOpen: (id: number) => void
  onChanged: () => void
}) {
  const { canEditThesis } = useAccess()
  const [picked, setPicked] = useState<number[]>([])
  const waiting = assignable(rows)
  const chosen = waiting.filter((s) => picked.includes(s.id))
  const assigned = (sessionId: number) => rows.filter((r) => r.defenceSessionId === sessionId).length

  const sessionColumns: TableColumnsType<DefenceSession> = [
    { title: '答辩时间', dataIndex: 'startsAt', width: 200, render: (_, s) => sessionLabel({ ...s, place: null, onlineUrl: null }) },
    {
      title: '地点 / 线上',
      key: 'where',
      render: (_, s) => (
        <>
          {s.place ?? null}
          {s.onlineUrl ? (
            <Typography.Link href={s.onlineUrl} target='_blank' rel='noreferrer' className={s.place ? 'console-sub' : undefined}>
              线上答辩地址
            </Typography.Link>
          ) : null}
        </>
      ),
    },
    { title: '答辩组', dataIndex: 'panel', render: (panel: string[]) => panel.join('、') },
    { title: '学员', key: 'students', width: 70, align: 'right', render: (_, s) => assigned(s.id) },
  ]
  const studentColumns: TableColumnsType<ThesisSelection> = [
    { title: '学员', dataIndex: 'studentName', width: 150, render: (_, s) => studentCell(s, onOpen) },
    { title: '题目', dataIndex: 'topicTitle' },
    { title: '指导教师', dataIndex: 'advisorName', width: 120 },
  ]

  return (
    <div className='console-list'>
      <WholeListCard<DefenceSession>
        title='答辩场次'
        tools={
          canEditThesis
            ? [<SessionForm key='new' batch={batch} topics={topics} onSaved={onChanged} trigger={<AddButton>新建答辩场次</AddButton>} />]
            : []
        }
        onReload={onChanged}
        columns={sessionColumns}
        dataSource={[...sessions]}
        scroll={{ x: 720 }}
        locale={{ emptyText: <Empty description='还没有答辩场次' /> }}
      />
      <div className='console-gap-top' />
      <WholeListCard<ThesisSelection>
        title={`待安排答辩的学员（${waiting.length}）`}
        tools={
          canEditThesis
            ? [
                <AssignForm
                  key='assign'
                  students={chosen}
                  sessions={sessions}
                  onDone={() => {
                    setPicked([])
                    onChanged()
                  }}
                  trigger={
                    <Button type='primary' disabled={chosen.length === 0 || sessions.length === 0}>
                      安排答辩{chosen.length ? `（${chosen.length}）` : ''}
                    </Button>
                  }
                />,
              ]
            : []
        }
        rowSelection={
          canEditThesis ? { selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(Number)), columnWidth: 48 } : undefined
        }
        columns={studentColumns}
        dataSource={waiting}
        scroll={{ x: 640 }}
        locale={{ emptyText: <Empty description='已确认选题的学员都已安排答辩' /> }}
      />
      {canEditThesis ? (
        <Typography.Text type='secondary' className='console-small'>
          勾选学员后点「安排答辩」选择场次；已安排的学员可在「学员」页查看所在场次。
        </Typography.Text>
      ) : null}
    </div>
  )
}

export function ScoresTab({
  batch,
  rows,
  onOpen,
  onChanged,
}: {
  batch: ThesisBatch
  rows: readonly ThesisSelection[]
  onOpen: (id: number) => void
  onChanged: () => void
}) {
  const { canPublishThesis } = useAccess()
  const scored = rows.filter((r) => r.status === ThesisSelectionStatus.accepted)
  const count = publishableCount(scored)
  const columns: TableColumnsType<ThesisSelection> = [
    { title: '学员', dataIndex: 'studentName', width: 150, render: (_, s) => studentCell(s, onOpen) },
    { title: '题目', dataIndex: 'topicTitle' },
    { title: `指导（${batch.advisorWeight}%）`, dataIndex: 'advisorScore', width: 100, align: 'right', render: scoreText },
    { title: `答辩（${batch.defenceWeight}%）`, dataIndex: 'defenceScore', width: 100, align: 'right', render: scoreText },
    {
      title: '总评',
      dataIndex: 'totalScore',
      width: 110,
      align: 'right',
      render: (v: number | null) => {
        const pass = passed(v, batch.passScore)
        return pass === null ? (
          '—'
        ) : (
          <>
            {v} <Typography.Text type={pass ? 'success' : 'danger'}>{pass ? '及格' : '不及格'}</Typography.Text>
          </>
        )
      },
    },
    { title: '状态', dataIndex: 'scoreStatus', width: 90, render: (v: string) => <EnumTag valueEnum={SCORE_STATUS_LOOKS} value={v} /> },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, s) => (
        <Space size='middle'>
          <Button type='link' className='console-link-button' onClick={() => onOpen(s.id)} aria-label={`查看${s.studentName}的论文`}>
            论文
          </Button>
          {canPublishThesis && s.scoreStatus === ThesisScoreStatus.published ? (
            <RollbackForm selection={s} onDone={onChanged} trigger={linkButton(`回退${s.studentName}的成绩`, '回退', true)} />
          ) : null}
        </Space>
      ),
    },
  ]
  return (
    <div className='console-list'>
      <WholeListCard<ThesisSelection>
        title='成绩'
        tools={
          canPublishThesis
            ? [
                <PublishForm
                  key='publish'
                  batch={batch}
                  rows={scored}
                  onDone={onChanged}
                  trigger={
                    <Button type='primary' disabled={count === 0}>
                      发布成绩{count ? `（${count}）` : ''}
                    </Button>
                  }
                />,
              ]
            : []
        }
        onReload={onChanged}
        columns={columns}
        dataSource={scored}
        scroll={{ x: 860 }}
        locale={{ emptyText: <Empty description='还没有已确认选题的学员' /> }}
      />
      <Typography.Text type='secondary' className='console-small'>
        总评 = 指导教师评分 × {batch.advisorWeight}% + 答辩评分 × {batch.defenceWeight}%，{batch.passScore}{' '}
        分及格；发布后学员可见，修改需先回退。
      </Typography.Text>
    </div>
  )
}
