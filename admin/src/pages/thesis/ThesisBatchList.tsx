/**
 * 毕业论文: the thesis batches, one per student batch, with their windows (选题, 开题, 初稿, 定稿,
 * 实习报告) and how the score is made (the two weights, the pass mark). Who holds 论文 · 批次、答辩与
 * 延期 (access.ts canEditThesis) creates and changes them; a batch opens its topics, students,
 * defences and scores (ThesisBatchDetail).
 */
import { Button, Space, type TableColumnsType, Typography } from 'antd'
import { Link, useNavigate } from 'react-router-dom'
import { type ThesisBatch, thesisApi } from '../../api/thesis'
import { AddButton } from '../../components/AddButton'
import { lazyDialog } from '../../components/LazyDialog'
import { WholeListScreen } from '../../components/list/WholeListScreen'
import { useRemote } from '../../hooks/useRemote'
import type { ScreenPreload } from '../../screen-preload'
import { useAccess } from '../../session/access'
import { batchLabel } from '../students/roll'
import { weightsLabel } from './thesis'

/** 新建批次 / 修改: loaded when first opened. */
const BatchForm = lazyDialog(() => import('./BatchForm').then((m) => m.BatchForm))

export const preload: ScreenPreload = () => void thesisApi.batches()

const md = (date: string | null) => (date ? date.slice(5) : '—')

export default function ThesisBatchList() {
  const { canEditThesis } = useAccess()
  const navigate = useNavigate()
  const { data, error, loading, reload } = useRemote(() => thesisApi.batches(), [])

  const columns: TableColumnsType<ThesisBatch> = [
    {
      title: '批次名称 / 学员批次',
      dataIndex: 'name',
      render: (_, b) => (
        <>
          <Link to={`/thesis/${b.id}`}>{b.name}</Link>
          <Typography.Text type='secondary' className='console-sub'>
            {batchLabel(b.batchYear, b.batch)}
          </Typography.Text>
        </>
      ),
    },
    { title: '选题时间', key: 'topic', width: 150, render: (_, b) => `${b.topicFrom.slice(5)} 至 ${b.topicTo.slice(5)}` },
    { title: '开题报告', dataIndex: 'proposalDue', width: 90, render: md },
    { title: '初稿', dataIndex: 'draftDue', width: 80, render: md },
    { title: '定稿', dataIndex: 'finalDue', width: 80, render: md },
    { title: '实习报告', dataIndex: 'internshipDue', width: 90, render: md },
    {
      title: '成绩',
      key: 'weights',
      width: 210,
      render: (_, b) => <span className='console-small'>{weightsLabel(b)}</span>,
    },
    {
      title: '操作',
      key: 'actions',
      width: canEditThesis ? 100 : 60,
      fixed: 'right',
      render: (_, b) => (
        <Space size='middle'>
          <Link to={`/thesis/${b.id}`} aria-label={`查看「${b.name}」`}>
            查看
          </Link>
          {canEditThesis ? (
            <BatchForm
              batch={b}
              onSaved={reload}
              trigger={
                <Button type='link' className='console-link-button' aria-label={`修改「${b.name}」`}>
                  修改
                </Button>
              }
            />
          ) : null}
        </Space>
      ),
    },
  ]

  return (
    <WholeListScreen<ThesisBatch>
      title='毕业论文'
      cardTitle='论文批次'
      editable={canEditThesis}
      add={<BatchForm trigger={<AddButton>新建批次</AddButton>} onSaved={(saved) => navigate(`/thesis/${saved.id}`)} />}
      remote={{ data, error, loading, reload }}
      columns={columns}
      empty='还没有论文批次'
      note='每个学员批次一个论文批次；学员在选题时间内选择题目，按开题报告、初稿、定稿提交，指导教师审阅、答辩后发布成绩。'
    />
  )
}
