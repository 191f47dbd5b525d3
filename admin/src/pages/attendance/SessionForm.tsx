/**
 * One session's 修改 (course, teacher, day, time, place; until it ends) and 取消 (with the reason its
 * students read; until it starts), each in a dialog. The class's students are told of a new time
 * or place, and of a cancellation, by the server.
 */
import { Alert } from 'antd'
import { attendanceApi, type Session, type SessionRow, type TimetableOptions } from '../../api/attendance'
import { FieldGroup, SelectField, TextAreaField, TextField } from '../../components/form'
import type { DialogControl } from '../../components/LazyDialog'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { requiredText } from '../../form-rules'
import { DayField, TimeRangeField } from './fields'
import { sessionBody, sessionRefusal, sessionValues, type SessionValues } from './timetable'

const named = (s: SessionRow) => `${s.className}「${s.course}」${s.date} ${s.startTime}-${s.endTime}`

export function SessionForm({
  session,
  options,
  onSaved,
  ...control
}: {
  session: SessionRow
  options: () => Promise<TimetableOptions>
  onSaved: () => void
} & DialogControl) {
  return (
    <SubmitModalForm<SessionValues, Session>
      title={`修改课次：${session.className}`}
      {...control}
      width={600}
      layout='vertical'
      initialValues={sessionValues(session)}
      submitter={{ searchConfig: { submitText: '保存' } }}
      notice={<Alert type='info' showIcon className='console-gap-bottom' message='改动上课时间或地点后，班级学员会收到课表变更通知' />}
      onSubmit={(values) => {
        const wrong = sessionRefusal(values)
        if (wrong) throw new Error(wrong)
        return attendanceApi.update(sessionBody(session.id, values))
      }}
      success='课次已保存'
      onDone={onSaved}
    >
      <FieldGroup>
        <TextField
          name='course'
          label='课程'
          width='sm'
          rules={[{ required: true, whitespace: true, message: '请填写课程' }]}
          fieldProps={{ maxLength: 50 }}
        />
        <SelectField
          name='teacherId'
          label='任课老师'
          width='sm'
          showSearch
          rules={[{ required: true, message: '请选择任课老师' }]}
          request={async () => {
            const teachers = (await options()).teachers.map((t) => ({ value: t.id, label: t.name }))
            // A teacher since disabled stays shown as the session's own.
            const own = session.teacherId && !teachers.some((t) => t.value === session.teacherId)
            return own ? [{ value: session.teacherId!, label: session.teacherName }, ...teachers] : teachers
          }}
        />
      </FieldGroup>
      <FieldGroup>
        <DayField name='date' label='上课日期' rules={[{ required: true, message: '请选择上课日期' }]} />
        <TimeRangeField name='time' label='上课时间' rules={[{ required: true, message: '请选择上课时间' }]} />
      </FieldGroup>
      <FieldGroup>
        <TextField name='place' label='上课地点' width='sm' fieldProps={{ maxLength: 100 }} />
        <TextField name='onlineUrl' label='线上地址' width='md' placeholder='https://…' fieldProps={{ maxLength: 500 }} />
      </FieldGroup>
    </SubmitModalForm>
  )
}

export function CancelSession({ session, onCancelled, ...control }: { session: SessionRow; onCancelled: () => void } & DialogControl) {
  return (
    <SubmitModalForm<{ reason: string }, Session>
      title='取消课次'
      {...control}
      width={480}
      layout='vertical'
      submitter={{ searchConfig: { submitText: '取消课次', resetText: '关闭' }, submitButtonProps: { danger: true } }}
      notice={<Alert type='warning' showIcon className='console-gap-bottom' message={`取消${named(session)}，班级学员会收到通知`} />}
      onSubmit={({ reason }) => attendanceApi.cancel({ id: session.id, reason: reason.trim() })}
      success='课次已取消'
      onDone={onCancelled}
    >
      <TextAreaField
        name='reason'
        label='取消原因'
        placeholder='学员会看到这个原因'
        rules={requiredText('取消原因', 100)}
        fieldProps={{ maxLength: 100, showCount: true }}
      />
    </SubmitModalForm>
  )
}
