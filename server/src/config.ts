import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { LoginConfig } from './gateways/login.ts'
import type { PayConfig } from './gateways/pay/index.ts'
import type { StorageConfig } from './gateways/storage/index.ts'
import type { TrackingConfig } from './gateways/tracking/index.ts'
import type { TransferConfig } from './gateways/transfer/index.ts'
import type { SubscribeTemplate } from './wire.ts'

/** The repository root (server/src/config.ts -> ../..). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..')

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', '']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v))

const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
)

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: bool.default(false),
  DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATA_DIR: z
    .string()
    .min(1)
    .default(path.join(REPO_ROOT, '.data', 'pglite')),
  H5_DIR: z
    .string()
    .min(1)
    .default(path.join(REPO_ROOT, 'dist', 'h5')),
  ADMIN_DIR: z
    .string()
    .min(1)
    .default(path.join(REPO_ROOT, 'dist', 'admin')),
  UPLOADS_DIR: z
    .string()
    .min(1)
    .default(path.join(REPO_ROOT, '.data', 'uploads')),
  PUBLIC_ORIGIN: optional,
  ALLOWED_ORIGINS: list.default([]),
  APP_SECRET: optional,
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  STEP_UP_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  SIGN_IN_RECORDS_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  COMMISSION_FREEZE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  UPLOAD_VIDEO_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(500 * 1024 * 1024),
  UPLOAD_DOCUMENT_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: optional,
  S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' }).optional()),
  S3_BUCKET: optional,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: bool.optional(),
  RATE_LIMIT: bool.default(true),
  METRICS_TOKEN: optional,
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  SESSION_CACHE: bool.default(true),
  SMS_PROVIDER: z.enum(['local', 'http']).optional(),
  SMS_API_URL: optional,
  SMS_API_KEY: optional,
  SMS_SIGN_NAME: z.string().default('学习平台'),
  LOGIN_GATEWAY: z.enum(['local', 'real']).optional(),
  WECHAT_MP_APP_ID: optional,
  WECHAT_MP_APP_SECRET: optional,
  WECHAT_MINI_APP_ID: optional,
  WECHAT_MINI_APP_SECRET: optional,
  WECHAT_API_URL: z.string().default('https://api.weixin.qq.com'),
  MINI_CODE_GATEWAY: z.enum(['local', 'real']).optional(),
  WECHAT_MINI_CODE_ENV: z.enum(['release', 'trial', 'develop']).default('release'),
  SUBSCRIBE_MESSAGE_GATEWAY: z.enum(['local', 'real']).optional(),
  WECHAT_SUBSCRIBE_TEMPLATE_CLUE: optional,
  WECHAT_SUBSCRIBE_TEMPLATE_COMMISSION: optional,
  WECHAT_SUBSCRIBE_TEMPLATE_WITHDRAWAL: optional,
  WECHAT_SUBSCRIBE_TEMPLATE_NOTICE: optional,
  WECHAT_SUBSCRIBE_TEMPLATE_LIVE: optional,
  WECHAT_SUBSCRIBE_TEMPLATE_REPLY: optional,
  WECHAT_SUBSCRIBE_TEMPLATE_APPROVAL: optional,
  WECHAT_SUBSCRIBE_TEMPLATE_PARCEL: optional,
  WECHAT_SUBSCRIBE_KEYS: list.default(['thing1', 'thing2', 'time3']),
  ALIPAY_APP_ID: optional,
  ALIPAY_PRIVATE_KEY: optional,
  ALIPAY_PRIVATE_KEY_PATH: optional,
  ALIPAY_PUBLIC_KEY: optional,
  ALIPAY_PUBLIC_KEY_PATH: optional,
  ALIPAY_SELLER_ID: optional,
  ALIPAY_NOTIFY_URL: optional,
  ALIPAY_GATEWAY_URL: z.string().default('https://openapi.alipay.com/gateway.do'),
  ADMIN_ACCOUNT: optional,
  ADMIN_PASSWORD: optional,
  SEED_DEMO: bool.optional(),
  PAY_PROVIDER: list.pipe(z.array(z.enum(['sandbox', 'wechatpay', 'alipay', 'none']))).optional(),
  PAY_SANDBOX_AUTO_COMPLETE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  WECHATPAY_MCH_ID: optional,
  WECHATPAY_APP_ID: optional,
  WECHATPAY_MINI_APP_ID: optional,
  WECHATPAY_SERIAL_NO: optional,
  WECHATPAY_PRIVATE_KEY: optional,
  WECHATPAY_PRIVATE_KEY_PATH: optional,
  WECHATPAY_API_V3_KEY: optional,
  WECHATPAY_PLATFORM_CERT: optional,
  WECHATPAY_PLATFORM_CERT_PATH: optional,
  WECHATPAY_NOTIFY_URL: optional,
  WECHATPAY_API_URL: z.string().default('https://api.mch.weixin.qq.com'),
  TRANSFER_PROVIDER: z.enum(['sandbox', 'wechatpay', 'none']).optional(),
  TRACKING_PROVIDER: z.enum(['sandbox', 'kuaidi100', 'none']).optional(),
  KUAIDI100_KEY: optional,
  KUAIDI100_SALT: optional,
  KUAIDI100_API_URL: z.string().default('https://poll.kuaidi100.com/poll'),
  TRACKING_CALLBACK_URL: optional,
  WECHATPAY_TRANSFER_NOTIFY_URL: optional,
  WECHATPAY_PLATFORM_SERIAL: optional,
  WECHATPAY_TRANSFER_SCENE_ID: z
    .string()
    .regex(/^\d{4}$/)
    .default('1005'),
  WECHATPAY_TRANSFER_REPORT_INFOS: z.string().default('岗位类型=合伙人;报酬说明=推广佣金提现'),
  WECHATPAY_TRANSFER_PERCEPTION: z.string().default('劳务报酬'),
  WEB_ALLOWED_HOSTS: list.optional(),
  CSP_CONNECT_SRC: list.default(['https://restapi.amap.com']),
  OAUTH_REDIRECT_HOSTS: list.optional(),
  LIVE_PROVIDER_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
})

export type Env = z.input<typeof envSchema>

export interface Config {
  env: 'development' | 'production' | 'test'
  isProduction: boolean
  port: number
  host: string
  logLevel: string
  trustProxy: boolean
  database: { url: string | undefined; poolSize: number; dataDir: string }
  h5Dir: string
  /** The built operator console, served at /admin/. */
  adminDir: string
  uploadsDir: string
  /**
   * The live provider's room address template ({room}, {uid}, {sig} filled per student and
   * class); none: the local stand-in room at /live/room/<id>.
   */
  liveProviderUrl: string | undefined
  publicOrigin: string
  allowedOrigins: string[]
  /** Keys the HMAC of verification codes. */
  secret: string
  sessionTtlDays: number
  /** How long an operator's step-up (二次验证) holds, in their session. */
  stepUpMinutes: number
  /** How long sign-in records (登录记录) are kept before the prune job deletes them. */
  signInRecordsKeepDays: number
  commissionFreezeDays: number
  bodyLimit: number
  uploadLimit: number
  /** Course uploads (bytes): videos, documents, images (covers; the image limit is UPLOAD_LIMIT_BYTES). */
  uploadLimits: { video: number; document: number; image: number }
  /** Where course media and covers are stored (gateways/storage): the local disk by default, or an S3-compatible bucket. */
  storage: StorageConfig
  rateLimit: boolean
  /** /metrics (Prometheus): with a bearer token on the main port, and/or on a port of its own; off when neither is set. */
  metrics: { token?: string; port?: number }
  /** On SIGTERM, how long to keep accepting (readiness 503, Connection: close) before closing the listener. */
  shutdownDelayMs: number
  /** Keep live sessions in memory, invalidated by the database's change notifications. */
  sessionCache: boolean
  sms: { provider: 'local' | 'http'; apiUrl?: string; apiKey?: string; signName: string }
  login: LoginConfig
  /** WeChat mini-program codes for posters (gateways/mini-code.ts): local QR codes by default outside production. */
  miniCode: { gateway: 'local' | 'real'; envVersion: 'release' | 'trial' | 'develop' }
  /**
   * WeChat subscribe messages (gateways/subscribe-message.ts): the local outbox by default outside
   * production; template ids per SubscribeTemplate (placeholders locally), and the template keywords
   * a message fills with its title, text and time.
   */
  subscribeMessages: {
    gateway: 'local' | 'real'
    templates: Partial<Record<SubscribeTemplate, string>>
    keys: { title: string; body: string; time: string }
  }
  admin?: { account: string; password: string }
  seedDemo: boolean
  /** Payments (gateways/pay/): the sandbox by default outside production. */
  pay: PayConfig
  /** Payouts by WeChat merchant transfer (gateways/transfer/): the sandbox by default outside production. */
  transfer: TransferConfig
  /** Parcel tracking (gateways/tracking/): the sandbox by default outside production. */
  tracking: TrackingConfig
  /** Origins the H5 app calls besides this one and ALLOWED_ORIGINS (its CSP connect-src): the maps service. */
  cspConnectSources: string[]
  /** Host allow-lists the client checks (GET /api/bms/develop/config/getByKey). */
  allowLists: { webHosts: string[]; oauthRedirectHosts: string[] }
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads and validates configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const isProduction = e.NODE_ENV === 'production'
  const problems: string[] = []

  const smsProvider = e.SMS_PROVIDER ?? (isProduction ? 'http' : 'local')
  if (smsProvider === 'http' && !e.SMS_API_URL) problems.push('SMS_API_URL is required when SMS_PROVIDER=http')

  const gateway = e.LOGIN_GATEWAY ?? (isProduction ? 'real' : 'local')
  if (isProduction && !e.APP_SECRET) problems.push('APP_SECRET is required in production')
  const miniCodeGateway = e.MINI_CODE_GATEWAY ?? (isProduction ? 'real' : 'local')
  if (e.MINI_CODE_GATEWAY === 'real' && !(e.WECHAT_MINI_APP_ID && e.WECHAT_MINI_APP_SECRET))
    problems.push('WECHAT_MINI_APP_ID and WECHAT_MINI_APP_SECRET are required when MINI_CODE_GATEWAY=real')
  const subscribeGateway = e.SUBSCRIBE_MESSAGE_GATEWAY ?? (isProduction ? 'real' : 'local')
  if (e.SUBSCRIBE_MESSAGE_GATEWAY === 'real' && !(e.WECHAT_MINI_APP_ID && e.WECHAT_MINI_APP_SECRET))
    problems.push('WECHAT_MINI_APP_ID and WECHAT_MINI_APP_SECRET are required when SUBSCRIBE_MESSAGE_GATEWAY=real')
  if (e.WECHAT_SUBSCRIBE_KEYS.length !== 3)
    problems.push('WECHAT_SUBSCRIBE_KEYS must name 3 template keywords: title, text, time (e.g. thing1,thing2,time3)')
  if (e.APP_SECRET && e.APP_SECRET.length < 16) problems.push('APP_SECRET must be at least 16 characters')
  if ((e.ADMIN_ACCOUNT && !e.ADMIN_PASSWORD) || (!e.ADMIN_ACCOUNT && e.ADMIN_PASSWORD)) {
    problems.push('ADMIN_ACCOUNT and ADMIN_PASSWORD go together')
  }
  if (e.METRICS_TOKEN && e.METRICS_TOKEN.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters')
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT)
    problems.push('METRICS_PORT must differ from PORT (the metrics port is not public)')
  if (e.ADMIN_PASSWORD && e.ADMIN_PASSWORD.length < 8) problems.push('ADMIN_PASSWORD must be at least 8 characters')
  if (e.STORAGE_DRIVER === 's3')
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      if (!e[name]) problems.push(`${name} is required when STORAGE_DRIVER=s3`)
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`)

  const pair = (appId?: string, secret?: string) => (appId && secret ? { appId, secret } : undefined)
  const alipayPrivateKey = keyText(e.ALIPAY_PRIVATE_KEY, e.ALIPAY_PRIVATE_KEY_PATH, 'ALIPAY_PRIVATE_KEY_PATH')
  const alipayPublicKey = keyText(e.ALIPAY_PUBLIC_KEY, e.ALIPAY_PUBLIC_KEY_PATH, 'ALIPAY_PUBLIC_KEY_PATH')
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  const pay = payConfig(e, { isProduction, publicOrigin, alipayPrivateKey, alipayPublicKey })

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: e.TRUST_PROXY,
    database: { url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE, dataDir: path.resolve(e.DATA_DIR) },
    h5Dir: path.resolve(e.H5_DIR),
    adminDir: path.resolve(e.ADMIN_DIR),
    uploadsDir: path.resolve(e.UPLOADS_DIR),
    liveProviderUrl: e.LIVE_PROVIDER_URL,
    publicOrigin,
    allowedOrigins: [publicOrigin, ...e.ALLOWED_ORIGINS.map((o) => o.replace(/\/+$/, ''))],
    secret: e.APP_SECRET ?? 'development-secret-not-for-production',
    sessionTtlDays: e.SESSION_TTL_DAYS,
    stepUpMinutes: e.STEP_UP_MINUTES,
    signInRecordsKeepDays: e.SIGN_IN_RECORDS_KEEP_DAYS,
    commissionFreezeDays: e.COMMISSION_FREEZE_DAYS,
    bodyLimit: e.BODY_LIMIT_BYTES,
    uploadLimit: e.UPLOAD_LIMIT_BYTES,
    uploadLimits: { video: e.UPLOAD_VIDEO_LIMIT_BYTES, document: e.UPLOAD_DOCUMENT_LIMIT_BYTES, image: e.UPLOAD_LIMIT_BYTES },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET ?? '',
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            // Self-hosted stores (MinIO) answer at endpoint/bucket; AWS prefers bucket.endpoint.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          }
        : { driver: 'local', dir: path.resolve(e.STORAGE_DIR ?? path.join(e.UPLOADS_DIR, 'storage')) },
    rateLimit: e.RATE_LIMIT,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    sessionCache: e.SESSION_CACHE,
    sms: { provider: smsProvider, apiUrl: e.SMS_API_URL, apiKey: e.SMS_API_KEY, signName: e.SMS_SIGN_NAME },
    login: {
      gateway,
      wechatApiUrl: e.WECHAT_API_URL.replace(/\/+$/, ''),
      wechatMp: pair(e.WECHAT_MP_APP_ID, e.WECHAT_MP_APP_SECRET),
      wechatMpAppId: e.WECHAT_MP_APP_ID,
      wechatMini: pair(e.WECHAT_MINI_APP_ID, e.WECHAT_MINI_APP_SECRET),
      alipay:
        e.ALIPAY_APP_ID && alipayPrivateKey
          ? { appId: e.ALIPAY_APP_ID, privateKey: alipayPrivateKey, gatewayUrl: e.ALIPAY_GATEWAY_URL, alipayPublicKey }
          : undefined,
    },
    miniCode: { gateway: miniCodeGateway, envVersion: e.WECHAT_MINI_CODE_ENV },
    subscribeMessages: {
      gateway: subscribeGateway,
      templates: Object.fromEntries(
        (
          [
            ['clue', e.WECHAT_SUBSCRIBE_TEMPLATE_CLUE],
            ['commission', e.WECHAT_SUBSCRIBE_TEMPLATE_COMMISSION],
            ['withdrawal', e.WECHAT_SUBSCRIBE_TEMPLATE_WITHDRAWAL],
            ['notice', e.WECHAT_SUBSCRIBE_TEMPLATE_NOTICE],
            ['live', e.WECHAT_SUBSCRIBE_TEMPLATE_LIVE],
            ['reply', e.WECHAT_SUBSCRIBE_TEMPLATE_REPLY],
            ['approval', e.WECHAT_SUBSCRIBE_TEMPLATE_APPROVAL],
            ['parcel', e.WECHAT_SUBSCRIBE_TEMPLATE_PARCEL],
          ] as const
        )
          .map(([key, id]) => [key, id ?? (subscribeGateway === 'local' ? `local-${key}-template` : undefined)])
          .filter(([, id]) => id),
      ),
      keys: {
        title: e.WECHAT_SUBSCRIBE_KEYS[0] ?? 'thing1',
        body: e.WECHAT_SUBSCRIBE_KEYS[1] ?? 'thing2',
        time: e.WECHAT_SUBSCRIBE_KEYS[2] ?? 'time3',
      },
    },
    admin: e.ADMIN_ACCOUNT && e.ADMIN_PASSWORD ? { account: e.ADMIN_ACCOUNT, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV === 'development',
    pay,
    transfer: transferConfig(e, { isProduction, publicOrigin, pay }),
    tracking: trackingConfig(e, { isProduction, publicOrigin }),
    allowLists: allowLists(e, { publicOrigin }),
    cspConnectSources: e.CSP_CONNECT_SRC,
  }
}
/** A key given in a variable (`\\n` escapes allowed) or in a file. */
function keyText(value: string | undefined, file: string | undefined, fileVariable: string): string | undefined {
  if (value) return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value
  if (!file) return undefined
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    throw new ConfigError(`Invalid configuration:\n  ${fileVariable}: cannot read ${file}`)
  }
}

/**
 * PAY_PROVIDER (comma-separated): sandbox outside production; in production each real provider
 * whose variables are set (wechatpay with WECHATPAY_MCH_ID, alipay with ALIPAY_PUBLIC_KEY), else
 * none (payFee refuses). WeChat Pay pays the WeChat channels, Alipay the Alipay mini-program.
 */
function payConfig(
  e: z.output<typeof envSchema>,
  {
    isProduction,
    publicOrigin,
    alipayPrivateKey,
    alipayPublicKey,
  }: { isProduction: boolean; publicOrigin: string; alipayPrivateKey?: string; alipayPublicKey?: string },
): PayConfig {
  const configured = [...(e.WECHATPAY_MCH_ID ? ['wechatpay' as const] : []), ...(alipayPublicKey ? ['alipay' as const] : [])]
  const asked = e.PAY_PROVIDER?.length ? e.PAY_PROVIDER : isProduction ? configured : ['sandbox' as const]
  const providers = asked.filter((p) => p !== 'none')
  const problems: string[] = []
  if (providers.includes('sandbox') && isProduction)
    problems.push('PAY_PROVIDER=sandbox is not allowed in production (it completes payments without money)')
  if (providers.includes('sandbox') && providers.length > 1) problems.push('PAY_PROVIDER=sandbox cannot be combined with real providers')
  let wechat: PayConfig['wechat']
  if (providers.includes('wechatpay')) {
    const required = {
      WECHATPAY_MCH_ID: e.WECHATPAY_MCH_ID,
      WECHATPAY_APP_ID: e.WECHATPAY_APP_ID,
      WECHATPAY_SERIAL_NO: e.WECHATPAY_SERIAL_NO,
      WECHATPAY_API_V3_KEY: e.WECHATPAY_API_V3_KEY,
    }
    for (const [name, value] of Object.entries(required)) if (!value) problems.push(`${name} is required when PAY_PROVIDER=wechatpay`)
    if (!e.WECHATPAY_PRIVATE_KEY && !e.WECHATPAY_PRIVATE_KEY_PATH)
      problems.push('WECHATPAY_PRIVATE_KEY or WECHATPAY_PRIVATE_KEY_PATH is required when PAY_PROVIDER=wechatpay')
    if (!e.WECHATPAY_PLATFORM_CERT && !e.WECHATPAY_PLATFORM_CERT_PATH)
      problems.push('WECHATPAY_PLATFORM_CERT or WECHATPAY_PLATFORM_CERT_PATH is required when PAY_PROVIDER=wechatpay')
    if (e.WECHATPAY_API_V3_KEY && Buffer.byteLength(e.WECHATPAY_API_V3_KEY, 'utf8') !== 32)
      problems.push('WECHATPAY_API_V3_KEY must be 32 characters')
    wechat = {
      mchId: e.WECHATPAY_MCH_ID ?? '',
      appId: e.WECHATPAY_APP_ID ?? '',
      miniAppId: e.WECHATPAY_MINI_APP_ID,
      serialNo: e.WECHATPAY_SERIAL_NO ?? '',
      apiV3Key: e.WECHATPAY_API_V3_KEY ?? '',
      privateKey: e.WECHATPAY_PRIVATE_KEY,
      privateKeyPath: e.WECHATPAY_PRIVATE_KEY_PATH,
      platformCert: e.WECHATPAY_PLATFORM_CERT,
      platformCertPath: e.WECHATPAY_PLATFORM_CERT_PATH,
      notifyUrl: e.WECHATPAY_NOTIFY_URL ?? `${publicOrigin}/api/fms/finance/payment/notify/wechatpay`,
      apiUrl: e.WECHATPAY_API_URL.replace(/\/+$/, ''),
    }
  }
  let alipay: PayConfig['alipay']
  if (providers.includes('alipay')) {
    if (!e.ALIPAY_APP_ID) problems.push('ALIPAY_APP_ID is required when PAY_PROVIDER=alipay')
    if (!alipayPrivateKey) problems.push('ALIPAY_PRIVATE_KEY or ALIPAY_PRIVATE_KEY_PATH is required when PAY_PROVIDER=alipay')
    if (!alipayPublicKey) problems.push('ALIPAY_PUBLIC_KEY or ALIPAY_PUBLIC_KEY_PATH is required when PAY_PROVIDER=alipay')
    alipay = {
      appId: e.ALIPAY_APP_ID ?? '',
      privateKey: alipayPrivateKey,
      alipayPublicKey,
      sellerId: e.ALIPAY_SELLER_ID,
      notifyUrl: e.ALIPAY_NOTIFY_URL ?? `${publicOrigin}/api/fms/finance/payment/notify/alipay`,
      gatewayUrl: e.ALIPAY_GATEWAY_URL,
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  return {
    providers,
    sandboxAutoCompleteMs: e.PAY_SANDBOX_AUTO_COMPLETE_MS ?? (e.NODE_ENV === 'development' ? 3000 : 0),
    wechat,
    alipay,
  }
}

/**
 * TRANSFER_PROVIDER: sandbox outside production; in production wechatpay when WeChat Pay is
 * configured (it reuses the WECHATPAY_* merchant, keys and certificate), else none (finance pays
 * by hand only).
 */
function transferConfig(
  e: z.output<typeof envSchema>,
  { isProduction, publicOrigin, pay }: { isProduction: boolean; publicOrigin: string; pay: PayConfig },
): TransferConfig {
  const provider = e.TRANSFER_PROVIDER ?? (isProduction ? (pay.wechat ? 'wechatpay' : 'none') : 'sandbox')
  const problems: string[] = []
  if (provider === 'sandbox' && isProduction)
    problems.push('TRANSFER_PROVIDER=sandbox is not allowed in production (it pays out without money)')
  if (provider === 'wechatpay' && !pay.wechat)
    problems.push('TRANSFER_PROVIDER=wechatpay needs WeChat Pay configured (PAY_PROVIDER=wechatpay and its WECHATPAY_* variables)')
  const sceneReportInfos = e.WECHATPAY_TRANSFER_REPORT_INFOS.split(';')
    .map((pair) => pair.split('='))
    .filter((kv) => kv.length === 2 && kv[0]!.trim() && kv[1]!.trim())
    .map(([k, v]) => ({ info_type: k!.trim(), info_content: v!.trim() }))
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  const w = pay.wechat
  return {
    provider,
    wechat:
      provider === 'wechatpay' && w
        ? {
            mchId: w.mchId,
            appId: w.appId,
            miniAppId: w.miniAppId,
            serialNo: w.serialNo,
            apiV3Key: w.apiV3Key,
            privateKey: w.privateKey,
            privateKeyPath: w.privateKeyPath,
            platformCert: w.platformCert,
            platformCertPath: w.platformCertPath,
            apiUrl: w.apiUrl,
            platformSerial: e.WECHATPAY_PLATFORM_SERIAL,
            notifyUrl: e.WECHATPAY_TRANSFER_NOTIFY_URL ?? `${publicOrigin}/api/fms/finance/transfer/notify/wechatpay`,
            sceneId: e.WECHATPAY_TRANSFER_SCENE_ID,
            sceneReportInfos,
            userRecvPerception: e.WECHATPAY_TRANSFER_PERCEPTION || undefined,
          }
        : undefined,
  }
}

/** WEB_ALLOWED_HOSTS / OAUTH_REDIRECT_HOSTS, comma-separated; defaults: this app's host (and localhost for the wxCode dev flow). */
function allowLists(e: z.output<typeof envSchema>, { publicOrigin }: { publicOrigin: string }) {
  const ownHost = publicOrigin
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/[:/].*$/, '')
    .toLowerCase()
  return {
    webHosts: e.WEB_ALLOWED_HOSTS ?? [ownHost],
    oauthRedirectHosts: e.OAUTH_REDIRECT_HOSTS ?? [...new Set([ownHost, 'localhost', '127.0.0.1'])],
  }
}

/**
 * TRACKING_PROVIDER: sandbox outside production; in production kuaidi100 when KUAIDI100_KEY is set,
 * else none (waybills are kept, parcels are not tracked). kuaidi100 needs KUAIDI100_KEY and
 * KUAIDI100_SALT (the salt it signs pushes with); it pushes to TRACKING_CALLBACK_URL.
 */
function trackingConfig(
  e: z.output<typeof envSchema>,
  { isProduction, publicOrigin }: { isProduction: boolean; publicOrigin: string },
): TrackingConfig {
  const provider = e.TRACKING_PROVIDER ?? (isProduction ? (e.KUAIDI100_KEY ? 'kuaidi100' : 'none') : 'sandbox')
  const problems: string[] = []
  if (provider === 'sandbox' && isProduction)
    problems.push('TRACKING_PROVIDER=sandbox is not allowed in production (its parcels are make-believe)')
  if (provider === 'kuaidi100' && (!e.KUAIDI100_KEY || !e.KUAIDI100_SALT))
    problems.push('TRACKING_PROVIDER=kuaidi100 needs KUAIDI100_KEY and KUAIDI100_SALT')
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  return {
    provider,
    callbackUrl: e.TRACKING_CALLBACK_URL ?? `${publicOrigin}/api/ems/express/notify/kuaidi100`,
    kuaidi100: provider === 'kuaidi100' ? { key: e.KUAIDI100_KEY!, salt: e.KUAIDI100_SALT!, apiUrl: e.KUAIDI100_API_URL } : undefined,
  }
}
