/**
 * `npm start`: builds the H5 app and the operator console when missing or older than their
 * sources, then starts the back-office in this process, serving the API, the H5 app and the
 * console (/admin/) on one port over the embedded database (or DATABASE_URL). SIGINT/SIGTERM
 * close the server and the database cleanly.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(__dirname, '..')
const h5Dir = process.env.H5_DIR || path.join(root, 'dist', 'h5')
const buildInputs = ['src', 'packages', 'config', 'package.json', 'babel.config.js', '.env.production', 'tsconfig.json']
const adminDir = process.env.ADMIN_DIR || path.join(root, 'dist', 'admin')
// The console builds in the workspace packages (wire types, money, the domain rules its previews show).
const adminInputs = [
  'admin/src',
  'admin/index.html',
  'admin/vite.config.mts',
  'admin/tsconfig.json',
  'admin/package.json',
  'packages',
  'package.json',
]

function newestMtime(p: string): number {
  const stat = fs.statSync(p, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(p)) {
    if (/\.(test|dom\.test)\.tsx?$/.test(entry)) continue
    newest = Math.max(newest, newestMtime(path.join(p, entry)))
  }
  return newest
}

function isStale(dir: string, inputs: string[]): boolean {
  const built = fs.statSync(path.join(dir, 'index.html'), { throwIfNoEntry: false })
  if (!built) return true
  return inputs.some((input) => newestMtime(path.join(root, input)) > built.mtimeMs)
}

function buildH5() {
  console.log('Building the H5 app (dist/h5)…')
  const started = Date.now()
  const taro = path.join(root, 'node_modules', '.bin', 'taro')
  const result = spawnSync(taro, ['build', '--type', 'h5', '--mode', 'production'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env },
  })
  if (result.status !== 0) {
    console.error('The H5 build failed; see the output above.')
    process.exit(result.status ?? 1)
  }
  console.log(`H5 app built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

function buildAdmin() {
  console.log('Building the operator console (dist/admin)…')
  const started = Date.now()
  const vite = path.join(root, 'node_modules', '.bin', 'vite')
  const result = spawnSync(vite, ['build', '--config', 'admin/vite.config.mts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ADMIN_DIR: adminDir },
  })
  if (result.status !== 0) {
    console.error('The console build failed; see the output above.')
    process.exit(result.status ?? 1)
  }
  console.log(`Operator console built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

async function main() {
  if (process.env.SKIP_H5_BUILD !== '1' && isStale(h5Dir, buildInputs)) buildH5()
  if (process.env.SKIP_ADMIN_BUILD !== '1' && isStale(adminDir, adminInputs)) buildAdmin()
  process.env.H5_DIR = h5Dir
  process.env.ADMIN_DIR = adminDir
  const { startServer } = await import('../server/src/server')
  const server = await startServer()
  console.log(`\nServing the H5 app and the API at ${server.url}`)
  console.log(`Operator console: ${server.url}/admin/`)
  console.log(`API documentation: ${server.url}/docs`)
  let closing = false
  const stop = async (signal: string) => {
    if (closing) return
    closing = true
    console.log(`\n${signal}: closing the server and the database…`)
    await server.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
