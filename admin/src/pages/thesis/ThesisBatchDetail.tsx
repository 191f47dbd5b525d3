/**
 * One thesis batch: its student batch, windows and weights above four tabs, each its own address
 * (`/thesis/1/students`): 题目 (the topics and places left; 发布题目 for advisors), 学员 (the
 * selections by status; 确认 / 拒绝 for the student's advisor; 查看论文), 答辩 (sessions and their
 * panels; 新建答辩场次 and 安排答辩 for the office) and 成绩 (both parts and the total; 发布成绩 and
 * 回退 for who may publish). A student's thesis opens in a drawer named in the address
 * (`?student=<selection id>`), so a reload or a shared link opens it again.
 */
import { ThesisSelectionStatus } from '@activity/wire'
import { Descriptions } from 'antd'
import { lazy, Suspense } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { thesisApi } from '../../api/thesis'
import { DetailFrame } from '../../components/DetailFrame'
import { PageContainer } from '../../components/PageContainer'
import { useRemote } from '../../hooks/useRemote'
import type { ScreenPreload } from '../../screen-preload'
import { batchLabel } from '../students/roll'
import { DefenceTab, ScoresTab, StudentsTab, TopicsTab } from './ThesisTabs'
import { weightsLabel, windowsLabel } from './thesis'

const ThesisDrawer = lazy(() => import('./ThesisDrawer').then((m) => ({ default: m.ThesisDrawer })))

const TAB_KEYS = ['topics', 'students', 'defence', 'scores'] as const
type Tab = (typeof TAB_KEYS)[number]

/** The batch (from the list: there is no call for one), its topics, selections and sessions. */
function load(batchId: number) {
  return Promise.all([thesisApi.batches(), thesisApi.topics(batchId), thesisApi.selections(batchId), thesisApi.sessions(batchId)]).then(
    ([batches, topics, selections, sessions]) => {
      const batch = batches.find((b) => b.id === batchId)
      if (!batch) throw new Error('论文批次不存在')
      return { batch, topics, selections, sessions }
    },
  )
}

export const preload: ScreenPreload = ({ params }) => {
  const batchId = Number(params.id)
  if (Number.isInteger(batchId) && batchId > 0) void load(batchId).catch(() => undefined)
}

export default function ThesisBatchDetail() {
  const { id, tab: tabParam } = useParams()
  const navigate = useNavigate()
  const [search, setSearch] = useSearchParams()
  const batchId = Number(id)
  const valid = Number.isInteger(batchId) && batchId > 0
  const tab: Tab = (TAB_KEYS as readonly string[]).includes(tabParam ?? '') ? (tabParam as Tab) : 'topics'
  const { data, error, reload } = useRemote(() => (valid ? load(batchId) : Promise.reject(new Error('论文批次不存在'))), [batchId, valid])
  const back = () => navigate('/thesis')

  if (!data)
    return (
      <DetailFrame
        title='论文批次'
        onBack={back}
        list={{ to: '/thesis', label: '返回论文批次' }}
        error={error}
        onRetry={valid ? reload : undefined}
      />
    )

  const { batch, topics, selections, sessions } = data
  const studentId = Number(search.get('student'))
  const opened = selections.find((s) => s.id === studentId)
  const openStudent = (selectionId: number | null) =>
    setSearch((before) => {
      const next = new URLSearchParams(before)
      if (selectionId === null) next.delete('student')
      else next.set('student', String(selectionId))
      return next
    })
  const waiting = selections.filter((s) => s.status === ThesisSelectionStatus.pending).length

  return (
    <PageContainer
      title={batch.name}
      onBack={back}
      content={
        <Descriptions
          size='small'
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
          data-testid='thesis-batch-summary'
          items={[
            { key: 'batch', label: '学员批次', children: batchLabel(batch.batchYear, batch.batch) },
            { key: 'windows', label: '时间安排', children: windowsLabel(batch) },
            { key: 'weights', label: '成绩', children: weightsLabel(batch) },
          ]}
        />
      }
      tabList={[
        { key: 'topics', tab: `题目（${topics.length}）` },
        { key: 'students', tab: waiting > 0 ? `学员（${waiting} 名待确认）` : `学员（${selections.length}）` },
        { key: 'defence', tab: `答辩（${sessions.length}）` },
        { key: 'scores', tab: '成绩' },
      ]}
      tabActiveKey={tab}
      onTabChange={(key) => navigate(`/thesis/${batch.id}/${key}`)}
    >
      {tab === 'topics' ? (
        <TopicsTab batch={batch} topics={topics} onChanged={reload} />
      ) : tab === 'students' ? (
        <StudentsTab batch={batch} rows={selections} sessions={sessions} onOpen={openStudent} onChanged={reload} />
      ) : tab === 'defence' ? (
        <DefenceTab batch={batch} topics={topics} rows={selections} sessions={sessions} onOpen={openStudent} onChanged={reload} />
      ) : (
        <ScoresTab batch={batch} rows={selections} onOpen={openStudent} onChanged={reload} />
      )}
      {opened ? (
        <Suspense fallback={null}>
          <ThesisDrawer batch={batch} selection={opened} onClose={() => openStudent(null)} onChanged={reload} />
        </Suspense>
      ) : null}
    </PageContainer>
  )
}
