/**
 * 通过 / 驳回 a student's correction request: 通过 asks for confirmation (the change applies at
 * once), 驳回 asks for the reason the student will read. The screen shows the answer in place.
 */
import { App, Button, Popconfirm, Space } from 'antd'
import { useState } from 'react'
import { type RollRequest, rollRequestsApi } from '../../api/students'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { ReasonField } from '../../components/ReasonField'

interface Props {
  request: Pick<RollRequest, 'id' | 'fieldLabel' | 'oldValue' | 'newValue'> & { studentName?: string }
  /** Called with the request as the server answered (or after a refusal, to reload a stale row). */
  onDone: (answer?: RollRequest) => void
}

export function RequestActions({ request, onDone }: Props) {
  const { message } = App.useApp()
  const [approving, setApproving] = useState(false)
  const who = request.studentName ? `${request.studentName}的` : ''
  return (
    <Space size='middle'>
      <Popconfirm
        title={`通过${who}${request.fieldLabel}修改？`}
        description={`${request.oldValue ?? '空'} → ${request.newValue}，通过后立即生效`}
        okText='通过'
        onConfirm={async () => {
          if (approving) return
          setApproving(true)
          try {
            const answer = await rollRequestsApi.approve(request.id)
            void message.success('已通过，学籍信息已更新')
            onDone(answer)
          } catch {
            // The client showed the server's refusal (handled by someone else meanwhile); reload.
            onDone()
          } finally {
            setApproving(false)
          }
        }}
      >
        <Button type='link' className='console-link-button' loading={approving} data-testid={`approve-${request.id}`}>
          通过
        </Button>
      </Popconfirm>
      <SubmitModalForm<{ reason: string }, RollRequest>
        title={`驳回${who}${request.fieldLabel}修改`}
        width={460}
        trigger={
          <Button type='link' danger className='console-link-button' data-testid={`refuse-${request.id}`}>
            驳回
          </Button>
        }
        keepRefusalWhileEditing
        submitter={{ searchConfig: { submitText: '驳回' } }}
        onSubmit={({ reason }) => rollRequestsApi.refuse({ id: request.id, reason: reason.trim() })}
        success='已驳回'
        onDone={(answer) => onDone(answer)}
        onStale={() => onDone()}
      >
        <ReasonField label='驳回原因' placeholder='学员会看到这个原因，例如：请上传与身份证一致的姓名' />
      </SubmitModalForm>
    </Space>
  )
}
