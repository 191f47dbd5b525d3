/** 招生老师: take a pool clue as one's own (a confirmation; on the list and on a clue's page). */
import { App, Button, Popconfirm } from 'antd'
import { useState } from 'react'
import { type AdminClue, cluesApi } from '../../api/clues'

export function TakeButton({
  clue,
  onDone,
  inHeader = false,
}: {
  clue: Pick<AdminClue, 'id' | 'name'>
  /** Called after the server accepted (or refused) the take. */
  onDone: () => void
  inHeader?: boolean
}) {
  const { message } = App.useApp()
  const [pending, setPending] = useState(false)
  return (
    <Popconfirm
      title={`领取线索「${clue.name}」？`}
      description='领取后由您负责跟进'
      okText='领取'
      onConfirm={async () => {
        if (pending) return
        setPending(true)
        try {
          await cluesApi.take(clue.id)
          void message.success('已领取')
          onDone()
        } catch {
          // The client showed the server's refusal (taken by another teacher meanwhile); the list is stale.
          onDone()
        } finally {
          setPending(false)
        }
      }}
    >
      <Button
        type={inHeader ? 'primary' : 'link'}
        loading={pending}
        disabled={pending}
        data-testid={`take-${clue.id}`}
        style={inHeader ? undefined : { padding: 0 }}
      >
        领取
      </Button>
    </Popconfirm>
  )
}
