import { CHUNK_FAILED_MESSAGE, CHUNK_TIMEOUT_MESSAGE, wrapChunkLoader, type PlaceholderState } from './chunk-loader'

function recorder() {
  const states: PlaceholderState[] = []
  return { states, view: { render: (s: PlaceholderState) => states.push(s) } }
}

describe('the lazy page placeholder', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('shows nothing for a chunk that arrives within 200 ms', async () => {
    const { states, view } = recorder()
    const load = wrapChunkLoader(() => new Promise((r) => setTimeout(() => r('page'), 150)), view)
    const result = load()
    jest.advanceTimersByTime(150)
    await expect(result).resolves.toBe('page')
    jest.advanceTimersByTime(1000)
    expect(states).toEqual([{ kind: 'hidden' }])
  })

  it('shows the loading placeholder after 200 ms and hides it when the page arrives', async () => {
    const { states, view } = recorder()
    const load = wrapChunkLoader(() => new Promise((r) => setTimeout(() => r('page'), 500)), view)
    const result = load()
    jest.advanceTimersByTime(199)
    expect(states).toEqual([])
    jest.advanceTimersByTime(1)
    expect(states).toEqual([{ kind: 'loading' }])
    jest.advanceTimersByTime(300)
    await result
    expect(states).toEqual([{ kind: 'loading' }, { kind: 'hidden' }])
  })

  it("shows 'Loading chunk failed' when the chunk fails, and still rejects", async () => {
    const { states, view } = recorder()
    const load = wrapChunkLoader(() => Promise.reject(new Error('Loading chunk 338 failed.\n(error: /js/338.js)')), view)
    await expect(load()).rejects.toThrow('Loading chunk 338 failed')
    expect(states).toEqual([{ kind: 'error', message: CHUNK_FAILED_MESSAGE }])
  })

  it('gives up after 60 s with the time-out message', async () => {
    const { states, view } = recorder()
    const load = wrapChunkLoader(() => new Promise(() => {}), view)
    const result = load()
    jest.advanceTimersByTime(59_999)
    expect(states).toEqual([{ kind: 'loading' }])
    jest.advanceTimersByTime(1)
    await expect(result).rejects.toThrow(CHUNK_TIMEOUT_MESSAGE)
    expect(states.at(-1)).toEqual({ kind: 'error', message: CHUNK_TIMEOUT_MESSAGE })
  })

  it('keeps the placeholder while another chunk is still loading', async () => {
    const { states, view } = recorder()
    const load = wrapChunkLoader((ms: number) => new Promise((r) => setTimeout(() => r(ms), ms)), view)
    const a = load(300)
    const b = load(600)
    jest.advanceTimersByTime(300)
    await a
    expect(states.filter((s) => s.kind === 'hidden')).toHaveLength(0)
    jest.advanceTimersByTime(300)
    await b
    expect(states.at(-1)).toEqual({ kind: 'hidden' })
  })
})
