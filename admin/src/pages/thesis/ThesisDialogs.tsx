/**
 * 毕业论文's dialogs, each a SubmitModalForm that keeps the server's refusal in it: 发布题目 (the
 * operator becomes its advisor), 确认 / 拒绝 a selection, 新建答辩场次 (its panel picked from the
 * batch's advisors and the other operators), 安排答辩, 发布成绩, 回退成绩, and for one student 审阅
 * (with an optional annotated file), 代学员上传 (with the student's hand-in time), 延期 and 评分.
 * Loaded when first opened (lazyDialog).
 */
import { UploadOutlined } from '@ant-design/icons'
import { Button, Form, Space, Typography } from 'antd'
import { ThesisFileStatus, type ThesisScorePart, type ThesisStage } from '@activity/wire'
import { classesApi } from '../../api/classes'
import { type DefenceSession, type ThesisBatch, type ThesisFile, type ThesisSelection, type ThesisTopic, thesisApi } from '../../api/thesis'
import { DateTimeField, FieldGroup, NumberField, RadioField, SelectField, TextAreaField, TextField } from '../../components/form'
import type { DialogControl } from '../../components/LazyDialog'
import { ReasonField } from '../../components/ReasonField'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { requiredText } from '../../form-rules'
import { useFileChooser } from '../../hooks/useFileChooser'
import {
  panelOptions,
  publishableCount,
  scoreText,
  sessionLabel,
  THESIS_FILE_ACCEPT,
  THESIS_FILE_MAX_MB,
  thesisFileProblem,
  type PanelOption,
} from './thesis'

const DATE_TIME = { format: 'YYYY-MM-DD HH:mm', showTime: { format: 'HH:mm' } } as const

/** One PDF or Word file, chosen with the browser's chooser, held as the field's value. */
function FileChooser({ value, onChange, label }: { value?: File; onChange?: (file: File | undefined) => void; label: string }) {
  const { choose, input } = useFileChooser({ accept: THESIS_FILE_ACCEPT, label, onFiles: ([file]) => onChange?.(file) })
  return (
    <Space wrap>
      {input}
      <Button icon={<UploadOutlined />} onClick={choose}>
        {value ? '重新选择' : '选择文件'}
      </Button>
      {value ? (
        <>
          <span>{value.name}</span>
          <Button type='link' className='console-link-button' onClick={() => onChange?.(undefined)}>
            移除
          </Button>
        </>
      ) : (
        <Typography.Text type='secondary'>PDF 或 Word，不超过{THESIS_FILE_MAX_MB}MB</Typography.Text>
      )}
    </Space>
  )
}

function FileField({ name, label, required }: { name: string; label: string; required: boolean }) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        {
          validator: (_, file: File | undefined) => {
            if (!file) return required ? Promise.reject(new Error(`请选择${label}`)) : Promise.resolve()
            const problem = thesisFileProblem(file)
            return problem ? Promise.reject(new Error(problem)) : Promise.resolve()
          },
        },
      ]}
      required={required}
    >
      <FileChooser label={label} />
    </Form.Item>
  )
}

/** 发布题目: the operator offers a topic with its places, as its advisor. */
export function TopicForm({ batch, onSaved, ...control }: { batch: ThesisBatch; onSaved: () => void } & DialogControl) {
  return (
    <SubmitModalForm<{ title: string; description?: string; capacity: number }, ThesisTopic>
      title='发布题目'
      {...control}
      width={560}
      layout='vertical'
      initialValues={{ capacity: 3 }}
      notice={<Typography.Paragraph type='secondary'>你将作为该题目的指导教师，学员在选题时间内可选择。</Typography.Paragraph>}
      onSubmit={(v) =>
        thesisApi.offerTopic({
          thesisBatchId: batch.id,
          title: v.title.trim(),
          description: v.description?.trim() || undefined,
          capacity: v.capacity,
        })
      }
      success='题目已发布'
      onDone={onSaved}
    >
      <TextField name='title' label='题目' rules={requiredText('题目', 100)} />
      <TextAreaField name='description' label='题目说明' fieldProps={{ maxLength: 500, showCount: true, rows: 3 }} />
      <NumberField
        name='capacity'
        label='名额'
        width={150}
        min={1}
        max={50}
        fieldProps={{ precision: 0, addonAfter: '人' }}
        rules={[{ required: true, message: '请填写名额' }]}
      />
    </SubmitModalForm>
  )
}

/** 确认 or 拒绝 (with the reason the student reads) a student's selection. */
export function DecideForm({
  selection,
  accept,
  onDone,
  ...control
}: { selection: ThesisSelection; accept: boolean; onDone: () => void } & DialogControl) {
  return (
    <SubmitModalForm<{ reason?: string }>
      title={`${accept ? '确认' : '拒绝'}${selection.studentName}的选题`}
      {...control}
      width={480}
      layout='vertical'
      notice={
        <Typography.Paragraph>
          题目：{selection.topicTitle}
          {accept ? null : <Typography.Text type='secondary'>（拒绝后名额释放，学员可重新选题）</Typography.Text>}
        </Typography.Paragraph>
      }
      submitter={{ searchConfig: { submitText: accept ? '确认' : '拒绝' }, submitButtonProps: { danger: !accept } }}
      onSubmit={(v) => thesisApi.decide({ selectionId: selection.id, accept, reason: accept ? undefined : v.reason?.trim() })}
      success={accept ? '已确认选题' : '已拒绝选题'}
      onDone={onDone}
    >
      {accept ? null : <ReasonField label='拒绝原因（学员可见）' rule='拒绝原因' />}
    </SubmitModalForm>
  )
}

async function panelChoices(topics: readonly ThesisTopic[]): Promise<PanelOption[]> {
  // The other operators come from the class form's list, for those who may read it; else the advisors alone.
  const operators = await classesApi.headTeachers({ quiet: true }).then(
    (list) => list.map((o) => ({ value: o.id, label: `${o.name}（${o.positionName}）` })),
    () => [],
  )
  return panelOptions(topics, operators)
}

interface SessionValues {
  startsAt?: string
  place?: string
  onlineUrl?: string
  panelIds: number[]
}

/** 新建答辩场次: its time, a place or an online address (or both), its panel. */
export function SessionForm({
  batch,
  topics,
  onSaved,
  ...control
}: { batch: ThesisBatch; topics: readonly ThesisTopic[]; onSaved: () => void } & DialogControl) {
  return (
    <SubmitModalForm<SessionValues, DefenceSession>
      title='新建答辩场次'
      {...control}
      width={600}
      layout='vertical'
      initialValues={{ panelIds: [] }}
      onSubmit={(v) => {
        if (!v.place?.trim() && !v.onlineUrl?.trim()) throw new Error('请填写答辩地点或线上地址')
        return thesisApi.createSession({
          thesisBatchId: batch.id,
          startsAt: v.startsAt ?? '',
          place: v.place?.trim() || undefined,
          onlineUrl: v.onlineUrl?.trim() || undefined,
          panelIds: v.panelIds,
        })
      }}
      success='答辩场次已新建'
      onDone={onSaved}
    >
      <DateTimeField
        name='startsAt'
        label='答辩时间'
        width='sm'
        fieldProps={DATE_TIME}
        rules={[{ required: true, message: '请选择答辩时间' }]}
      />
      <FieldGroup>
        <TextField
          name='place'
          label='答辩地点'
          width='sm'
          placeholder='如 教学楼301'
          rules={[{ max: 100, message: '答辩地点不能超过100个字符' }]}
        />
        <TextField
          name='onlineUrl'
          label='线上地址'
          width='md'
          placeholder='https://'
          rules={[
            { type: 'url', message: '线上地址格式不正确' },
            { max: 300, message: '线上地址不能超过300个字符' },
          ]}
        />
      </FieldGroup>
      <SelectField
        name='panelIds'
        label='答辩组成员'
        width='xl'
        request={() => panelChoices(topics)}
        showSearch
        fieldProps={{ mode: 'multiple', optionFilterProp: 'label', maxCount: 9 }}
        extra='答辩组成员为本组学员录入答辩评分，最多9人'
        rules={[{ required: true, type: 'array', min: 1, message: '请选择答辩组成员' }]}
      />
    </SubmitModalForm>
  )
}

/** 安排答辩: the chosen students go to one session. */
export function AssignForm({
  students,
  sessions,
  onDone,
  ...control
}: { students: readonly ThesisSelection[]; sessions: readonly DefenceSession[]; onDone: () => void } & DialogControl) {
  return (
    <SubmitModalForm<{ sessionId?: number }, { assigned: number[] }>
      title={`安排答辩（${students.length} 名学员）`}
      {...control}
      width={520}
      layout='vertical'
      notice={
        <Typography.Paragraph type='secondary'>
          {students
            .slice(0, 10)
            .map((s) => s.studentName)
            .join('、')}
          {students.length > 10 ? ` 等 ${students.length} 人` : ''}
        </Typography.Paragraph>
      }
      onSubmit={(v) => thesisApi.assign({ sessionId: v.sessionId ?? 0, selectionIds: students.map((s) => s.id) })}
      success={(r) => `已安排 ${r.assigned.length} 名学员`}
      onDone={onDone}
    >
      <SelectField
        name='sessionId'
        label='答辩场次'
        width='lg'
        options={sessions.map((s) => ({ value: s.id, label: sessionLabel(s) }))}
        rules={[{ required: true, message: '请选择答辩场次' }]}
      />
    </SubmitModalForm>
  )
}

/** 发布成绩: the batch's complete scores are locked and shown to the students. */
export function PublishForm({
  batch,
  rows,
  onDone,
  ...control
}: { batch: ThesisBatch; rows: readonly ThesisSelection[]; onDone: () => void } & DialogControl) {
  const count = publishableCount(rows)
  return (
    <SubmitModalForm<Record<string, never>, { published: number }>
      title={`发布「${batch.name}」的成绩`}
      {...control}
      width={480}
      notice={
        <Typography.Paragraph>
          将发布 {count} 名已评分学员的成绩。发布后学员可以看到成绩，成绩锁定，修改需先回退。尚未评完的学员不发布。
        </Typography.Paragraph>
      }
      submitter={{ searchConfig: { submitText: '发布' } }}
      onSubmit={() => thesisApi.publish(batch.id)}
      success={(r) => `已发布 ${r.published} 名学员的成绩`}
      onDone={onDone}
    />
  )
}

/** 回退 a published score with the reason (audited): it may be changed and published again. */
export function RollbackForm({ selection, onDone, ...control }: { selection: ThesisSelection; onDone: () => void } & DialogControl) {
  return (
    <SubmitModalForm<{ reason: string }>
      title={`回退${selection.studentName}的成绩`}
      {...control}
      width={480}
      layout='vertical'
      notice={<Typography.Paragraph type='secondary'>回退后成绩回到已评分，可重新评分并再次发布；回退记入操作日志。</Typography.Paragraph>}
      submitter={{ searchConfig: { submitText: '回退' }, submitButtonProps: { danger: true } }}
      onSubmit={(v) => thesisApi.rollback({ selectionId: selection.id, reason: v.reason.trim() })}
      success='成绩已回退'
      onDone={onDone}
    >
      <ReasonField label='回退原因' />
    </SubmitModalForm>
  )
}

/** 审阅 a version: 通过 or 退回修改, a comment, an optional annotated file. */
export function ReviewForm({ file, onDone, ...control }: { file: ThesisFile; onDone: () => void } & DialogControl) {
  return (
    <SubmitModalForm<{ status: string; comment?: string; file?: File }, ThesisFile>
      title={`审阅${file.stage}第${file.version}版`}
      {...control}
      width={560}
      layout='vertical'
      lockWhilePending
      initialValues={{ status: ThesisFileStatus.passed }}
      notice={<Typography.Paragraph type='secondary'>{file.fileName}</Typography.Paragraph>}
      onSubmit={(v) => thesisApi.review({ fileId: file.id, status: v.status, comment: v.comment?.trim() || undefined, file: v.file })}
      success={(r) => (r.status === ThesisFileStatus.passed ? '已通过' : '已退回修改')}
      onDone={onDone}
    >
      <RadioField
        name='status'
        label='审阅结果'
        radioType='button'
        options={[ThesisFileStatus.passed, ThesisFileStatus.returned].map((s) => ({ value: s, label: s }))}
      />
      <TextAreaField
        name='comment'
        label='修改意见'
        fieldProps={{ maxLength: 1000, showCount: true, rows: 4 }}
        rules={[{ max: 1000, message: '修改意见不能超过1000个字符' }]}
      />
      <FileField name='file' label='批注文件' required={false} />
    </SubmitModalForm>
  )
}

/** 代学员上传: a version handed in some other way, with when the student handed it in. */
export function UploadForForm({
  selection,
  stages,
  onDone,
  ...control
}: { selection: ThesisSelection; stages: readonly string[]; onDone: () => void } & DialogControl) {
  return (
    <SubmitModalForm<{ stage?: string; submittedAt?: string; file?: File }, ThesisFile>
      title={`代${selection.studentName}上传`}
      {...control}
      width={560}
      layout='vertical'
      lockWhilePending
      notice={<Typography.Paragraph type='secondary'>学员线下或通过其他方式提交的论文，由你代为上传；记入操作日志。</Typography.Paragraph>}
      onSubmit={(v) =>
        thesisApi.uploadFor({ selectionId: selection.id, stage: v.stage ?? '', submittedAt: v.submittedAt ?? '', file: v.file! })
      }
      success={(r) => `已上传${r.stage}第${r.version}版`}
      onDone={onDone}
    >
      <FieldGroup>
        <SelectField
          name='stage'
          label='论文阶段'
          width='sm'
          options={[...stages]}
          rules={[{ required: true, message: '请选择论文阶段' }]}
        />
        <DateTimeField
          name='submittedAt'
          label='学员提交时间'
          width='sm'
          fieldProps={DATE_TIME}
          rules={[{ required: true, message: '请选择学员提交时间' }]}
        />
      </FieldGroup>
      <FileField name='file' label='论文文件' required />
    </SubmitModalForm>
  )
}

/** 延期: one stage's last day moved for this student. */
export function ExtensionForm({
  selection,
  stages,
  onDone,
  ...control
}: { selection: ThesisSelection; stages: readonly string[]; onDone: () => void } & DialogControl) {
  return (
    <SubmitModalForm<{ stage?: ThesisStage; until?: string; reason: string }>
      title={`为${selection.studentName}延期`}
      {...control}
      width={520}
      layout='vertical'
      onSubmit={(v) =>
        thesisApi.extend({
          selectionId: selection.id,
          stage: v.stage as ThesisStage,
          until: (v.until ?? '').slice(0, 10),
          reason: v.reason.trim(),
        })
      }
      success='已延期'
      onDone={onDone}
    >
      <FieldGroup>
        <SelectField
          name='stage'
          label='论文阶段'
          width='sm'
          options={[...stages]}
          rules={[{ required: true, message: '请选择论文阶段' }]}
        />
        <DateTimeField
          name='until'
          label='延期至'
          width='sm'
          fieldProps={{ showTime: false, format: 'YYYY-MM-DD' }}
          rules={[{ required: true, message: '请选择延期日期' }]}
        />
      </FieldGroup>
      <ReasonField label='延期原因' />
    </SubmitModalForm>
  )
}

/** 评分: the parts the operator may give (指导教师评分 as the advisor, 答辩评分 as a panel member). */
export function ScoreForm({
  selection,
  parts,
  onDone,
  ...control
}: { selection: ThesisSelection; parts: readonly ThesisScorePart[]; onDone: () => void } & DialogControl) {
  return (
    <SubmitModalForm<{ part: ThesisScorePart; score: number }>
      title={`为${selection.studentName}评分`}
      {...control}
      width={480}
      layout='vertical'
      initialValues={{ part: parts[0] }}
      notice={
        <Typography.Paragraph type='secondary'>
          现有成绩：指导教师评分 {scoreText(selection.advisorScore)}，答辩评分 {scoreText(selection.defenceScore)}
          ；两项都有后按权重计算总评。
        </Typography.Paragraph>
      }
      onSubmit={(v) => thesisApi.score({ selectionId: selection.id, part: v.part, score: v.score })}
      success='成绩已保存'
      onDone={onDone}
    >
      <RadioField name='part' label='成绩类别' radioType='button' options={parts.map((p) => ({ value: p, label: p }))} />
      <NumberField
        name='score'
        label='成绩'
        width={150}
        min={0}
        max={100}
        fieldProps={{ precision: 0, addonAfter: '分' }}
        rules={[{ required: true, message: '请填写成绩' }]}
      />
    </SubmitModalForm>
  )
}
