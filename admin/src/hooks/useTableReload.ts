/**
 * A list screen's hold on its table: `actionRef` for the list (ListTable), `reload` for what
 * changes its rows (a removal, a saved form, an import).
 */
import { useRef } from 'react'
import type { ListAction } from '../components/ListTable'

export function useTableReload() {
  const actionRef = useRef<ListAction>(undefined)
  const reload = () => void actionRef.current?.reload()
  return { actionRef, reload }
}
