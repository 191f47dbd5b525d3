/**
 * An export: fetches the file with the list's current filters and sort and saves it; a refusal
 * from the server (a position without the right, too many rows, an expired session) is shown as its
 * message instead of being saved as a file. Busy while the file comes, so a double click exports once.
 * Phones and ID numbers come masked (138****0000); an operator holding the unmasked-export right
 * also gets 明文导出, which the server lets through after a step-up (the dialog opens by itself).
 * A file that carries the numbers in full whatever is asked (毕业照片 named by 身份证号) is only a
 * 明文导出: `unmaskedOnly` gives the reason, shown on the button, which those without the right
 * cannot press.
 */
import { DownloadOutlined } from '@ant-design/icons'
import { Button, Dropdown, Tooltip } from 'antd'
import { type ReactNode, useState } from 'react'
import { download, type Query } from '../api/client'
import { useAccess } from '../session/access'

export interface ExportButtonProps {
  path: string
  query?: Query
  children: ReactNode
  testId?: string
  /** The name saved when the server gives none. @default 'export.xlsx' */
  fallbackName?: string
  /** Why the file can only be exported unmasked (it holds ID numbers in full): the one way offered is 明文导出. */
  unmaskedOnly?: string
}

export function ExportButton({ path, query, children, testId, fallbackName, unmaskedOnly }: ExportButtonProps) {
  const [busy, setBusy] = useState(false)
  const { canExportUnmasked } = useAccess()
  const run = async (unmasked: boolean) => {
    if (busy) return
    setBusy(true)
    try {
      await download(path, unmasked ? { ...query, unmasked: '是' } : query, { fallbackName })
    } catch {
      // The client has shown the server's message (or gone to the sign-in page).
    } finally {
      setBusy(false)
    }
  }
  if (unmaskedOnly)
    return (
      <Tooltip title={`${unmaskedOnly}，${canExportUnmasked ? '下载前需验证身份' : '需要明文导出权限'}`}>
        <Button
          icon={<DownloadOutlined />}
          loading={busy}
          disabled={!canExportUnmasked}
          data-testid={testId}
          onClick={() => void run(true)}
        >
          {children}
        </Button>
      </Tooltip>
    )
  const button = (
    <Button icon={<DownloadOutlined />} loading={busy} data-testid={testId} onClick={() => void run(false)}>
      {children}
    </Button>
  )
  if (!canExportUnmasked) return button
  return (
    <Dropdown.Button
      loading={busy}
      data-testid={testId ? `${testId}-menu` : undefined}
      buttonsRender={([, right]) => [button, right]}
      menu={{
        items: [{ key: 'unmasked', label: '明文导出（需身份验证）' }],
        onClick: () => void run(true),
      }}
    >
      {children}
    </Dropdown.Button>
  )
}
