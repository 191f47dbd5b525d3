#!/usr/bin/env node
/**
 * Short test videos for the demo courses, made here with the ffmpeg binary of the npm package
 * @ffmpeg-installer/ffmpeg (nothing is downloaded): H.264/AAC mp4, 640x360, a moving test pattern
 * and a tone, `-movflags +faststart` so a player starts before the whole file arrives.
 *
 *   node scripts/make-media.mjs [outDir]     (default .cache/demo-media; files already there are kept)
 *
 * Prints the written files as JSON lines ({ name, seconds, bytes }). The demo seed runs it when a
 * file is missing (server/src/modules/learning/courses/courses.seed.ts).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const DEMO_MEDIA = [
  { name: 'lesson-1.mp4', seconds: 8, video: 'testsrc', tone: 440 },
  { name: 'lesson-2.mp4', seconds: 12, video: 'testsrc2', tone: 550 },
  { name: 'lesson-3.mp4', seconds: 16, video: 'smptebars', tone: 660 },
]

function ffmpegPath() {
  const require = createRequire(import.meta.url)
  const bin = require('@ffmpeg-installer/ffmpeg').path
  // npm may skip the package's install script (chmod u+x): make it runnable here.
  try {
    fs.accessSync(bin, fs.constants.X_OK)
  } catch {
    fs.chmodSync(bin, 0o755)
  }
  return bin
}

export function makeMedia(outDir = path.join(root, '.cache', 'demo-media')) {
  fs.mkdirSync(outDir, { recursive: true })
  const ffmpeg = ffmpegPath()
  const made = []
  for (const m of DEMO_MEDIA) {
    const file = path.join(outDir, m.name)
    if (!fs.existsSync(file)) {
      const tmp = `${file}.${process.pid}.tmp.mp4`
      const args = [
        ['-hide_banner', '-loglevel', 'error', '-y'],
        ['-f', 'lavfi', '-i', `${m.video}=size=640x360:rate=25:duration=${m.seconds}`],
        ['-f', 'lavfi', '-i', `sine=frequency=${m.tone}:sample_rate=44100:duration=${m.seconds}`],
        ['-c:v', 'libx264', '-profile:v', 'baseline', '-level', '3.0', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-crf', '30'],
        ['-g', '50', '-c:a', 'aac', '-b:a', '64k', '-ac', '1', '-shortest', '-movflags', '+faststart', tmp],
      ].flat()
      const result = spawnSync(ffmpeg, args, { encoding: 'utf8' })
      if (result.status !== 0) throw new Error(`ffmpeg failed for ${m.name}: ${result.stderr || result.error}`)
      fs.renameSync(tmp, file)
    }
    made.push({ name: m.name, seconds: m.seconds, bytes: fs.statSync(file).size })
  }
  return made
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const m of makeMedia(process.argv[2] ? path.resolve(process.argv[2]) : undefined)) console.log(JSON.stringify(m))
}
