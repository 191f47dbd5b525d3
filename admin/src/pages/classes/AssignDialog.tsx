/**
 * 分班 for one class, in three steps: whom (students picked by name, phone or student number, by
 * default among those in no class; or every student of a roll filter), then the confirmation with
 * the counts (who joins, who moves here from another class, who is here already: asked of the
 * student list before anything changes), then what the server did. The class's page reloads once
 * the dialog closes.
 */
import { StudentStatus } from '@activity/wire'
import { Alert, Button, Form, Result, Select, type SelectProps } from 'antd'
import { useState } from 'react'
import { type AssignInput, type AssignResult, classesApi, type SchoolClass } from '../../api/classes'
import { studentsApi } from '../../api/students'
import { FormDependency, ModalForm, RadioField, SwitchField } from '../../components/form'
import { framed } from '../../components/form/fields'
import type { DialogControl } from '../../components/LazyDialog'
import { useSearchSelect } from '../../hooks/useSearchSelect'
import { useSubmission } from '../../hooks/useSubmission'
import { RollFilterFields } from '../students/roll-filter'
import {
  assignBody,
  assignPreview,
  type AssignPreview,
  assignSummary,
  type AssignValues,
  filterText,
  pickedIds,
  previewText,
} from './class-form'

/** A student found by the picker: where they are now (their class, or none) and their label. */
type Found = { classId: number | null; label: string }

type Values = AssignValues & { pickUnplaced?: boolean }

/** A Select without the aria-required Form.Item gives it (not allowed on its frame: fields.tsx framed). */
const FramedSelect = framed<SelectProps<number[]>>(Select)

/** Students chosen by typing, each labelled with the class they are in now. */
function StudentsPicker({
  unplacedOnly,
  found,
  onFound,
  ...rest
}: Omit<SelectProps<number[]>, 'options' | 'mode'> & {
  unplacedOnly: boolean
  /** Every student found so far (chosen ones stay labelled when a new search answers without them). */
  found: ReadonlyMap<number, Found>
  onFound: (students: Array<[number, Found]>) => void
}) {
  const { options, selectProps } = useSearchSelect(
    (keyword) =>
      studentsApi.list({ keyword, unplaced: unplacedOnly ? 'true' : undefined, page: 1, size: 20 }).then((page) => {
        const rows = page.list.map(
          (s) => [s.id, { classId: s.classId, label: `${s.name} ${s.phone}（${s.className ?? '未分班'}）` }] as [number, Found],
        )
        onFound(rows)
        return rows.map(([value, { label }]) => ({ value, label }))
      }),
    { notFound: unplacedOnly ? '没有找到未分班的学员' : '没有找到学员' },
  )
  const chosen = (rest.value ?? []).filter((id) => !options.some((o) => o.value === id))
  const shown = [...chosen.map((id) => ({ value: id, label: found.get(id)?.label ?? `学员 #${id}` })), ...options]
  // No placeholder: antd draws a multiple select's in its light grey (1.8:1); the field's help says what to type.
  return <FramedSelect mode='multiple' {...selectProps} options={shown} {...rest} />
}

/** The counts of the confirmation, asked of the student list (three totals of one row each). */
async function rollCounts(classId: number, filter: NonNullable<AssignInput['filter']>) {
  const total = (extra: Record<string, string | number | undefined>) =>
    studentsApi.list({ ...filter, unplaced: filter.unplaced ? 'true' : undefined, ...extra, page: 1, size: 1 }).then((p) => p.total)
  const [matched, unplaced, inClass] = await Promise.all([
    total({}),
    total({ unplaced: 'true' }),
    filter.unplaced ? Promise.resolve(0) : total({ classId }),
  ])
  return assignPreview({ matched, unplaced, inClass })
}

export function AssignDialog({
  klass,
  onAssigned,
  open,
  onOpenChange: setOpen,
}: {
  klass: Pick<SchoolClass, 'id' | 'name' | 'school' | 'major' | 'level' | 'batchYear' | 'batch'>
  /** After a placement that changed the class, once the dialog has closed. */
  onAssigned: () => void
} & DialogControl) {
  const [found, setFound] = useState<ReadonlyMap<number, Found>>(new Map())
  const [confirming, setConfirming] = useState<{ body: AssignInput; preview: AssignPreview }>()
  const [answer, setAnswer] = useState<AssignResult>()
  const { submit, shown, clear, pending } = useSubmission()

  const confirm = () =>
    submit(async () => {
      if (!confirming) return
      setAnswer(await classesApi.assign(confirming.body))
      setConfirming(undefined)
    })

  return (
    <ModalForm<Values>
      title={`分班到「${klass.name}」`}
      width={680}
      open={open}
      onOpenChange={setOpen}
      modalProps={{
        onCancel: clear,
        afterClose: () => {
          if (answer && answer.joined > 0) onAssigned()
          setAnswer(undefined)
          setConfirming(undefined)
        },
      }}
      // The class's own roll as the filter's start: its students are most often these.
      initialValues={{
        mode: 'students',
        pickUnplaced: true,
        school: klass.school,
        major: klass.major,
        level: klass.level,
        batchYear: klass.batchYear,
        batch: klass.batch,
        status: StudentStatus.studying,
        unplacedOnly: true,
      }}
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
          : confirming
            ? {
                render: () => [
                  <Button key='back' onClick={() => setConfirming(undefined)} disabled={pending}>
                    返回修改
                  </Button>,
                  <Button
                    key='confirm'
                    type='primary'
                    loading={pending}
                    disabled={confirming.preview.tooMany || confirming.preview.joining === 0}
                    onClick={() => void confirm()}
                  >
                    确认分班
                  </Button>,
                ],
              }
            : { searchConfig: { submitText: '下一步' } }
      }
      onFinish={async (values) => {
        await submit(async () => {
          const body = assignBody(klass.id, values)
          const preview = body.filter
            ? await rollCounts(klass.id, body.filter)
            : (() => {
                const ids = pickedIds(values)
                const at = ids.map((id) => found.get(id)?.classId ?? null)
                return assignPreview({
                  matched: ids.length,
                  unplaced: at.filter((c) => c === null).length,
                  inClass: at.filter((c) => c === klass.id).length,
                })
              })()
          setConfirming({ body, preview })
        })
        // Stays open on the confirmation (or the refusal).
        return false
      }}
    >
      {shown}
      {answer ? (
        <div data-testid='assign-result'>
          <Result status={answer.joined > 0 ? 'success' : 'info'} title={assignSummary(answer)} />
        </div>
      ) : confirming ? (
        <div data-testid='assign-confirm'>
          <Alert
            type={confirming.preview.tooMany || confirming.preview.joining === 0 ? 'warning' : 'info'}
            showIcon
            message={previewText(confirming.preview, klass.name)}
            description={confirming.body.filter ? `学籍条件：${filterText(confirming.body.filter)}` : '选择的学员'}
          />
        </div>
      ) : (
        <>
          <RadioField
            name='mode'
            label='分班方式'
            radioType='button'
            options={[
              { value: 'students', label: '选择学员' },
              { value: 'roll', label: '按学籍条件' },
            ]}
          />
          <FormDependency name={['mode', 'pickUnplaced']}>
            {({ mode, pickUnplaced }: Partial<Values>) =>
              mode === 'roll' ? (
                <>
                  <Alert
                    type='info'
                    showIcon
                    className='console-gap-bottom'
                    message='符合全部所填条件的学员分入本班；下一步先显示人数，确认后才分班。'
                  />
                  <RollFilterFields withStatus />
                  <SwitchField
                    name='unplacedOnly'
                    label='只分未分班的学员'
                    tooltip='关闭后，已在其他班级的学员会转入本班（原班级记入历史）'
                  />
                </>
              ) : (
                <>
                  <SwitchField name='pickUnplaced' label='只搜索未分班的学员' />
                  <Form.Item
                    name='studentIds'
                    label='学员'
                    extra='输入姓名、完整手机号或学号搜索，可选多名'
                    rules={[{ required: true, message: '请选择要分入本班的学员' }]}
                  >
                    <StudentsPicker
                      key={String(pickUnplaced)}
                      unplacedOnly={pickUnplaced !== false}
                      found={found}
                      onFound={(students) => setFound((all) => new Map([...all, ...students]))}
                    />
                  </Form.Item>
                </>
              )
            }
          </FormDependency>
        </>
      )}
    </ModalForm>
  )
}
