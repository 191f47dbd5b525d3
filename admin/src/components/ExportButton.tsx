/**
 * An export: fetches the file with the list's current filters and sort and saves it; a refusal
 * from the server (a role without the right, too many rows, an expired session) is shown as its
 * message instead of being saved as a file. Busy while the file comes, so a double click exports once.
 */
import { DownloadOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { type ReactNode, useState } from 'react'
import { download, type Query } from '../api/client'

export function ExportButton({ path, query, children, testId }: { path: string; query?: Query; children: ReactNode; testId?: string }) {
  const [busy, setBusy] = useState(false)
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      data-testid={testId}
      onClick={async () => {
        if (busy) return
        setBusy(true)
        try {
          await download(path, query)
        } catch {
          // The client has shown the server's message (or gone to the sign-in page).
        } finally {
          setBusy(false)
        }
      }}
    >
      {children}
    </Button>
  )
}
