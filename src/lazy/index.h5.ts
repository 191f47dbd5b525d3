import { wrapChunkLoader, type PlaceholderState, type PlaceholderView } from './chunk-loader'

declare const __webpack_require__: { e: (chunkId: string | number) => Promise<unknown> } | undefined

const ID = 'lazy-page-placeholder'

/** A plain DOM overlay: it must show while no page component exists yet. */
function domView(doc: Document): PlaceholderView {
  return {
    render(state: PlaceholderState) {
      let el = doc.getElementById(ID)
      if (state.kind === 'hidden') {
        el?.remove()
        return
      }
      if (!el) {
        el = doc.createElement('div')
        el.id = ID
        el.setAttribute('role', state.kind === 'error' ? 'alert' : 'status')
        el.style.cssText =
          'position:fixed;inset:0;z-index:10000;display:flex;flex-direction:column;align-items:center;justify-content:center;background:#f8f8fa;color:#666;font-size:15px;gap:12px'
        doc.body.appendChild(el)
      }
      el.className = `lazy-page lazy-page--${state.kind}`
      el.setAttribute('role', state.kind === 'error' ? 'alert' : 'status')
      if (state.kind === 'loading') {
        el.textContent = '加载中…'
      } else {
        el.textContent = ''
        const title = doc.createElement('div')
        title.textContent = '页面加载失败'
        title.style.cssText = 'font-size:17px;color:#333'
        const message = doc.createElement('div')
        message.className = 'lazy-page__message'
        message.textContent = state.message
        const retry = doc.createElement('button')
        retry.textContent = '重新加载'
        retry.style.cssText = 'margin-top:8px;padding:8px 24px;border:0;border-radius:18px;background:#ff6b00;color:#fff;font-size:15px'
        retry.onclick = () => doc.defaultView?.location.reload()
        el.append(title, message, retry)
      }
    },
  }
}

/** Wraps webpack's chunk loader, through which Taro's router loads every page. */
export function installLazyPagePlaceholder(): void {
  if (typeof __webpack_require__ === 'undefined' || typeof document === 'undefined') return
  __webpack_require__.e = wrapChunkLoader(__webpack_require__.e, domView(document))
}
