/**
 * Who is signed in. Sign-in, sign-out and session-expired are the three transitions, each made
 * here: the sign-in page reports a signed-in operator, the shell asks the server once on load,
 * and the API client reports an expired session (100000004) from any call.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { type Admin, sessionApi } from '../api/session'

interface Session {
  /** undefined: not asked yet; null: nobody. */
  admin: Admin | null | undefined
  signedIn: (admin: Admin) => void
  sessionExpired: () => void
  signOut: () => Promise<void>
  /** Asks the server who is signed in (the first load of a console page). */
  restore: () => Promise<void>
}

const SessionContext = createContext<Session | null>(null)

export function SessionProvider({ children }: { children: ReactNode }) {
  const [admin, setAdmin] = useState<Admin | null | undefined>(undefined)
  const signedIn = useCallback((a: Admin) => setAdmin(a), [])
  const sessionExpired = useCallback(() => setAdmin(null), [])
  const signOut = useCallback(async () => {
    try {
      await sessionApi.signOut()
    } finally {
      setAdmin(null)
    }
  }, [])
  // One question at a time: a restore asked while one is under way, or answered but not yet
  // rendered (the frame mounting in between would ask again), gets that one's answer.
  const asking = useRef<Promise<void>>(undefined)
  const restore = useCallback(() => {
    asking.current ??= sessionApi.signInfo().then(setAdmin, () => {
      // 100000004 already went to the sign-in page; anything else is shown by the client.
      asking.current = undefined
    })
    return asking.current
  }, [])
  useEffect(() => {
    asking.current = undefined
  }, [admin])
  // Asked at once on a console page other than sign-in, beside the signed-in frame's scripts
  // rather than after them (effects run after the router's, so the client already knows where an
  // expired session goes).
  useEffect(() => {
    if (!/^\/admin\/signIn\b/.test(window.location.pathname)) void restore()
  }, [restore])
  const value = useMemo(() => ({ admin, signedIn, sessionExpired, signOut, restore }), [admin, signedIn, sessionExpired, signOut, restore])
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside SessionProvider')
  return session
}

/** The in-console address to return to after signing in: only a path of this console, never another site. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined
  if (value.startsWith('/signIn')) return undefined
  return value
}
