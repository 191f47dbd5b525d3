import { startTestServer, type TestServer } from '../request/testing/server'
import { MARKER_HEIGHT, MARKER_WIDTH, createMapsClient, type MapsClient } from '.'

/**
 * The maps-service client against a real local HTTP server answering as the Amap web service
 * does (status '1'/'0', info, infocode; v4 errcode/errmsg).
 */
const ok = (extra: Record<string, unknown>) => ({ status: '1', info: 'OK', infocode: '10000', ...extra })

let server: TestServer
let maps: MapsClient
beforeAll(async () => {
  server = await startTestServer()
  maps = createMapsClient({ key: 'k-123', baseUrl: server.url })
})
afterAll(() => server.close())
beforeEach(() => server.reset())

describe('the maps-service client', () => {
  it('reverse-geocodes a point with the key, and answers the address', async () => {
    server.on('GET /v3/geocode/regeo', {
      body: ok({
        regeocode: {
          formatted_address: '浙江省杭州市西湖区',
          addressComponent: { province: '浙江省', city: '杭州市', district: '西湖区', adcode: '330106' },
        },
      }),
    })
    const res = await maps.regeo({ location: { longitude: 120.1551, latitude: 30.2741 } })
    expect(res).toMatchObject({ ok: true, data: { regeocode: { formatted_address: '浙江省杭州市西湖区' } } })
    expect(server.last('GET /v3/geocode/regeo')?.query).toEqual({ key: 'k-123', location: '120.1551,30.2741' })
  })

  it("answers the service's error code and message (infocode and info) when status is '0'", async () => {
    server.on('GET /v3/weather/weatherInfo', { body: { status: '0', info: 'INVALID_USER_KEY', infocode: '10001' } })
    await expect(maps.weather({ city: '330100' })).resolves.toEqual({ ok: false, code: '10001', message: 'INVALID_USER_KEY' })
  })

  it("answers code '0' with the network's message when the service cannot be reached", async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {})
    const offline = createMapsClient({ key: 'k', baseUrl: 'http://localhost:9' })
    const res = await offline.inputTips({ keywords: '西湖' })
    quiet.mockRestore()
    expect(res.ok).toBe(false)
    expect(res).toMatchObject({ code: '0' })
    expect((res as { message: string }).message).not.toBe('')
  })

  it('turns nearby places into 22 x 32 markers with the first one selected', async () => {
    server.on('GET /v3/place/around', {
      body: ok({
        count: '2',
        pois: [
          { id: 'B1', name: '西湖校区', type: '学校', address: '西湖路1号', location: '120.15,30.27' },
          { id: 'B2', name: '滨江校区', type: '学校', address: '江南大道2号', location: '120.21,30.20' },
        ],
      }),
    })
    const res = await maps.nearby({ location: '120.15,30.27', keywords: '校区', radius: 3000 })
    if (!res.ok) throw new Error(res.message)
    expect(res.data.selectedIndex).toBe(0)
    expect(res.data.markers).toEqual([
      {
        id: 0,
        latitude: 30.27,
        longitude: 120.15,
        width: MARKER_WIDTH,
        height: MARKER_HEIGHT,
        iconPath: 'test-file-stub.png',
        title: '西湖校区',
      },
      { id: 1, latitude: 30.2, longitude: 120.21, width: 22, height: 32, iconPath: 'test-file-stub.png', title: '滨江校区' },
    ])
    expect(server.last('GET /v3/place/around')?.query).toEqual({ key: 'k-123', location: '120.15,30.27', keywords: '校区', radius: '3000' })
  })

  it('selects nothing when no place is near', async () => {
    server.on('GET /v3/place/around', { body: ok({ count: '0', pois: [] }) })
    await expect(maps.nearby({ location: '120.15,30.27' })).resolves.toEqual({
      ok: true,
      data: { pois: [], markers: [], selectedIndex: -1 },
    })
  })

  it('asks for input tips, driving, walking and transit routes at their v3 paths', async () => {
    for (const p of ['/v3/assistant/inputtips', '/v3/direction/driving', '/v3/direction/walking', '/v3/direction/transit/integrated']) {
      server.on(`GET ${p}`, { body: ok({ count: '0', tips: [], route: { paths: [], transits: [] } }) })
    }
    const a = { longitude: 120.1, latitude: 30.2 }
    const b = '120.3,30.4'
    const results = await Promise.all([
      maps.inputTips({ keywords: '浙江工商大学', city: '杭州' }),
      maps.driving({ origin: a, destination: b }),
      maps.walking({ origin: a, destination: b }),
      maps.transit({ origin: a, destination: b, city: '0571' }),
    ])
    expect(results.every((r) => r.ok)).toBe(true)
    expect(server.requests.map((r) => [r.path, r.query]).sort()).toEqual(
      [
        ['/v3/assistant/inputtips', { key: 'k-123', keywords: '浙江工商大学', city: '杭州' }],
        ['/v3/direction/driving', { key: 'k-123', origin: '120.1,30.2', destination: '120.3,30.4' }],
        ['/v3/direction/transit/integrated', { key: 'k-123', origin: '120.1,30.2', destination: '120.3,30.4', city: '0571' }],
        ['/v3/direction/walking', { key: 'k-123', origin: '120.1,30.2', destination: '120.3,30.4' }],
      ].sort(),
    )
  })

  it('asks the v4 riding route and reads its errcode and errmsg', async () => {
    server.on('GET /v4/direction/bicycling', {
      body: { errcode: 0, errmsg: 'OK', errdetail: null, data: { origin: 'a', destination: 'b', paths: [] } },
    })
    await expect(maps.riding({ origin: '120.1,30.2', destination: '120.3,30.4' })).resolves.toMatchObject({ ok: true })
    server.on('GET /v4/direction/bicycling', { body: { errcode: 30007, errmsg: 'INVALID_PARAMS', errdetail: 'origin', data: [] } })
    await expect(maps.riding({ origin: 'x', destination: 'y' })).resolves.toEqual({ ok: false, code: '30007', message: 'INVALID_PARAMS' })
  })

  it('builds the static map address without requesting it', () => {
    const url = maps.staticMapUrl({ location: { longitude: 120.15, latitude: 30.27 }, zoom: 14 })
    expect(url).toBe(
      `${server.url}/v3/staticmap?location=120.15%2C30.27&zoom=14&size=750*300&scale=2&markers=mid%2C%2CA%3A120.15%2C30.27&key=k-123`,
    )
    expect(server.requests).toEqual([])
  })
})
