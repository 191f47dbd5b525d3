/**
 * A phone in a list. For a position without 查看完整手机号 the server sends it masked (138****0000);
 * 查看 asks for the whole number, which the server records in 操作日志, and shows it in place
 * until the list is read again. A whole phone is shown as it is (`copyable` outside a row's link).
 */
import { Button, Typography } from 'antd'
import { useState } from 'react'
import { sensitiveDataApi, type RevealKind } from '../api/sensitive-data'

export function MaskedPhone({ phone, kind, id, copyable = false }: { phone: string; kind: RevealKind; id: number; copyable?: boolean }) {
  const [whole, setWhole] = useState<{ masked: string; phone: string }>()
  const [busy, setBusy] = useState(false)
  const shown = whole?.masked === phone ? whole.phone : phone
  if (!shown.includes('*'))
    return copyable ? (
      <Typography.Text copyable={{ text: shown }} className='console-nowrap'>
        {shown}
      </Typography.Text>
    ) : (
      <span className='console-nowrap'>{shown}</span>
    )
  return (
    <span className='console-nowrap'>
      {shown}
      <Button
        type='link'
        size='small'
        loading={busy}
        data-testid={`reveal-${kind}-${id}`}
        onClick={async (event) => {
          // Inside a row's link: reveal without following it.
          event.preventDefault()
          event.stopPropagation()
          setBusy(true)
          try {
            setWhole({ masked: phone, phone: (await sensitiveDataApi.revealPhone(kind, id)).phone })
          } catch {
            // The client has shown the server's message.
          } finally {
            setBusy(false)
          }
        }}
      >
        查看
      </Button>
    </span>
  )
}
