import { useState, type ReactNode } from 'react'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { Text, Textarea, View } from '@tarojs/components'
import { beijingMinute, thesisFileProblem } from '@activity/domain'
import { ThesisSelectionStatus } from '@activity/wire'
import {
  thesis,
  type ThesisDefence,
  type ThesisFile,
  type ThesisMine,
  type ThesisScore,
  type ThesisSelection,
  type ThesisStageState,
  type ThesisTopic,
} from '../../api/ems/thesis'
import ConfirmButton from '../../components/confirm-button'
import Dialog from '../../components/dialog'
import EmptyNotice from '../../components/empty-notice'
import { FormCard, FormError, FormRow } from '../../components/form'
import Page from '../../components/page'
import SelectPicker from '../../components/select-picker'
import TextInput from '../../components/text-input'
import { useMounted } from '../../hooks/mounted'
import { useRemote } from '../../hooks/remote'
import { useStudentLoad } from '../../hooks/student-load'
import { press } from '../../platform'
import { openDocument } from '../../platform/open-document'
import { CAN_PICK_DOCUMENT, pickDocument, releaseDocument } from '../../platform/document'
import { RequestError, apiUrl } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { logger } from '../../utils/logger'
import { advisorsOf, bytesText, fileTone, liveSelection, selectionTone, timelineRows } from './components/thesis'
import StudentBody from './components/student-body'
import './thesis.scss'

const TITLE = routeOf('pages/student/thesis')?.title ?? '我的论文'
const NOT_STARTED = '你所在的批次还没有开始论文工作'
const NO_PICKER = '支付宝小程序暂不支持选择文件，请在微信小程序或网页中提交'
const TITLE_MAX = 100
const DESCRIPTION_MAX = 500

/** The school's times are Beijing time, wherever the phone is. */
const timeText = (iso: string) => beijingMinute(new Date(iso))

/** A refusal to show where the person acted (the wrapper has toasted it too); a network failure says nothing more. */
const refusalOf = (err: unknown) => (err instanceof RequestError && err.kind !== 'network' ? err.message : '')

interface Proposal {
  title: string
  description: string
  advisorId: number | null
}
const NO_PROPOSAL: Proposal = { title: '', description: '', advisorId: null }

function Card({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <View className={`thesis-card thesis-${name}`}>
      <Text className='thesis-card__title'>{title}</Text>
      {children}
    </View>
  )
}

function Row({ name, label, value }: { name: string; label: string; value: ReactNode }) {
  return (
    <View className={`thesis-row thesis-row--${name}`}>
      <Text className='thesis-row__label'>{label}</Text>
      <View className='thesis-row__value'>{value}</View>
    </View>
  )
}

/** A file name that opens the file (the mini-programs' viewer, a new tab on H5). */
function FileLink({ url, name, className }: { url: string; name: string; className: string }) {
  return (
    <View className={`thesis-file-link ${className}`} {...press(() => void openDocument(apiUrl(url), name), { role: 'link' })}>
      {name}
    </View>
  )
}

/** One version: its number and file, when it was handed in (and by whom, 代传), its review. */
function Version({ file }: { file: ThesisFile }) {
  return (
    <View className='thesis-version'>
      <View className='thesis-version__head'>
        <Text className='thesis-version__number'>{`第${file.version}版`}</Text>
        <Text className={`thesis-tag thesis-tag--${fileTone(file.status)} thesis-version__status`}>{file.status}</Text>
      </View>
      <FileLink url={file.url} name={file.fileName} className='thesis-version__file' />
      <Text className='thesis-version__meta'>
        {`${timeText(file.submittedAt)} 提交 · ${bytesText(file.bytes)}`}
        {file.uploadedByName ? ` · ${file.uploadedByName}代传` : ''}
      </Text>
      {file.comment || file.commentUrl ? (
        <View className='thesis-version__review'>
          <Text className='thesis-version__reviewer'>{`${file.reviewedBy ?? '指导教师'}的意见`}</Text>
          {file.comment ? <Text className='thesis-version__comment'>{file.comment}</Text> : null}
          {file.commentUrl ? (
            <FileLink url={file.commentUrl} name={file.commentFileName ?? '批注文件'} className='thesis-version__annotated' />
          ) : null}
        </View>
      ) : null}
    </View>
  )
}

function Stage({ stage, busy, problem, onSubmit }: { stage: ThesisStageState; busy: boolean; problem: string; onSubmit: () => void }) {
  return (
    <View className={`thesis-card thesis-stage thesis-stage--${stage.stage}`}>
      <View className='thesis-stage__head'>
        <Text className='thesis-card__title'>{stage.stage}</Text>
        <Text className='thesis-stage__due'>
          {stage.extendedTo ? `截止 ${stage.due}，已延期至 ${stage.extendedTo}` : `截止 ${stage.due}`}
        </Text>
      </View>
      {stage.versions.length ? (
        stage.versions.map((v) => <Version key={v.id} file={v} />)
      ) : (
        <Text className='thesis-stage__none'>还没有提交</Text>
      )}
      {stage.refusal === null ? (
        CAN_PICK_DOCUMENT ? (
          <ConfirmButton className='thesis-stage__submit' title='提交新版本' loading={busy} onClick={onSubmit} />
        ) : (
          <Text className='thesis-stage__refusal'>{NO_PICKER}</Text>
        )
      ) : (
        <Text className='thesis-stage__refusal'>{stage.refusal}</Text>
      )}
      {stage.refusal === null ? <Text className='thesis-stage__hint'>PDF 或 Word 文件，不超过20MB</Text> : null}
      <FormError name='file' error={problem} />
    </View>
  )
}

function Chosen({ selection }: { selection: ThesisSelection }) {
  const { topic } = selection
  return (
    <Card name='chosen' title='我的题目'>
      <Text className='thesis-chosen__title'>{topic.title}</Text>
      {topic.description ? <Text className='thesis-chosen__description'>{topic.description}</Text> : null}
      <Row name='advisor' label='指导教师' value={<Text>{topic.advisorName}</Text>} />
      <Row
        name='status'
        label='选题状态'
        value={<Text className={`thesis-tag thesis-tag--${selectionTone(selection.status)}`}>{selection.status}</Text>}
      />
      {selection.status === ThesisSelectionStatus.pending ? (
        <Text className='thesis-chosen__note'>已提交选题，等待指导教师确认</Text>
      ) : null}
    </Card>
  )
}

function Defence({ session }: { session: ThesisDefence }) {
  return (
    <Card name='defence' title='答辩安排'>
      <Row name='time' label='答辩时间' value={<Text>{timeText(session.startsAt)}</Text>} />
      {session.place ? <Row name='place' label='答辩地点' value={<Text>{session.place}</Text>} /> : null}
      {session.onlineUrl ? (
        <Row
          name='online'
          label='线上地址'
          value={
            <Text className='thesis-defence__url' userSelect>
              {session.onlineUrl}
            </Text>
          }
        />
      ) : null}
      <Row name='panel' label='答辩组' value={<Text>{session.panel.join('、')}</Text>} />
    </Card>
  )
}

function Score({ score }: { score: ThesisScore }) {
  return (
    <Card name='score' title='论文成绩'>
      <Row name='advisor' label='指导教师评分' value={<Text>{score.advisorScore}</Text>} />
      <Row name='defence' label='答辩评分' value={<Text>{score.defenceScore}</Text>} />
      <Row
        name='total'
        label='总评'
        value={
          <View className='thesis-score__total'>
            <Text className='thesis-score__number'>{score.totalScore}</Text>
            <Text className={`thesis-tag thesis-tag--${score.passed ? 'green' : 'red'}`}>{score.passed ? '及格' : '不及格'}</Text>
          </View>
        }
      />
    </Card>
  )
}

/**
 * 我的论文: the batch's timeline (选题, each stage's last day and an extension), then either the
 * topics to choose (with their advisor and 剩余名额) and 自拟题目, or my topic and where it stands;
 * each stage's versions newest first with the advisor's comments, and 提交新版本 when the server
 * allows it (otherwise its reason); the defence and the score once published. A picked file is
 * checked here as the server checks it (PDF or Word, at most 20 MB); the server's refusals stay
 * on the page where the person acted.
 */
export default function StudentThesisPage() {
  const signedIn = useRequireLogin()
  const student = useStudentLoad()
  // Again on show: the advisor may have decided or reviewed meanwhile.
  const mine = useRemote((options) => student.remember(thesis.client.detailsForClient(undefined, options)), signedIn, {
    reloadOnShow: true,
  })
  usePullDownRefresh(() => {
    void mine.reload({ lock: true }).finally(() => void Taro.stopPullDownRefresh())
  })
  const mounted = useMounted()
  const [confirming, setConfirming] = useState<ThesisTopic | null>(null)
  const [proposing, setProposing] = useState(false)
  const [proposal, setProposal] = useState<Proposal>(NO_PROPOSAL)
  const [titleProblem, setTitleProblem] = useState('')
  const [busy, setBusy] = useState<string | null>(null)
  const [fileProblems, setFileProblems] = useState<Record<string, string>>({})

  const commitTitle = async (payload: Parameters<typeof thesis.client.commitTitle>[0], done: string) => {
    if (busy) return
    setTitleProblem('')
    setBusy('title')
    try {
      await thesis.client.commitTitle(payload, { loadingTitle: '正在提交' })
      useStore.getState().showToast(done, { icon: 'success' })
      if (mounted.current) {
        setProposing(false)
        setProposal(NO_PROPOSAL)
      }
    } catch (err) {
      if (mounted.current) setTitleProblem(refusalOf(err))
    } finally {
      // Asked again either way: a full topic's places have changed too.
      if (mounted.current) {
        setBusy(null)
        await mine.reload({ lock: true })
      }
    }
  }

  const propose = () => {
    const title = proposal.title.trim()
    if (!title) return setTitleProblem('请填写题目')
    if (proposal.advisorId === null) return setTitleProblem('请选择指导教师')
    const description = proposal.description.trim()
    void commitTitle({ title, advisorId: proposal.advisorId, ...(description ? { description } : {}) }, '已提交，请等待指导教师确认')
  }

  const submitFile = async (stage: string) => {
    if (busy) return
    const problem = (text: string) => setFileProblems((p) => ({ ...p, [stage]: text }))
    problem('')
    let picked
    try {
      picked = await pickDocument()
    } catch (err) {
      logger.warn('no document picked', err)
      return problem('选择文件失败，请重试')
    }
    if (!picked || !mounted.current) return
    const found = thesisFileProblem({ name: picked.name, bytes: picked.bytes })
    if (found) {
      releaseDocument(picked)
      return problem(found)
    }
    setBusy(stage)
    try {
      // `stage` first: the form fields go before the file.
      await thesis.client.uploadFile({ filePath: picked.path, fileName: picked.name, formData: { stage } }, { loadingTitle: '正在上传' })
      useStore.getState().showToast('已提交，请等待指导教师审阅', { icon: 'success' })
    } catch (err) {
      if (mounted.current) problem(refusalOf(err))
    } finally {
      releaseDocument(picked)
      // The upload answers as GET student does, but that is asked again: a reload begun when the
      // picker closed (the page shows again) must not answer last with the version missing.
      if (mounted.current) {
        setBusy(null)
        await mine.reload({ lock: true })
      }
    }
  }

  const choosing = (answer: ThesisMine) => {
    const refused = answer.selection?.status === ThesisSelectionStatus.refused ? answer.selection : null
    const advisors = advisorsOf(answer.topics)
    return (
      <Card name='choose' title='选题'>
        {refused ? (
          <View className='thesis-choose__refused'>
            <Text className='thesis-choose__refused-title'>{`指导教师未同意你的选题「${refused.topic.title}」`}</Text>
            {refused.refusal ? <Text className='thesis-choose__refused-reason'>{`原因：${refused.refusal}`}</Text> : null}
          </View>
        ) : null}
        {answer.topicRefusal ? (
          <Text className='thesis-choose__closed'>{answer.topicRefusal}</Text>
        ) : (
          <>
            {answer.topics.length ? (
              answer.topics.map((t) => (
                <View key={t.id} className={`thesis-topic${t.left > 0 ? '' : ' thesis-topic--full'}`}>
                  <View className='thesis-topic__main'>
                    <Text className='thesis-topic__title'>{t.title}</Text>
                    {t.description ? <Text className='thesis-topic__description'>{t.description}</Text> : null}
                    <Text className='thesis-topic__meta'>{`指导教师 ${t.advisorName} · 剩余名额 ${t.left}/${t.capacity}`}</Text>
                  </View>
                  <ConfirmButton
                    className='thesis-topic__choose'
                    inline
                    title={t.left > 0 ? '选择' : '已满'}
                    disabled={t.left <= 0 || busy !== null}
                    onClick={() => setConfirming(t)}
                  />
                </View>
              ))
            ) : (
              <Text className='thesis-choose__none'>暂无可选题目，可以自拟题目</Text>
            )}
            {proposing ? (
              <FormCard className='thesis-propose' title='自拟题目'>
                <FormRow name='title' label='题目' required>
                  <TextInput
                    value={proposal.title}
                    maxlength={TITLE_MAX}
                    placeholder='请输入论文题目'
                    onInput={(title) => setProposal((p) => ({ ...p, title }))}
                  />
                </FormRow>
                <FormRow name='description' label='题目说明'>
                  <Textarea
                    className='thesis-propose__description'
                    value={proposal.description}
                    maxlength={DESCRIPTION_MAX}
                    placeholder='研究内容、思路（选填）'
                    onInput={(e) => {
                      const description = e.detail.value
                      setProposal((p) => ({ ...p, description }))
                    }}
                  />
                </FormRow>
                <FormRow name='advisor' label='指导教师' required>
                  <SelectPicker
                    range={advisors}
                    rangeKey='name'
                    valueKey='id'
                    value={proposal.advisorId ?? undefined}
                    placeholder='请选择指导教师'
                    onChange={(id) => setProposal((p) => ({ ...p, advisorId: id as number }))}
                  />
                </FormRow>
              </FormCard>
            ) : null}
            {proposing ? (
              <View className='thesis-propose__actions'>
                <ConfirmButton className='thesis-propose__submit' title='提交自拟题目' loading={busy === 'title'} onClick={propose} />
                <View className='thesis-propose__cancel' {...press(() => setProposing(false))}>
                  取消
                </View>
              </View>
            ) : advisors.length ? (
              <View className='thesis-choose__propose' {...press(() => setProposing(true))}>
                自拟题目
              </View>
            ) : null}
          </>
        )}
        <FormError name='title' error={titleProblem} />
      </Card>
    )
  }

  const body = (answer: ThesisMine) => {
    const { batch } = answer
    if (!batch) return <EmptyNotice type='page' text={NOT_STARTED} />
    const live = liveSelection(answer)
    return (
      <View className='thesis'>
        <Card name='timeline' title={batch.name}>
          {timelineRows(batch, answer.stages).map((row) => (
            <Row
              key={row.name}
              name={row.name}
              label={row.label}
              value={
                <Text>
                  {row.value}
                  {row.extended ? <Text className='thesis-row__extended'>{`（已延期至 ${row.extended}）`}</Text> : null}
                </Text>
              }
            />
          ))}
        </Card>

        {live ? <Chosen selection={live} /> : choosing(answer)}

        {live
          ? answer.stages.map((s) => (
              <Stage
                key={s.stage}
                stage={s}
                busy={busy === s.stage}
                problem={fileProblems[s.stage] ?? ''}
                onSubmit={() => void submitFile(s.stage)}
              />
            ))
          : null}

        {answer.session ? <Defence session={answer.session} /> : null}
        {answer.score ? <Score score={answer.score} /> : null}

        <Dialog
          isOpened={confirming !== null}
          title='选择题目'
          content={confirming ? `确定选择「${confirming.title}」（指导教师 ${confirming.advisorName}）吗？提交后需等待指导教师确认。` : ''}
          confirmText='选择'
          onConfirm={() => {
            const topic = confirming
            setConfirming(null)
            if (topic) void commitTitle({ topicId: topic.id }, '已选择，请等待指导教师确认')
          }}
          onCancel={() => setConfirming(null)}
          onClose={() => setConfirming(null)}
        />
      </View>
    )
  }

  return (
    <Page title={TITLE}>
      <StudentBody notStudent={student.notStudent} remote={mine} stateClass='thesis-state'>
        {body}
      </StudentBody>
    </Page>
  )
}
