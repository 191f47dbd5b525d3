/**
 * 处理 a parcel's problem (物流异常): what the office did about it, required; the parcel leaves the
 * queue until a new exception or days more without a track. Someone else handled it meanwhile: the
 * server's refusal stays in the dialog and the list behind reloads once it closes.
 */
import { Alert } from 'antd'
import { type Parcel, parcelsApi } from '../../api/parcels'
import type { DialogControl } from '../../components/LazyDialog'
import { ReasonField } from '../../components/ReasonField'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { problemText } from './textbooks'

export function HandleForm({
  parcel,
  stuckDays,
  onDone,
  ...control
}: {
  parcel: Pick<Parcel, 'id' | 'carrierName' | 'waybillNo' | 'problem' | 'student'>
  stuckDays?: number
  onDone: () => void
} & DialogControl) {
  return (
    <SubmitModalForm<{ note: string }>
      title={`处理异常：${parcel.carrierName} ${parcel.waybillNo}`}
      {...control}
      width={520}
      layout='vertical'
      submitter={{ searchConfig: { submitText: '处理' } }}
      notice={
        parcel.problem ? (
          <Alert
            type='warning'
            showIcon
            className='console-gap-bottom'
            message={`${parcel.student.name}的包裹：${parcel.problem}（${problemText(parcel.problem, stuckDays)}）`}
            description='处理后包裹移出异常队列；再有新的异常，或又连续多日无新轨迹时，会重新进入。'
          />
        ) : null
      }
      onSubmit={({ note }) => parcelsApi.handle({ id: parcel.id, note: note.trim() })}
      success='已处理'
      onDone={onDone}
      onStale={onDone}
    >
      <ReasonField name='note' label='处理说明' placeholder='如 已联系快递公司重新派送 / 已补寄' rows={3} />
    </SubmitModalForm>
  )
}
