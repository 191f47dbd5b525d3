/**
 * 新建论文批次 / 修改 in a dialog: the student batch it is for, the topic window and each stage's last
 * day (实习报告 only when the programme asks for one), the two scores' weights and the pass mark.
 * Dates out of order and weights not adding to 100 are refused before sending (thesis.ts
 * batchRefusal, in the server's words); the server's refusals (a student batch with one: 409) stay
 * in the dialog.
 */
import { DateTimeField, FieldGroup, NumberField, SelectField, TextField } from '../../components/form'
import type { DialogControl } from '../../components/LazyDialog'
import { type ThesisBatch, thesisApi } from '../../api/thesis'
import { recordTexts, saveRecord } from '../../components/record-form'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { requiredText } from '../../form-rules'
import { BATCH_OPTIONS, BATCH_YEAR_OPTIONS } from '../students/roll'
import { type BatchValues, batchBody, batchRefusal, batchValues } from './thesis'

const DATE = { showTime: false, format: 'YYYY-MM-DD' } as const

function DateField({
  name,
  label,
  required = true,
  extra,
}: {
  name: keyof BatchValues
  label: string
  required?: boolean
  extra?: string
}) {
  return (
    <DateTimeField
      name={name}
      label={label}
      width='sm'
      extra={extra}
      rules={required ? [{ required: true, message: `请选择${label}` }] : undefined}
      fieldProps={DATE}
    />
  )
}

function Weight({ name, label }: { name: keyof BatchValues; label: string }) {
  return (
    <NumberField
      name={name}
      label={label}
      width={150}
      min={0}
      max={100}
      fieldProps={{ precision: 0, addonAfter: '%' }}
      rules={[{ required: true, message: `请填写${label}` }]}
    />
  )
}

export function BatchForm({
  batch,
  onSaved,
  ...control
}: {
  /** The batch to change; none: a new one. */
  batch?: ThesisBatch
  onSaved: (saved: ThesisBatch) => void
} & DialogControl) {
  return (
    <SubmitModalForm<BatchValues, ThesisBatch>
      {...recordTexts('论文批次', batch)}
      {...control}
      width={640}
      layout='vertical'
      initialValues={batchValues(batch)}
      onSubmit={(values) => {
        const wrong = batchRefusal(values)
        if (wrong) throw new Error(wrong)
        return saveRecord(batch, batchBody(values), thesisApi.createBatch, thesisApi.updateBatch)
      }}
      onDone={(saved) => onSaved(saved)}
    >
      <TextField name='name' label='批次名称' placeholder='如 2026年1期毕业论文' rules={requiredText('批次名称', 60)} />
      <FieldGroup>
        <SelectField
          name='batchYear'
          label='学员批次年份'
          width={150}
          options={BATCH_YEAR_OPTIONS}
          rules={[{ required: true, message: '请选择批次年份' }]}
        />
        <SelectField name='batch' label='学员批次' width='xs' options={BATCH_OPTIONS} rules={[{ required: true, message: '请选择批次' }]} />
      </FieldGroup>
      <FieldGroup>
        <DateField name='topicFrom' label='选题开始日期' />
        <DateField name='topicTo' label='选题结束日期' />
      </FieldGroup>
      <FieldGroup>
        <DateField name='proposalDue' label='开题报告截止日期' />
        <DateField name='draftDue' label='初稿截止日期' />
      </FieldGroup>
      <FieldGroup>
        <DateField name='finalDue' label='定稿截止日期' />
        <DateField name='internshipDue' label='实习报告截止日期' required={false} extra='不需要实习报告时留空' />
      </FieldGroup>
      <FieldGroup>
        <Weight name='advisorWeight' label='指导教师评分权重' />
        <Weight name='defenceWeight' label='答辩评分权重' />
        <NumberField
          name='passScore'
          label='及格分'
          width={120}
          min={1}
          max={100}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请填写及格分' }]}
        />
      </FieldGroup>
    </SubmitModalForm>
  )
}
