/**
 * A JPEG as the checks read it: its start, a JFIF header, a frame header of `width`×`height` and comment segments
 * padding it to `kb` kilobytes (the server looks at the type, the size and the dimensions).
 */
export function jpegOf({ width, height, kb }: { width: number; height: number; kb: number }) {
  const frame = Buffer.from([
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ])
  const app0 = Buffer.from([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
  const parts = [Buffer.from([0xff, 0xd8]), app0, frame]
  let left = Math.round(kb * 1024) - 2 - app0.length - frame.length - 2
  while (left > 4) {
    const n = Math.min(left - 4, 60000)
    parts.push(Buffer.from([0xff, 0xfe, (n + 2) >> 8, (n + 2) & 255]), Buffer.alloc(n, 0x20))
    left -= n + 4
  }
  parts.push(Buffer.alloc(Math.max(0, left)), Buffer.from([0xff, 0xd9]))
  return Buffer.concat(parts)
}
