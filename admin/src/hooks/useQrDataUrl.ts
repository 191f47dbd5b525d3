/**
 * A QR code of `text` as an image (a data URL), `width` pixels square, or undefined while it is
 * drawn. The encoder is loaded with the first code a screen shows, not with the screen.
 */
import { useEffect, useState } from 'react'

export function useQrDataUrl(text: string, width: number): string | undefined {
  const [drawn, setDrawn] = useState<{ text: string; width: number; src: string }>()
  useEffect(() => {
    let live = true
    void import('qrcode')
      .then((QRCode) => QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width }))
      .then((src) => live && setDrawn({ text, width, src }))
    return () => {
      live = false
    }
  }, [text, width])
  // A code drawn for an earlier text (a rotated link) is not shown for the new one.
  return drawn && drawn.text === text && drawn.width === width ? drawn.src : undefined
}
