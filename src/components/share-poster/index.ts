/**
 * The partner's share poster (PRODUCT.md "Share poster"): `<SharePoster visible onClose />`, a
 * full-screen overlay. Platform files: canvas (mini-program canvas node / H5 canvas element),
 * picture (save to album / long press), qr (encoder loaded eagerly / lazily), album (WeChat's
 * permission / Alipay's).
 */
export { default as SharePoster, default, PARTNER_POSTER, SHARE_POSTER_TEXTS } from './share-poster'
export type { SharePosterProps } from './share-poster'
export type { PosterSource } from './poster-code'
export { posterPlan, qrSquares, coverCrop, posterName, POSTER_WIDTH, POSTER_HEIGHT, POSTER_TEXTS } from '@activity/domain'
export type { DrawStep, PosterInput, QrMatrix } from '@activity/domain'
