import { POSTER_HEIGHT, POSTER_SCALE, POSTER_WIDTH, drawPlan, posterPlan, type PosterContext, type PosterInput } from '@activity/domain'

/** H5: the poster is drawn on a canvas element that never joins the page (see canvas.tsx). */
export const POSTER_CANVAS_ID = 'share-poster-canvas'

/** Nothing to place on the page: H5 draws off-document. */
export function PosterCanvas() {
  return null
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    // A background on another origin must allow CORS, or the canvas could not be exported.
    if (/^https?:/i.test(url) && !url.startsWith(location.origin)) image.crossOrigin = 'anonymous'
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('poster background not loaded'))
    image.src = url
  })
}

function draw(input: Omit<PosterInput, 'background' | 'miniCode'>, image: HTMLImageElement | null): string {
  const canvas = document.createElement('canvas')
  canvas.width = POSTER_WIDTH * POSTER_SCALE
  canvas.height = POSTER_HEIGHT * POSTER_SCALE
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('no 2D canvas in this browser')
  ctx.scale(POSTER_SCALE, POSTER_SCALE)
  const background = image ? { width: image.naturalWidth || image.width, height: image.naturalHeight || image.height } : null
  drawPlan(ctx as unknown as PosterContext, posterPlan({ ...input, background }), { background: image })
  return canvas.toDataURL('image/png')
}

/** Draws the poster and answers the picture as a data URL; H5 has no mini-program code (`miniCodeUrl` is the weapp's). */
export async function renderPoster({
  backgroundUrl,
  miniCodeUrl: _none,
  ...input
}: Omit<PosterInput, 'background' | 'miniCode'> & { backgroundUrl: string | null; miniCodeUrl?: string | null }): Promise<string> {
  const image = backgroundUrl ? await loadImage(backgroundUrl).catch(() => null) : null
  try {
    return draw(input, image)
  } catch {
    // A background from an origin without CORS taints the canvas: draw the poster without it.
    return draw(input, null)
  }
}
