/**
 * Readable defaults for the site contents' sanitised HTML, written as inline styles: the
 * mini-programs' rich-text does not apply page styles to tags, and inline styles read the same on
 * H5. An operator's own style on a tag comes after ours and wins.
 */
const TAG_STYLES: Record<string, string> = {
  h1: 'margin:20px 0 10px;font-size:20px;font-weight:600;line-height:1.5;color:#222',
  h2: 'margin:20px 0 10px;font-size:18px;font-weight:600;line-height:1.5;color:#222',
  h3: 'margin:18px 0 8px;font-size:16px;font-weight:600;line-height:1.5;color:#222',
  h4: 'margin:16px 0 6px;font-size:15px;font-weight:600;line-height:1.5;color:#333',
  p: 'margin:0 0 10px;font-size:14px;line-height:1.8;color:#444',
  li: 'margin:0 0 6px;font-size:14px;line-height:1.8;color:#444',
  ul: 'margin:0 0 10px;padding-left:20px',
  ol: 'margin:0 0 10px;padding-left:20px',
  blockquote: 'margin:0 0 10px;padding:6px 12px;border-left:3px solid #eee;color:#666',
  img: 'max-width:100%;height:auto',
  table: 'max-width:100%;border-collapse:collapse;font-size:13px',
}

const TAGS = Object.keys(TAG_STYLES).join('|')
const OPENING_TAG = new RegExp(`<(${TAGS})\\b([^>]*)>`, 'gi')

export function documentHtml(html: string): string {
  return html.replace(OPENING_TAG, (_whole, tag: string, attrs: string) => {
    const base = TAG_STYLES[tag.toLowerCase()]
    if (!base) return `<${tag}${attrs}>`
    if (/\sstyle="/i.test(attrs)) return `<${tag}${attrs.replace(/\sstyle="/i, ` style="${base};`)}>`
    return `<${tag} style="${base}"${attrs}>`
  })
}
