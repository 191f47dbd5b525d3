/** The signed-in operator's permissions (access.ts), for a screen to show or hide what their position may do. */
import { useMemo } from 'react'
import { type Access, accessFor } from '../access'
import { useSession } from './session'

export function useAccess(): Access {
  const rights = useSession().admin?.rights
  return useMemo(() => accessFor(rights), [rights])
}
