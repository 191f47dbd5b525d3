/**
 * 新增 / 修改班级 in a dialog: name, school, major, level, batch and the head teacher (an operator;
 * none for now is allowed). A new head teacher is recorded by the server as 更换班主任.
 */
import { STUDENT_LEVELS } from '@activity/wire'
import { FieldGroup, RadioField, SelectField, TextField } from '../../components/form'
import type { DialogControl } from '../../components/LazyDialog'
import { classesApi, type SchoolClass } from '../../api/classes'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { recordTexts, saveRecord } from '../../components/record-form'
import { requiredText } from '../../form-rules'
import { BATCH_OPTIONS, BATCH_YEAR_OPTIONS } from '../students/roll'
import { classInput, type ClassValues } from './class-form'
import { headTeacherOptions } from './head-teachers'

export function ClassForm({
  klass,
  onSaved,
  ...control
}: {
  /** The class to change; none: a new one. */
  klass?: SchoolClass
  onSaved: (saved: SchoolClass) => void
} & DialogControl) {
  const texts = recordTexts('班级', klass)
  return (
    <SubmitModalForm<ClassValues, SchoolClass>
      {...texts}
      {...control}
      width={600}
      initialValues={klass ? { ...klass, headTeacherId: klass.headTeacherId ?? undefined } : { level: '本科' }}
      onSubmit={(values) => saveRecord(klass, classInput(values), classesApi.create, classesApi.update)}
      onDone={(saved) => onSaved(saved)}
    >
      <TextField name='name' label='班级名称' rules={requiredText('班级名称', 40)} placeholder='例如 2026年1期 工商管理（本科）1班' />
      <FieldGroup>
        <TextField name='school' label='院校' width='sm' rules={requiredText('院校', 50)} />
        <TextField name='major' label='专业' width='sm' rules={requiredText('专业', 50)} />
      </FieldGroup>
      <FieldGroup>
        <RadioField name='level' label='层次' radioType='button' options={STUDENT_LEVELS.map((l) => ({ value: l, label: l }))} />
        <SelectField
          name='batchYear'
          label='批次年份'
          width='xs'
          options={BATCH_YEAR_OPTIONS}
          rules={[{ required: true, message: '请选择批次年份' }]}
        />
        <SelectField name='batch' label='批次' width='xs' options={BATCH_OPTIONS} rules={[{ required: true, message: '请选择批次' }]} />
      </FieldGroup>
      <SelectField
        name='headTeacherId'
        label='班主任'
        width='md'
        request={() => headTeacherOptions(klass)}
        showSearch
        allowClear
        placeholder='暂不指定'
        extra='班主任审批本班学员的请假和学籍变更，更换班主任记入操作日志'
      />
    </SubmitModalForm>
  )
}
