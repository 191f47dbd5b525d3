import fs from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes `<dir>/server.lock` holding our PID. PGlite lets two processes open one data directory and
 * silently loses one's writes, so a second process refuses; a lock whose PID is dead is taken over.
 */
export function acquireDirLock(dir: string): () => void {
  const file = path.join(dir, 'server.lock')
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
      let released = false
      return () => {
        if (released) return
        released = true
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file)
        } catch {
          // already gone
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10)
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The database directory ${dir} is in use by process ${pid}. Stop that server first, or set DATA_DIR to another directory (or DATABASE_URL to use PostgreSQL).`,
        )
      }
      // Stale (dead PID or garbage): take it over.
      fs.rmSync(file, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${file}`)
}
