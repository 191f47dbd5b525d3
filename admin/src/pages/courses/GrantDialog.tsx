/**
 * 开通课程 (管理员): a course given to students without paying (source 学校开通), either to chosen
 * students (picked here, or the register's selection) or to every student of a school / major /
 * level / batch. The dialog then says how many were granted and how many had it already; the
 * list behind it is refreshed once it closes.
 */
import { FormDependency, ModalForm, RadioField } from '../../components/form'
import { Alert, Button, Form, Result } from 'antd'
import { useState } from 'react'
import { type GrantAnswer, grantsApi } from '../../api/study'
import type { DialogControl } from '../../components/LazyDialog'
import { useSubmission } from '../../hooks/useSubmission'
import { RollFilterFields } from '../students/roll-filter'
import { grantBody, grantSummary, type GrantValues } from './grant'
import { CoursePicker, StudentPicker } from './Pickers'

type Values = GrantValues & { courseId?: number }

export function GrantDialog({
  course,
  studentIds,
  onGranted,
  open,
  onOpenChange: setOpen,
}: {
  /** The course to grant; without it the dialog asks which. */
  course?: { id: number; title: string }
  /** Students chosen already (the register's selection); without them the dialog asks whom. */
  studentIds?: number[]
  onGranted?: () => void
} & DialogControl) {
  const [answer, setAnswer] = useState<GrantAnswer>()
  const { submit, shown, clear } = useSubmission()
  const chosen = studentIds !== undefined
  return (
    <ModalForm<Values>
      title={course ? `开通课程「${course.title}」` : `为 ${studentIds?.length ?? 0} 名学员开通课程`}
      width={640}
      open={open}
      onOpenChange={setOpen}
      modalProps={{
        onCancel: clear,
        afterClose: () => {
          if (answer && answer.granted > 0) onGranted?.()
          setAnswer(undefined)
        },
      }}
      initialValues={{ mode: 'students', studentIds }}
      onValuesChange={clear}
      submitter={
        answer
          ? {
              render: () => [
                <Button key='done' type='primary' onClick={() => setOpen(false)}>
                  完成
                </Button>,
              ],
            }
          : { searchConfig: { submitText: '开通' } }
      }
      onFinish={async (values) => {
        await submit(async () => {
          const courseId = course?.id ?? values.courseId
          if (!courseId) throw new Error('请选择课程')
          setAnswer(await grantsApi.grant(grantBody(courseId, chosen ? { mode: 'students', studentIds } : values)))
        })
        // Stays open on the answer (or the refusal).
        return false
      }}
    >
      {answer ? (
        <div data-testid='grant-result'>
          <Result
            status={answer.granted > 0 ? 'success' : 'info'}
            title={grantSummary(answer)}
            subTitle='开通的课程出现在学员的「我的课程」中，来源为学校开通。'
          />
        </div>
      ) : (
        <>
          {shown}
          {course ? null : (
            <Form.Item name='courseId' label='课程' rules={[{ required: true, message: '请选择课程' }]}>
              <CoursePicker />
            </Form.Item>
          )}
          {chosen ? (
            <Alert type='info' showIcon className='console-gap-bottom' message={`将为学员列表中选中的 ${studentIds.length} 名学员开通。`} />
          ) : (
            <>
              <RadioField
                name='mode'
                label='开通给'
                radioType='button'
                options={[
                  { value: 'students', label: '指定学员' },
                  { value: 'roll', label: '按学籍条件' },
                ]}
              />
              <FormDependency name={['mode']}>
                {({ mode }: Partial<Values>) =>
                  mode === 'roll' ? (
                    <>
                      <Alert
                        type='info'
                        showIcon
                        className='console-gap-bottom'
                        message='为符合全部所填条件的学员开通（如 某校 + 2026年1期）；至少填写一项。'
                      />
                      <RollFilterFields />
                    </>
                  ) : (
                    <Form.Item name='studentIds' label='学员' rules={[{ required: true, message: '请选择要开通的学员' }]}>
                      <StudentPicker />
                    </Form.Item>
                  )
                }
              </FormDependency>
            </>
          )}
        </>
      )}
    </ModalForm>
  )
}
