/**
 * A screen's `preload`: the GETs it makes first, sent when the console is opened at its address,
 * beside the session's check and the screen's scripts rather than after them (App.tsx). A screen's
 * module exports it; api/client.ts' preload keeps the answers for the screen's own calls.
 */

/** Where a screen is opened: its address' parameters (`:id`) and query. */
export interface ScreenAddress {
  params: Readonly<Record<string, string | undefined>>
  search: URLSearchParams
}

/** A screen's first GETs (its API module's calls); what they answer, its own calls take. */
export type ScreenPreload = (at: ScreenAddress) => void
