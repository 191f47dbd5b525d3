import { fuzzRoutesTest } from './fuzz.ts'

fuzzRoutesTest(
  'every public and partner route answers hostile input with a Chinese envelope, never a 5xx, and writes nothing when it refuses',
  (r) => r.access?.kind !== 'admin',
)
