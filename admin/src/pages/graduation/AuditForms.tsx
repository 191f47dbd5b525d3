/**
 * 毕业审核's dialogs: 新建审核 / 编辑 (the batch, its graduation date and required courses; the
 * batch of an audit stays), 添加条件 (a condition the office checks by hand, for one programme or
 * every student) and 标记条件 (the students picked in 毕业预览: a condition met or not). The
 * server's refusal (a batch that has an audit: 409) stays in the dialog.
 */
import { Alert, App } from 'antd'
import { type ConditionMarkInput, type GraduationAudit, type GraduationCondition, graduationAuditApi } from '../../api/graduation'
import { DateTimeField, FieldGroup, RadioField, SelectField, TextField } from '../../components/form'
import type { DialogControl } from '../../components/LazyDialog'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { requiredText } from '../../form-rules'
import { useCourseOptions } from '../../hooks/useCourseOptions'
import { BATCH_OPTIONS, BATCH_YEAR_OPTIONS } from '../students/roll'
import { type AuditValues, auditBody, auditUpdate, auditValues, conditionLabel, courseOptions, markSummary } from './audit'

export function AuditForm({
  audit,
  onSaved,
  ...control
}: {
  /** The audit to edit; none: a new one. */
  audit?: GraduationAudit
  onSaved: (saved: GraduationAudit) => void
} & DialogControl) {
  const courses = useCourseOptions()
  return (
    <SubmitModalForm<AuditValues, GraduationAudit>
      title={audit ? `编辑「${audit.title}」` : '新建毕业审核'}
      {...control}
      width={600}
      layout='vertical'
      initialValues={auditValues(audit)}
      submitter={{ searchConfig: { submitText: audit ? '保存' : '新建审核' } }}
      onSubmit={(values) => (audit ? graduationAuditApi.update(auditUpdate(audit, values)) : graduationAuditApi.create(auditBody(values)))}
      success={audit ? '毕业审核已保存' : '毕业审核已新建'}
      onDone={(saved) => onSaved(saved)}
    >
      <TextField name='title' label='名称' placeholder='如 2026年1期毕业审核' rules={requiredText('名称', 60)} />
      <FieldGroup>
        <SelectField
          name='batchYear'
          label='年份'
          width={150}
          options={BATCH_YEAR_OPTIONS}
          disabled={Boolean(audit)}
          rules={[{ required: true, message: '请选择年份' }]}
        />
        <SelectField
          name='batch'
          label='批次'
          width='xs'
          options={BATCH_OPTIONS}
          disabled={Boolean(audit)}
          rules={[{ required: true, message: '请选择批次' }]}
        />
        <DateTimeField
          name='graduationDate'
          label='毕业日期'
          width='sm'
          rules={[{ required: true, message: '请选择毕业日期' }]}
          fieldProps={{ showTime: false, format: 'YYYY-MM-DD' }}
        />
      </FieldGroup>
      <SelectField
        name='requiredCourseIds'
        label='必修课程'
        options={courseOptions(courses.options, audit?.requiredCourses)}
        extra={audit ? '批次不能更改；已毕业的学员不受影响' : '每个批次一次审核；学员学完这些课程并通过其考试才算满足'}
        fieldProps={{ mode: 'multiple', showSearch: true, optionFilterProp: 'label', loading: courses.loading, allowClear: true }}
      />
    </SubmitModalForm>
  )
}

interface ConditionValues {
  name: string
  programme: string
}

export function ConditionForm({
  audit,
  onSaved,
  ...control
}: {
  audit: GraduationAudit
  onSaved: (saved: GraduationAudit) => void
} & DialogControl) {
  return (
    <SubmitModalForm<ConditionValues, GraduationAudit>
      title='添加毕业条件'
      {...control}
      width={480}
      layout='vertical'
      initialValues={{ name: '', programme: '' }}
      submitter={{ searchConfig: { submitText: '添加' } }}
      onSubmit={({ name, programme }) =>
        graduationAuditApi.addCondition({
          auditId: audit.id,
          name: name.trim(),
          ...(programme.trim() ? { programme: programme.trim() } : {}),
        })
      }
      success='毕业条件已添加'
      onDone={(saved) => onSaved(saved)}
    >
      <TextField name='name' label='条件名称' placeholder='如 学位英语、毕业实习' rules={requiredText('条件名称', 40)} />
      <TextField
        name='programme'
        label='适用层次'
        placeholder='如 专升本；留空则适用全部学员'
        extra='与学员的报读项目一致的学员才需要满足这个条件'
        rules={[{ max: 30, message: '适用层次最多 30 个字' }]}
      />
    </SubmitModalForm>
  )
}

interface MarkValues {
  conditionId: number | undefined
  met: boolean
}

export function MarkForm({
  conditions,
  studentIds,
  onMarked,
  ...control
}: {
  /** The conditions that apply to every student picked (audit.ts markableConditions). */
  conditions: readonly GraduationCondition[]
  studentIds: readonly number[]
  onMarked: () => void
} & DialogControl) {
  const { message } = App.useApp()
  return (
    <SubmitModalForm<MarkValues, { updated: number }>
      title={`标记条件（${studentIds.length} 名学员）`}
      {...control}
      width={480}
      layout='vertical'
      initialValues={{ conditionId: conditions[0]?.id, met: true }}
      submitter={{ searchConfig: { submitText: '标记' }, submitButtonProps: { disabled: conditions.length === 0 } }}
      notice={
        conditions.length === 0 ? (
          <Alert
            type='warning'
            showIcon
            className='console-gap-bottom'
            message='选中的学员没有共同适用的人工条件：请先在「毕业条件」添加，或按层次分开选择学员。'
          />
        ) : null
      }
      onSubmit={(values) => {
        const input: ConditionMarkInput = { conditionId: values.conditionId ?? 0, met: values.met, studentIds: [...studentIds] }
        return graduationAuditApi.mark(input)
      }}
      onDone={({ updated }, values) => {
        const condition = conditions.find((c) => c.id === values.conditionId)
        if (condition) void message.success(markSummary(updated, values.met, condition))
        onMarked()
      }}
    >
      <SelectField
        name='conditionId'
        label='条件'
        options={conditions.map((c) => ({ value: c.id, label: conditionLabel(c) }))}
        rules={[{ required: true, message: '请选择条件' }]}
      />
      <RadioField
        name='met'
        label='结果'
        radioType='button'
        options={[
          { value: true, label: '已满足' },
          { value: false, label: '未满足' },
        ]}
        rules={[{ required: true, message: '请选择结果' }]}
      />
    </SubmitModalForm>
  )
}
