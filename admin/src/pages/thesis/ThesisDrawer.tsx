/**
 * A student's thesis in a drawer: their topic, advisor, selection and score, the defence session,
 * then each stage the batch asks for with its last day (and the student's extension) and its
 * versions, newest first: the file to download, who handed it in and when (a staff upload says
 * who), its review (通过 / 退回修改, the comment, the advisor's annotated file). The student's
 * advisor reviews a 待审阅 version; 代学员上传, 延期 and 评分 show to who may do them (thesis.ts
 * studentActions; the server checks again).
 */
import { Alert, Button, Descriptions, Drawer, Empty, List, Skeleton, Space, Typography } from 'antd'
import { ThesisFileStatus } from '@activity/wire'
import { type ThesisBatch, type ThesisDetail, type ThesisFile, type ThesisSelection, thesisApi } from '../../api/thesis'
import { lazyDialog } from '../../components/LazyDialog'
import { EnumTag } from '../../components/status'
import { formatDateTime } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { useSession } from '../../session/session'
import {
  FILE_STATUS_LOOKS,
  fileSize,
  filesByStage,
  SCORE_STATUS_LOOKS,
  SELECTION_STATUS_LOOKS,
  scoreParts,
  scoreText,
  sessionLabel,
  stageDue,
  stagesOf,
  studentActions,
} from './thesis'

const ReviewForm = lazyDialog(() => import('./ThesisDialogs').then((m) => m.ReviewForm))
const UploadForForm = lazyDialog(() => import('./ThesisDialogs').then((m) => m.UploadForForm))
const ExtensionForm = lazyDialog(() => import('./ThesisDialogs').then((m) => m.ExtensionForm))
const ScoreForm = lazyDialog(() => import('./ThesisDialogs').then((m) => m.ScoreForm))

function Version({ file, canReview, onChanged }: { file: ThesisFile; canReview: boolean; onChanged: () => void }) {
  return (
    <List.Item
      actions={
        canReview && file.status === ThesisFileStatus.pending
          ? [
              <ReviewForm
                key='review'
                file={file}
                onDone={onChanged}
                trigger={
                  <Button type='primary' size='small' aria-label={`审阅${file.stage}第${file.version}版`}>
                    审阅
                  </Button>
                }
              />,
            ]
          : []
      }
    >
      <List.Item.Meta
        title={
          <Space wrap size={[8, 0]}>
            <span>第{file.version}版</span>
            <Typography.Link href={file.url} target='_blank' rel='noreferrer' download={file.fileName}>
              {file.fileName}
            </Typography.Link>
            <EnumTag valueEnum={FILE_STATUS_LOOKS} value={file.status} />
          </Space>
        }
        description={
          <>
            <span className='console-small'>
              {fileSize(file.bytes)} · 提交于 {formatDateTime(file.submittedAt)}
              {file.uploadedByName ? ` · ${file.uploadedByName}代传（${formatDateTime(file.uploadedAt)}）` : ''}
            </span>
            {file.reviewedBy ? (
              <Typography.Paragraph className='console-gap-top-xs' type='secondary'>
                {file.reviewedBy} {formatDateTime(file.reviewedAt)} 审阅
                {file.comment ? `：${file.comment}` : ''}
                {file.commentUrl ? (
                  <>
                    {' '}
                    <Typography.Link href={file.commentUrl} target='_blank' rel='noreferrer' download={file.commentFileName ?? undefined}>
                      批注文件{file.commentFileName ? `（${file.commentFileName}）` : ''}
                    </Typography.Link>
                  </>
                ) : null}
              </Typography.Paragraph>
            ) : null}
          </>
        }
      />
    </List.Item>
  )
}

function Stages({
  batch,
  detail,
  canReview,
  onChanged,
}: {
  batch: ThesisBatch
  detail: ThesisDetail
  canReview: boolean
  onChanged: () => void
}) {
  return (
    <>
      {filesByStage(detail.files, stagesOf(batch)).map(({ stage, versions }) => {
        const { due, extendedTo } = stageDue(batch, stage, detail.extensions)
        return (
          <section key={stage} className='console-gap-bottom' aria-label={stage}>
            <Typography.Title level={5}>
              {stage}
              <Typography.Text type='secondary' className='console-gap-left-xs console-small'>
                截止 {due}
                {extendedTo ? `，已延期至 ${extendedTo}` : ''}
              </Typography.Text>
            </Typography.Title>
            {versions.length ? (
              <List<ThesisFile>
                size='small'
                bordered
                dataSource={versions}
                renderItem={(file) => <Version file={file} canReview={canReview} onChanged={onChanged} />}
              />
            ) : (
              <Typography.Text type='secondary'>还没有提交</Typography.Text>
            )}
          </section>
        )
      })}
    </>
  )
}

export function ThesisDrawer({
  batch,
  selection,
  onClose,
  onChanged,
}: {
  batch: ThesisBatch
  /** The student's row of the batch's list (their name and number, the topic's title, the advisor). */
  selection: ThesisSelection
  onClose: () => void
  /** After a change: the batch's lists reload (the drawer reloads its own). */
  onChanged: () => void
}) {
  const access = useAccess()
  const { admin } = useSession()
  const { data, error, loading, reload } = useRemote(() => thesisApi.detail(selection.id), [selection.id])
  const changed = () => {
    reload()
    onChanged()
  }
  const can = studentActions(selection, data?.session?.panelIds ?? null, admin ?? undefined, access)
  const parts = scoreParts(can)
  const stages = stagesOf(batch)

  return (
    <Drawer
      open
      width={760}
      title={`${selection.studentName}的论文`}
      onClose={onClose}
      extra={
        <Space wrap>
          {can.uploadFor ? (
            <UploadForForm selection={selection} stages={stages} onDone={changed} trigger={<Button>代学员上传</Button>} />
          ) : null}
          {can.extend ? <ExtensionForm selection={selection} stages={stages} onDone={changed} trigger={<Button>延期</Button>} /> : null}
          {parts.length ? (
            <ScoreForm selection={selection} parts={parts} onDone={changed} trigger={<Button type='primary'>评分</Button>} />
          ) : null}
        </Space>
      }
    >
      <Descriptions
        size='small'
        column={2}
        className='console-gap-bottom'
        items={[
          { key: 'no', label: '学号', children: selection.studentNo ?? '无' },
          { key: 'status', label: '选题', children: <EnumTag valueEnum={SELECTION_STATUS_LOOKS} value={selection.status} /> },
          { key: 'topic', label: '题目', span: 2, children: data?.topic.title ?? selection.topicTitle },
          ...(data?.topic.description ? [{ key: 'desc', label: '题目说明', span: 2, children: data.topic.description }] : []),
          { key: 'advisor', label: '指导教师', children: selection.advisorName },
          {
            key: 'session',
            label: '答辩',
            children: data?.session ? `${sessionLabel(data.session)}（答辩组：${data.session.panel.join('、')}）` : '未安排',
          },
          {
            key: 'score',
            label: '成绩',
            span: 2,
            children: (
              <Space wrap>
                <span>
                  指导 {scoreText(selection.advisorScore)} · 答辩 {scoreText(selection.defenceScore)} · 总评{' '}
                  {scoreText(selection.totalScore)}
                </span>
                <EnumTag valueEnum={SCORE_STATUS_LOOKS} value={selection.scoreStatus} />
              </Space>
            ),
          },
        ]}
      />
      {data?.extensions.length ? (
        <Alert
          type='info'
          showIcon
          className='console-gap-bottom'
          message={data.extensions.map((e) => `${e.stage}延期至 ${e.until}（${e.reason}，${e.grantedBy}）`).join('；')}
        />
      ) : null}
      {error ? (
        <Alert
          type='error'
          showIcon
          message='论文加载失败'
          description={error}
          action={
            <Button size='small' onClick={reload}>
              重试
            </Button>
          }
        />
      ) : loading && !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : data ? (
        <Stages batch={batch} detail={data} canReview={can.review} onChanged={changed} />
      ) : (
        <Empty />
      )}
    </Drawer>
  )
}
