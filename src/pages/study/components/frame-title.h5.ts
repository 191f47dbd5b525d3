/**
 * H5: Taro's web-view is an iframe without a name (and takes no attributes for it): the title is
 * set on it as soon as it is in the document. Returns the stop of the wait.
 */
export function nameFrame(selector: string, title: string): () => void {
  let frames = 0
  let handle = 0
  const tryName = () => {
    const frame = document.querySelector(selector)
    if (frame) frame.setAttribute('title', title)
    else if (frames++ < 300) handle = requestAnimationFrame(tryName)
  }
  tryName()
  return () => cancelAnimationFrame(handle)
}
