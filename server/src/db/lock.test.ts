import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { acquireDirLock, DataDirLockedError } from './lock.ts'

test('a second process cannot open a data directory another live process holds', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'))
  fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid))
  assert.throws(() => acquireDirLock(dir), DataDirLockedError)
  fs.rmSync(dir, { recursive: true })
})

test('a stale lock whose process is dead is taken over, and released on close', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'))
  fs.writeFileSync(path.join(dir, 'server.lock'), '999999999')
  const release = acquireDirLock(dir)
  assert.equal(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8'), String(process.pid))
  release()
  assert.equal(fs.existsSync(path.join(dir, 'server.lock')), false)
  fs.rmSync(dir, { recursive: true })
})
