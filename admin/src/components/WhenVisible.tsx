/**
 * Renders its children once the place they go scrolls into view (or at once where the browser
 * cannot tell): a chart below the fold loads its library when someone looks at it, not with the
 * screen. Until then the placeholder holds the place (give it the same height, so nothing moves).
 */
import { type ReactNode, useEffect, useRef, useState } from 'react'

export function WhenVisible({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const spot = useRef<HTMLDivElement>(null)
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const el = spot.current
    if (seen || !el) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true)
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [seen])
  return seen ? <>{children}</> : <div ref={spot}>{placeholder}</div>
}
