import { useEffect, useRef } from 'react'

/**
 * Whether the component is still on screen (`.current`): read after an await, so that a page
 * left while its call was under way does not set its state.
 */
export function useMounted(): { readonly current: boolean } {
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  return mounted
}
