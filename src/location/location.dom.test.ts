import { createMapsClient } from '../maps'
import { startTestServer, type TestServer } from '../request/testing/server'
import { LOCATION_TIMEOUT_MS, locateProvince, shortProvince } from '.'

/**
 * The province lookup in the H5 build: the browser's geolocation (the far side, given here)
 * and a real local server answering as the maps service.
 */
type Position = { coords: { latitude: number; longitude: number; accuracy: number } }
let geolocation: { delayMs: number; deny: boolean }

Object.defineProperty(window.navigator, 'geolocation', {
  configurable: true,
  value: {
    getCurrentPosition(ok: (p: Position) => void, fail: (e: { message: string }) => void) {
      setTimeout(() => {
        if (geolocation.deny) fail({ message: 'User denied Geolocation' })
        else ok({ coords: { latitude: 23.129, longitude: 113.264, accuracy: 30 } })
      }, geolocation.delayMs)
    },
  },
})

const regeo = (province: string) => ({
  status: '1',
  info: 'OK',
  infocode: '10000',
  regeocode: { formatted_address: `${province}广州市越秀区`, addressComponent: { province, city: '广州市', adcode: '440104' } },
})

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  geolocation = { delayMs: 10, deny: false }
})

const lookup = () => locateProvince({ maps: createMapsClient({ key: 'k', baseUrl: server.url }) })

describe('the province lookup', () => {
  it("finds the person's province from their location", async () => {
    server.on('GET /v3/geocode/regeo', { body: regeo('广东省') })
    await expect(lookup()).resolves.toEqual({
      province: '广东',
      provinceFull: '广东省',
      city: '广州市',
      latitude: 23.129,
      longitude: 113.264,
      fallback: false,
    })
    expect(server.last('GET /v3/geocode/regeo')?.query.location).toBe('113.264,23.129')
  })

  it('falls back to the default province 浙江 after 1000 ms', async () => {
    server.on('GET /v3/geocode/regeo', { body: regeo('广东省'), delayMs: 1600 })
    const started = Date.now()
    const found = await lookup()
    const took = Date.now() - started
    expect(found).toMatchObject({ province: '浙江', fallback: true })
    expect(took).toBeGreaterThanOrEqual(LOCATION_TIMEOUT_MS - 5)
    expect(took).toBeLessThan(1500)
  })

  it('falls back at once when the person refuses to share their location', async () => {
    geolocation.deny = true
    const started = Date.now()
    await expect(lookup()).resolves.toMatchObject({ province: '浙江', fallback: true })
    expect(Date.now() - started).toBeLessThan(500)
    expect(server.requests).toEqual([])
  })

  it('falls back when the maps service refuses', async () => {
    server.on('GET /v3/geocode/regeo', { body: { status: '0', info: 'DAILY_QUERY_OVER_LIMIT', infocode: '10003' } })
    await expect(lookup()).resolves.toMatchObject({ province: '浙江', fallback: true })
  })

  it('speaks of provinces by their short names', () => {
    expect(
      ['浙江省', '上海市', '广西壮族自治区', '宁夏回族自治区', '新疆维吾尔自治区', '内蒙古自治区', '香港特别行政区'].map(shortProvince),
    ).toEqual(['浙江', '上海', '广西', '宁夏', '新疆', '内蒙古', '香港'])
  })
})
