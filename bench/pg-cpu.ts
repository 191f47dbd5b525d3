import fs from 'node:fs'
import path from 'node:path'

/**
 * CPU time (user + system, µs) of a process and its children: the running ones, and (through the
 * process's children's time) the ones that ended. Linux /proc.
 */
export function processTreeCpuMicros(root: string | number): number {
  const rootPid = String(root)
  const tick = 1e6 / 100 // USER_HZ
  let total = 0
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (pid !== rootPid && fields[1] !== rootPid) continue
      total += (Number(fields[11]) + Number(fields[12])) * tick
      if (pid === rootPid) total += (Number(fields[13]) + Number(fields[14])) * tick
    } catch {
      // gone
    }
  }
  return total
}

/**
 * CPU time (user + system, µs) of the private PostgreSQL cluster of scripts/pg.sh (PGTEST_DIR): its
 * postmaster and the backends it forked, and no other PostgreSQL running on the machine.
 */
export function clusterCpuMicros(): number {
  const dir = process.env.PGTEST_DIR || '/tmp/activity-mobile-pg'
  const postmaster = fs
    .readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'latin1')
    .split('\n')[0]!
    .trim()
  return processTreeCpuMicros(postmaster)
}
