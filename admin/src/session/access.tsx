/** The signed-in operator's permissions (access.ts), for a screen to show or hide what their role may do. */
import { useMemo } from 'react'
import { type Access, accessFor } from '../access'
import { useSession } from './session'

export function useAccess(): Access {
  const role = useSession().admin?.role
  return useMemo(() => accessFor(role), [role])
}
