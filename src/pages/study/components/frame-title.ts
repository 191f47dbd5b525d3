/**
 * Naming the frame a web-view draws, for screen readers: H5 only (frame-title.h5.ts); a
 * mini-program's web-view is the host's own page.
 */
export function nameFrame(_selector: string, _title: string): () => void {
  return () => {}
}
