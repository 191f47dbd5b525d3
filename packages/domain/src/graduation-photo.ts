/**
 * 毕业照片's specification check, in the words the student reads: JPG, a size between `minKb` and
 * `maxKb`, exactly `width`×`height` pixels, checked in that order. The app checks a picked photo
 * with it before sending; the server's checkPhoto (server/src/modules/roll/graduation) says the
 * same words of the bytes it receives.
 */

import { PhotoNaming } from '@activity/wire'

/** The usual specification (the national registration's: 480×640 JPG on light blue): what a new collection starts with. */
export const PHOTO_SPEC_DEFAULTS = {
  width: 480,
  height: 640,
  minKb: 10,
  maxKb: 100,
  background: '浅蓝色',
  naming: PhotoNaming.idCard as PhotoNaming,
}

/** What a collection asks of a photo (the collection's own fields). */
export interface PhotoSpec {
  width: number
  height: number
  minKb: number
  maxKb: number
}

/** What was found of a photo: `jpg` null when the format could not be told (the server tells it). */
export interface PhotoFound {
  jpg: boolean | null
  bytes: number
  width: number
  height: number
}

/** A file's size in KB as the refusals show it: one decimal under 10KB, whole above. */
export function photoKbText(bytes: number): string {
  const kb = bytes / 1024
  return kb < 10 ? kb.toFixed(1) : String(Math.round(kb))
}

/** Why the photo does not meet the specification, or null when it does. */
export function photoProblem(found: PhotoFound, spec: PhotoSpec): string | null {
  if (found.jpg === false) return '照片必须是 JPG 格式'
  const kb = found.bytes / 1024
  if (kb < spec.minKb || kb > spec.maxKb) return `照片大小为${photoKbText(found.bytes)}KB，要求在${spec.minKb}KB到${spec.maxKb}KB之间`
  if (found.width !== spec.width || found.height !== spec.height)
    return `照片尺寸为${found.width}×${found.height}像素，要求宽${spec.width}像素、高${spec.height}像素`
  return null
}
