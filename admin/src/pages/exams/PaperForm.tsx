/**
 * A paper's details (新建试卷, and the 基本信息 tab of its page): course, name, use (模拟试卷 /
 * 考试), kind (固定试卷 / 随机试卷), duration, an optional window in which attempts may start,
 * attempts allowed, pass score, shuffling, rank, and the introduction students read before
 * starting. Course and kind are fixed once students have answered. Checked before sending; the
 * server's refusal stays on the form. Read-only for a role that does not keep papers.
 */
import {
  DateTimeRangeField,
  FieldGroup,
  NumberField,
  PageForm,
  RadioField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
} from '../../components/form'
import { PAPER_KINDS, PAPER_USES } from '@activity/wire'
import { App } from 'antd'
import { type PaperDetail, type PaperItem, papersApi } from '../../api/exams'
import { RefusalAlert } from '../../components/RefusalAlert'
import { useCourseOptions } from '../../hooks/useCourseOptions'
import { useSubmission } from '../../hooks/useSubmission'
import { ATTEMPTS_MAX, DURATION_MAX, INTRO_MAX, paperBody, paperValues, type PaperValues, TITLE_MAX } from './paper-form'
import { requiredText } from '../../form-rules'
import { saveRecord } from '../../components/record-form'

export function PaperForm({
  paper,
  courseId,
  readOnly = false,
  onSaved,
}: {
  paper?: PaperDetail
  /** A new paper's course (the list's filter). */
  courseId?: number
  readOnly?: boolean
  onSaved: (saved: PaperItem) => void
}) {
  const { message } = App.useApp()
  const { submit, refusal, clear } = useSubmission()
  const courses = useCourseOptions()
  const answered = (paper?.attemptCount ?? 0) > 0
  return (
    <PageForm<PaperValues>
      layout='vertical'
      disabled={readOnly}
      initialValues={paperValues(paper, { courseId })}
      onValuesChange={clear}
      submitter={
        readOnly ? false : { searchConfig: { submitText: paper ? '保存' : '创建试卷' }, resetButtonProps: false, render: (_, dom) => dom }
      }
      onFinish={async (values) =>
        submit(async () => {
          const input = paperBody(values)
          const saved = await saveRecord(paper, input, papersApi.create, papersApi.update)
          void message.success(paper ? '试卷已保存' : '试卷已创建（草稿），接着添加题目')
          onSaved(saved)
        })
      }
    >
      <RefusalAlert message={refusal} />
      <SelectField
        name='courseId'
        label='课程'
        width='lg'
        options={courses.options}
        disabled={readOnly || answered}
        extra={answered ? '已有学员作答，不能更换课程' : '题目从这门课程的题库中选取'}
        fieldProps={{ showSearch: true, optionFilterProp: 'label', loading: courses.loading }}
        rules={[{ required: true, message: '请选择课程' }]}
      />
      <TextField name='title' label='试卷名称' width='xl' rules={requiredText('试卷名称', TITLE_MAX)} />
      <RadioField
        name='use'
        label='用途'
        radioType='button'
        options={PAPER_USES.map((u) => ({ value: u, label: u }))}
        rules={[{ required: true, message: '请选择用途' }]}
      />
      <RadioField
        name='kind'
        label='组卷方式'
        radioType='button'
        disabled={readOnly || answered}
        options={PAPER_KINDS.map((k) => ({ value: k, label: k }))}
        extra={answered ? '已有学员作答，不能更换组卷方式' : '固定试卷：每人同一套题；随机试卷：按规则为每位学员从题库抽题'}
        rules={[{ required: true, message: '请选择组卷方式' }]}
      />
      <FieldGroup>
        <NumberField
          name='durationMinutes'
          label='答题时长（分钟）'
          width='sm'
          min={1}
          max={DURATION_MAX}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请填写答题时长' }]}
        />
        <NumberField
          name='maxAttempts'
          label='可作答次数'
          width='sm'
          min={0}
          max={ATTEMPTS_MAX}
          fieldProps={{ precision: 0 }}
          extra='0 为不限次数'
          rules={[{ required: true, message: '请填写可作答次数' }]}
        />
        <NumberField
          name='passScore'
          label='及格分'
          width='sm'
          min={0}
          max={10000}
          fieldProps={{ precision: 0 }}
          extra='发布时不能高于试卷总分'
          rules={[{ required: true, message: '请填写及格分' }]}
        />
      </FieldGroup>
      <DateTimeRangeField
        name='window'
        label='开放时间'
        extra='可不填；填写后学员只能在这段时间内开始答题，结束时间一到未交的答卷自动交卷'
        fieldProps={{ format: 'YYYY-MM-DD HH:mm', showTime: { format: 'HH:mm' }, allowEmpty: [false, false] }}
      />
      <FieldGroup>
        <SwitchField name='shuffleQuestions' label='题目乱序' />
        <SwitchField name='shuffleOptions' label='选项乱序' tooltip='单选题和多选题的选项为每位学员打乱；判断题不打乱' />
        <SwitchField name='showRank' label='显示排名' tooltip='学员查看成绩时看到自己在本试卷的名次（按最好成绩）' />
      </FieldGroup>
      <TextAreaField
        name='intro'
        label='考试说明'
        fieldProps={{ autoSize: { minRows: 3, maxRows: 8 }, maxLength: INTRO_MAX, showCount: true }}
      />
    </PageForm>
  )
}
