/**
 * 试卷详情 (every role reads, 管理员 keeps it): the paper at a glance and three tabs, each its own
 * address (`/papers/5/attempts`): 试卷题目 (a fixed paper's questions) or 抽题规则 (a random
 * paper's rules), 考生作答 (attempts, marking, scores) and 基本信息 (the paper's details). 发布 /
 * 停用 and 删除 in the header.
 */
import { PageContainer } from '../../components/PageContainer'
import { AttemptStatus, PaperKind } from '@activity/wire'
import { App, Card, Descriptions, type DescriptionsProps, Skeleton, Space, Typography } from 'antd'
import { lazy, Suspense } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { type PaperDetail as Detail, papersApi } from '../../api/exams'
import type { ScreenPreload } from '../../screen-preload'
import { DetailFrame } from '../../components/DetailFrame'
import { EnumTag, PAPER_KIND_ENUM, PAPER_STATUS_ENUM, PAPER_USE_ENUM } from '../../components/status'
import { formatDateTime } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { RemovePaper, StatusAction } from './PaperActions'
import { PaperQuestions } from './PaperQuestions'
import { attemptsText } from './paper-form'

// A random paper's rules, the attempts and the form load when opened: a paper opens on its fixed
// questions, which do not wait for their scripts (lists, a form).
const PaperAttempts = lazy(() => import('./PaperAttempts').then((m) => ({ default: m.PaperAttempts })))
const PaperForm = lazy(() => import('./PaperForm').then((m) => ({ default: m.PaperForm })))
const PaperRules = lazy(() => import('./PaperRules').then((m) => ({ default: m.PaperRules })))

const TAB_KEYS = ['questions', 'attempts', 'info'] as const
type Tab = (typeof TAB_KEYS)[number]

function summary(paper: Detail): DescriptionsProps['items'] {
  return [
    { key: 'course', label: '课程', children: paper.courseTitle },
    { key: 'use', label: '用途', children: <EnumTag valueEnum={PAPER_USE_ENUM} value={paper.use} /> },
    { key: 'kind', label: '组卷', children: <EnumTag valueEnum={PAPER_KIND_ENUM} value={paper.kind} /> },
    { key: 'score', label: '题数 / 总分', children: `${paper.questionCount} / ${paper.totalScore}` },
    { key: 'pass', label: '及格分', children: paper.passScore },
    { key: 'duration', label: '时长', children: `${paper.durationMinutes} 分钟` },
    { key: 'attempts', label: '可作答', children: attemptsText(paper.maxAttempts) },
    {
      key: 'window',
      label: '开放时间',
      children: paper.opensAt || paper.closesAt ? `${formatDateTime(paper.opensAt)} 至 ${formatDateTime(paper.closesAt)}` : '不限',
    },
    { key: 'taken', label: '作答 / 待阅卷', children: `${paper.attemptCount} / ${paper.markingCount}` },
  ]
}

/** The paper, asked for before the screen renders (routes.tsx). */
export const preload: ScreenPreload = ({ params }) => {
  const paperId = Number(params.id)
  if (Number.isInteger(paperId) && paperId > 0) void papersApi.details(paperId)
}

export default function PaperDetail() {
  const { id, tab: tabParam } = useParams()
  const navigate = useNavigate()
  const { message } = App.useApp()
  const { canManageExams } = useAccess()
  const paperId = Number(id)
  const valid = Number.isInteger(paperId) && paperId > 0
  const tab: Tab = (TAB_KEYS as readonly string[]).includes(tabParam ?? '') ? (tabParam as Tab) : 'questions'
  const {
    data: paper,
    error,
    reload,
  } = useRemote(() => (valid ? papersApi.details(paperId) : Promise.reject(new Error('试卷不存在'))), [paperId, valid])
  const back = () => navigate('/papers')

  if (!paper) {
    return (
      <DetailFrame
        title='试卷详情'
        onBack={back}
        list={{ to: '/papers', label: '返回试卷列表' }}
        error={error}
        onRetry={valid ? reload : undefined}
      />
    )
  }

  const fixed = paper.kind === PaperKind.fixed
  return (
    <PageContainer
      title={`试卷：${paper.title}`}
      subTitle={<EnumTag valueEnum={PAPER_STATUS_ENUM} value={paper.status} />}
      onBack={back}
      extra={
        canManageExams ? (
          <Space>
            <StatusAction paper={paper} onDone={reload} button />
            <RemovePaper
              paper={paper}
              onRemoved={() => {
                void message.info('已返回试卷列表')
                navigate('/papers', { replace: true })
              }}
            />
          </Space>
        ) : null
      }
      content={<Descriptions column={5} size='small' items={summary(paper)} data-testid='paper-summary' />}
      tabList={[
        { key: 'questions', tab: fixed ? '试卷题目' : '抽题规则' },
        { key: 'attempts', tab: paper.markingCount > 0 ? `考生作答（${paper.markingCount} 份待阅卷）` : '考生作答' },
        { key: 'info', tab: '基本信息' },
      ]}
      tabActiveKey={tab}
      // 考生作答 opens on those waiting to be marked, when there are any (the server lists newest first).
      onTabChange={(key) =>
        navigate(
          key === 'attempts' && paper.markingCount > 0
            ? `/papers/${paper.id}/attempts?status=${encodeURIComponent(AttemptStatus.marking)}`
            : `/papers/${paper.id}/${key}`,
        )
      }
    >
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        {tab === 'questions' ? (
          fixed ? (
            <PaperQuestions paper={paper} canManage={canManageExams} onSaved={reload} />
          ) : (
            <PaperRules paper={paper} canManage={canManageExams} onSaved={reload} />
          )
        ) : tab === 'attempts' ? (
          <PaperAttempts paper={paper} canManage={canManageExams} onChanged={reload} />
        ) : (
          <Card variant='borderless' className='console-narrow-form'>
            {canManageExams ? null : <Typography.Paragraph type='secondary'>只读：试卷由管理员维护。</Typography.Paragraph>}
            <PaperForm key={paper.id} paper={paper} readOnly={!canManageExams} onSaved={reload} />
          </Card>
        )}
      </Suspense>
    </PageContainer>
  )
}
