/**
 * 排课 in a dialog: a class, its course and teacher, one day or every chosen weekday over a range
 * of days, the time, and the room or an online address. Checked before sending; the server's
 * refusal stays in the dialog. Once made, the office is told how many sessions there are and which
 * days were left out as holidays (设置 › 考勤设置).
 */
import { App, Typography } from 'antd'
import { attendanceApi, type PlanResult, type TimetableOptions } from '../../api/attendance'
import { FieldGroup, FormDependency, RadioField, SelectField, TextField } from '../../components/form'
import type { DialogControl } from '../../components/LazyDialog'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { DayField, DayRangeField, TimeRangeField, WeekdaysField } from './fields'
import { PLAN_MAX_SESSIONS, planBody, plannedCount, planRefusal, planSummary, planValues, type PlanValues } from './timetable'

export function PlanForm({
  options,
  onPlanned,
  ...control
}: {
  /** The pickers' lists (asked once by the timetable). */
  options: () => Promise<TimetableOptions>
  onPlanned: (result: PlanResult) => void
} & DialogControl) {
  const { modal } = App.useApp()
  return (
    <SubmitModalForm<PlanValues, PlanResult>
      title='排课'
      {...control}
      width={640}
      layout='vertical'
      initialValues={planValues()}
      submitter={{ searchConfig: { submitText: '排课' } }}
      onSubmit={(values) => {
        const wrong = planRefusal(values)
        if (wrong) throw new Error(wrong)
        return attendanceApi.plan(planBody(values))
      }}
      onDone={(result) => {
        const { title, detail } = planSummary(result)
        modal.success({ title, content: detail })
        onPlanned(result)
      }}
    >
      <FieldGroup>
        <SelectField
          name='classId'
          label='班级'
          width='md'
          showSearch
          rules={[{ required: true, message: '请选择班级' }]}
          request={async () => (await options()).classes.map((c) => ({ value: c.id, label: c.name }))}
        />
        <SelectField
          name='teacherId'
          label='任课老师'
          width='sm'
          showSearch
          rules={[{ required: true, message: '请选择任课老师' }]}
          request={async () => (await options()).teachers.map((t) => ({ value: t.id, label: t.name }))}
        />
      </FieldGroup>
      <TextField
        name='course'
        label='课程'
        width='md'
        rules={[{ required: true, whitespace: true, message: '请填写课程' }]}
        fieldProps={{ maxLength: 50 }}
      />
      <RadioField
        name='repeat'
        label='排课方式'
        radioType='button'
        options={[
          { value: 'weekly', label: '每周重复' },
          { value: 'once', label: '单次' },
        ]}
      />
      <FormDependency name={['repeat']}>
        {({ repeat }) =>
          repeat === 'once' ? (
            <DayField name='date' label='上课日期' rules={[{ required: true, message: '请选择上课日期' }]} />
          ) : (
            <>
              <DayRangeField name='range' label='日期范围' rules={[{ required: true, message: '请选择排课的日期范围' }]} />
              <WeekdaysField name='weekdays' label='每周上课' rules={[{ required: true, message: '请选择每周上课的星期' }]} />
            </>
          )
        }
      </FormDependency>
      <TimeRangeField name='time' label='上课时间' rules={[{ required: true, message: '请选择上课时间' }]} />
      <FieldGroup>
        <TextField name='place' label='上课地点' width='sm' fieldProps={{ maxLength: 100 }} />
        <TextField name='onlineUrl' label='线上地址' width='md' placeholder='https://…' fieldProps={{ maxLength: 500 }} />
      </FieldGroup>
      <FormDependency name={['repeat', 'date', 'range', 'weekdays']}>
        {(values) => {
          const count = plannedCount(values as PlanValues)
          if (count === 0) return <Typography.Paragraph type='secondary'>地点与线上地址至少填一项；节假日自动跳过</Typography.Paragraph>
          return (
            <Typography.Paragraph type={count > PLAN_MAX_SESSIONS ? 'danger' : 'secondary'} data-testid='plan-count'>
              {count > PLAN_MAX_SESSIONS
                ? `超过一次最多可排的${PLAN_MAX_SESSIONS}节课，请缩短日期范围`
                : `将排 ${count} 节课（遇节假日自动跳过）；地点与线上地址至少填一项`}
            </Typography.Paragraph>
          )
        }}
      </FormDependency>
    </SubmitModalForm>
  )
}
