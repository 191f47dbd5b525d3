import { sessionCookie } from '../request/cookie'
import { PERSON_COOKIE } from '../request/types'
import { useStore } from '../store'
import { REMEMBERED_VIEWS, storageKey, taroStorage } from '../store/storage'
import { sessionReducer, type SessionEvent, type SessionState } from './reducer'

/**
 * The one place session events are handled: the reducer computes the new state, the store
 * takes it, and the side effects that go with each event run here (the mini-program's stored
 * cookie is forgotten on sign-out). Listeners hear every event after it is applied.
 */
type Listener = (event: SessionEvent) => void
const listeners = new Set<Listener>()

function sessionStateOf(): SessionState {
  const { user, loginOther, person } = useStore.getState()
  return { user, loginOther, person }
}

export function dispatchSession(event: SessionEvent): void {
  const leaving = event.type === 'signedOut' ? useStore.getState().user?.id : undefined
  useStore.setState(sessionReducer(sessionStateOf(), event))
  // What was kept of this person's data for a quick first paint goes with them.
  if (leaving !== undefined) for (const name of Object.values(REMEMBERED_VIEWS)) taroStorage.remove(storageKey(name, leaving))
  // Only the person's cookie: a 教职工 session on the same device (asid) is not theirs to end.
  if (event.type === 'signedOut') sessionCookie.clear(PERSON_COOKIE)
  for (const listener of listeners) listener(event)
}

/** Hears every session event; returns the unsubscribe. */
export function onSessionEvent(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export type { SessionEvent }
