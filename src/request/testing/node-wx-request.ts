import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

/**
 * `wx.request` as a WeChat mini-program host does it, over real node HTTP: the far side of the
 * request wrapper in mini-program tests. Like the host, it keeps no cookies, returns the
 * response headers in `header` (repeated `Set-Cookie` headers joined by commas) and in
 * `cookies`, parses JSON when `dataType` is json, and calls `fail` with `request:fail ...` when
 * there is no answer.
 */
export interface WxRequestOptions {
  url: string
  method?: string
  data?: unknown
  header?: Record<string, string>
  timeout?: number
  dataType?: string
  responseType?: string
  success?: (res: WxRequestSuccess) => void
  fail?: (err: { errMsg: string }) => void
  complete?: (res: unknown) => void
}

export interface WxRequestSuccess {
  statusCode: number
  header: Record<string, string>
  data: unknown
  cookies: string[]
  errMsg: string
}

function encodeObject(data: Record<string, unknown>): string {
  return Object.entries(data)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
}

export function nodeWxRequest(options: WxRequestOptions): { abort: () => void } {
  const method = (options.method ?? 'GET').toUpperCase()
  const url = new URL(options.url)
  const header: Record<string, string> = { 'content-type': 'application/json', ...options.header }
  let body: string | undefined
  if (options.data !== undefined && options.data !== null) {
    if (method === 'GET') {
      if (typeof options.data === 'object') url.search += (url.search ? '&' : '') + encodeObject(options.data as Record<string, unknown>)
    } else {
      body = typeof options.data === 'string' ? options.data : JSON.stringify(options.data)
    }
  }
  let settled = false
  const fail = (errMsg: string) => {
    if (settled) return
    settled = true
    options.fail?.({ errMsg })
    options.complete?.({ errMsg })
  }
  const req = http.request(url, { method, headers: header }, (res) => {
    const chunks: Buffer[] = []
    res.on('data', (c: Buffer) => chunks.push(c))
    res.on('end', () => {
      if (settled) return
      settled = true
      const text = Buffer.concat(chunks).toString('utf8')
      const headers: Record<string, string> = {}
      const cookies: string[] = []
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i] ?? ''
        const value = res.rawHeaders[i + 1] ?? ''
        if (name.toLowerCase() === 'set-cookie') cookies.push(value)
        const key = name.toLowerCase() === 'set-cookie' ? 'Set-Cookie' : name
        headers[key] = headers[key] === undefined ? value : `${headers[key]},${value}`
      }
      let data: unknown = text
      if ((options.dataType ?? 'json') === 'json') {
        try {
          data = JSON.parse(text)
        } catch {
          data = text
        }
      }
      const result = { statusCode: res.statusCode ?? 0, header: headers, data, cookies, errMsg: 'request:ok' }
      options.success?.(result)
      options.complete?.(result)
    })
  })
  req.setTimeout(options.timeout ?? 60_000, () => {
    req.destroy()
    fail('request:fail timeout')
  })
  req.on('error', (err) => fail(`request:fail ${err.message}`))
  if (body !== undefined) req.write(body)
  req.end()
  return {
    abort: () => {
      req.destroy()
      fail('request:fail abort')
    },
  }
}

export interface WxUploadOptions {
  url: string
  filePath: string
  name: string
  header?: Record<string, string>
  formData?: Record<string, string>
  timeout?: number
  success?: (res: { statusCode: number; data: string; errMsg: string }) => void
  fail?: (err: { errMsg: string }) => void
  complete?: (res: unknown) => void
}

/** `wx.uploadFile` over real node HTTP: a multipart POST of a local file; the answer's body as text. */
export function nodeWxUploadFile(options: WxUploadOptions): { abort: () => void } {
  const boundary = `----wxupload${Date.now().toString(16)}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(options.formData ?? {})) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  }
  let file: Buffer
  try {
    file = fs.readFileSync(options.filePath)
  } catch (err) {
    setTimeout(() => options.fail?.({ errMsg: `uploadFile:fail ${(err as Error).message}` }), 0)
    return { abort: () => {} }
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.name}"; filename="${path.basename(options.filePath)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  )
  const body = Buffer.concat(parts)
  const req = http.request(new URL(options.url), {
    method: 'POST',
    headers: { ...options.header, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
  })
  req.on('response', (res) => {
    const chunks: Buffer[] = []
    res.on('data', (c: Buffer) => chunks.push(c))
    res.on('end', () => {
      const result = { statusCode: res.statusCode ?? 0, data: Buffer.concat(chunks).toString('utf8'), errMsg: 'uploadFile:ok' }
      options.success?.(result)
      options.complete?.(result)
    })
  })
  req.on('error', (err) => {
    options.fail?.({ errMsg: `uploadFile:fail ${err.message}` })
    options.complete?.({ errMsg: `uploadFile:fail ${err.message}` })
  })
  req.end(body)
  return { abort: () => req.destroy() }
}

export interface WxDownloadOptions {
  url: string
  header?: Record<string, string>
  timeout?: number
  success?: (res: { statusCode: number; tempFilePath: string; errMsg: string }) => void
  fail?: (err: { errMsg: string }) => void
  complete?: (res: unknown) => void
}

/** `wx.downloadFile` over real node HTTP: the body is written to a temporary file, whatever the status. */
export function nodeWxDownloadFile(options: WxDownloadOptions): { abort: () => void } {
  const req = http.get(new URL(options.url), { headers: options.header }, (res) => {
    const chunks: Buffer[] = []
    res.on('data', (c: Buffer) => chunks.push(c))
    res.on('end', () => {
      const tempFilePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wxdownload-')), 'file')
      fs.writeFileSync(tempFilePath, Buffer.concat(chunks))
      const result = { statusCode: res.statusCode ?? 0, tempFilePath, errMsg: 'downloadFile:ok' }
      options.success?.(result)
      options.complete?.(result)
    })
  })
  req.on('error', (err) => {
    options.fail?.({ errMsg: `downloadFile:fail ${err.message}` })
    options.complete?.({ errMsg: `downloadFile:fail ${err.message}` })
  })
  return { abort: () => req.destroy() }
}
