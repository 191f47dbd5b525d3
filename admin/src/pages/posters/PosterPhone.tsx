/**
 * The share poster as the partner's phone draws it: the same drawing plan as the partner app
 * (src/components/share-poster/plan.ts: background cropped to cover, white card, QR code of the
 * partner's link, name, code), on a canvas, inside a 375×667 phone frame laid out like the
 * app's poster screen (dark stage, the backgrounds to pick from underneath).
 */
import QRCode from 'qrcode'
import { useEffect, useRef, useState } from 'react'
import { drawPlan, matrixOf, POSTER_HEIGHT, POSTER_SCALE, POSTER_WIDTH, posterPlan, type PosterContext, qrSegments } from '@activity/domain'

export interface PhoneBackground {
  id: number
  name: string
  url: string
}

export interface PosterPhoneProps {
  /** The backgrounds the partner can pick from, in the order the phone shows them. */
  backgrounds: PhoneBackground[]
  chosenId: number | undefined
  onPick: (id: number) => void
  /** The name the phone prints (real name, nickname or masked phone). */
  name: string
  code: string
  /** The partner's share link the QR code carries. */
  link: string
}

function loadImage(url: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image()
    if (/^https?:/i.test(url) && !url.startsWith(location.origin)) image.crossOrigin = 'anonymous'
    image.onload = () => resolve(image)
    // The phone draws the plain colour when the picture does not load; so does the preview.
    image.onerror = () => resolve(null)
    image.src = url
  })
}

export function PosterPhone({ backgrounds, chosenId, onPick, name, code, link }: PosterPhoneProps) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [drawn, setDrawn] = useState<string>()
  const chosen = backgrounds.find((b) => b.id === chosenId) ?? backgrounds[0]

  useEffect(() => {
    let current = true
    const draw = async () => {
      const matrix = matrixOf(QRCode.create(qrSegments(link) as never, { errorCorrectionLevel: 'M' }).modules)
      const image = chosen ? await loadImage(chosen.url) : null
      const el = canvas.current
      const ctx = el?.getContext('2d')
      if (!current || !el || !ctx) return
      ctx.setTransform(1, 0, 0, 1, 0, 0)
      ctx.clearRect(0, 0, el.width, el.height)
      ctx.scale(POSTER_SCALE, POSTER_SCALE)
      const background = image ? { width: image.naturalWidth, height: image.naturalHeight } : null
      drawPlan(ctx as unknown as PosterContext, posterPlan({ background, qr: matrix, name, code }), { background: image })
      setDrawn(`${chosen?.id ?? 'none'}|${name}|${code}|${link}`)
    }
    void draw()
    return () => {
      current = false
    }
  }, [chosen, name, code, link])

  return (
    <div
      data-testid='poster-phone'
      data-drawn={drawn}
      style={{
        width: 375,
        height: 667,
        margin: '0 auto',
        display: 'flex',
        flexDirection: 'column',
        background: '#151515',
        borderRadius: 24,
        border: '8px solid #333',
        boxSizing: 'content-box',
        overflow: 'hidden',
      }}
    >
      <div
        style={{ height: 44, flexShrink: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#fff', fontSize: 16 }}
      >
        分享海报
      </div>
      <div style={{ flex: 1, minHeight: 0, padding: '4px 24px', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <canvas
          ref={canvas}
          aria-label='海报预览'
          width={POSTER_WIDTH * POSTER_SCALE}
          height={POSTER_HEIGHT * POSTER_SCALE}
          style={{ maxWidth: '100%', maxHeight: '100%', aspectRatio: `${POSTER_WIDTH} / ${POSTER_HEIGHT}`, display: 'block' }}
        />
      </div>
      {backgrounds.length > 1 ? (
        <div style={{ flexShrink: 0, padding: '8px 12px 12px' }}>
          <div style={{ color: '#999', fontSize: 12, marginBottom: 6 }}>选择背景</div>
          <div style={{ display: 'flex', gap: 8, overflowX: 'auto' }}>
            {backgrounds.map((b) => (
              <button
                key={b.id}
                type='button'
                onClick={() => onPick(b.id)}
                title={b.name}
                style={{
                  flexShrink: 0,
                  width: 44,
                  height: 70,
                  padding: 0,
                  border: b.id === chosen?.id ? '2px solid #ff6b00' : '2px solid transparent',
                  borderRadius: 6,
                  overflow: 'hidden',
                  background: '#333',
                  cursor: 'pointer',
                }}
              >
                <img src={b.url} alt={b.name} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  )
}
