/**
 * A list screen's hold on its table: `actionRef` for the ProTable (UrlProTable), `reload` for what
 * changes its rows (a removal, a saved form, an import).
 */
import type { ActionType } from '@ant-design/pro-components'
import { useRef } from 'react'

export function useTableReload() {
  const actionRef = useRef<ActionType>(undefined)
  const reload = () => void actionRef.current?.reload()
  return { actionRef, reload }
}
