import Taro from '@tarojs/taro'
import { Canvas } from '@tarojs/components'
import { apiUrl } from '../../request'
import { POSTER_HEIGHT, POSTER_SCALE, POSTER_WIDTH, drawPlan, posterPlan, type PosterContext, type PosterInput } from '@activity/domain'

/**
 * Mini-programs (WeChat, Alipay): the poster is drawn on a Canvas 2D node kept off screen, then
 * exported to a temporary file (Taro.canvasToTempFilePath) that the overlay shows and saves. H5
 * draws on a canvas element of its own (canvas.h5.tsx).
 */
export const POSTER_CANVAS_ID = 'share-poster-canvas'

interface MiniImage {
  src: string
  width: number
  height: number
  onload: (() => void) | null
  onerror: ((err: unknown) => void) | null
}

interface MiniCanvas {
  width: number
  height: number
  getContext(type: '2d'): PosterContext
  createImage(): MiniImage
}

/** The canvas the poster is drawn on; off screen, at the poster's logical size. */
export function PosterCanvas() {
  return (
    <Canvas
      type='2d'
      id={POSTER_CANVAS_ID}
      className='share-poster__canvas'
      style={{ width: `${POSTER_WIDTH}px`, height: `${POSTER_HEIGHT}px` }}
    />
  )
}

function queryCanvas(): Promise<MiniCanvas | null> {
  return new Promise((resolve) => {
    Taro.createSelectorQuery()
      .select(`#${POSTER_CANVAS_ID}`)
      .node()
      .exec((res: Array<{ node?: MiniCanvas } | null> | undefined) => resolve(res?.[0]?.node ?? null))
  })
}

/** The canvas node, once the host has laid it out (a few tries: it appears with the overlay). */
async function canvasNode(): Promise<MiniCanvas> {
  for (let i = 0; i < 10; i += 1) {
    const node = await queryCanvas()
    if (node) return node
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('the poster canvas is not on the page')
}

function loadImage(canvas: MiniCanvas, url: string): Promise<MiniImage> {
  return new Promise((resolve, reject) => {
    const image = canvas.createImage()
    image.onload = () => resolve(image)
    image.onerror = (err) => reject(err instanceof Error ? err : new Error(`poster image not loaded: ${url}`))
    // Uploaded backgrounds are paths on the back-office (/uploads/...); mini-programs need its origin.
    image.src = url.startsWith('/') ? apiUrl(url) : url
  })
}

/** Draws the poster and answers the picture (a temporary file path). */
export async function renderPoster({
  backgroundUrl,
  miniCodeUrl,
  ...input
}: Omit<PosterInput, 'background' | 'miniCode'> & { backgroundUrl: string | null; miniCodeUrl?: string | null }): Promise<string> {
  const canvas = await canvasNode()
  // Setting the size clears the canvas and its transform.
  canvas.width = POSTER_WIDTH * POSTER_SCALE
  canvas.height = POSTER_HEIGHT * POSTER_SCALE
  const ctx = canvas.getContext('2d')
  ctx.scale(POSTER_SCALE, POSTER_SCALE)
  // A background that does not load leaves the plain colour: the code and the name still make a poster.
  const image = backgroundUrl ? await loadImage(canvas, backgroundUrl).catch(() => null) : null
  // A mini-program code that does not load leaves the link's QR code in its place.
  const miniCode = miniCodeUrl ? await loadImage(canvas, miniCodeUrl).catch(() => null) : null
  const size = (i: MiniImage | null) => (i ? { width: i.width, height: i.height } : null)
  drawPlan(ctx, posterPlan({ ...input, background: size(image), miniCode: size(miniCode) }), { background: image, miniCode })
  const { tempFilePath } = await Taro.canvasToTempFilePath({
    canvas,
    fileType: 'png',
    destWidth: POSTER_WIDTH * POSTER_SCALE,
    destHeight: POSTER_HEIGHT * POSTER_SCALE,
  } as unknown as Taro.canvasToTempFilePath.Option)
  return tempFilePath
}
