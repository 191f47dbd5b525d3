/** Text set into HTML (an element's text or a quoted attribute): the five characters HTML gives meaning to, as entities. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
