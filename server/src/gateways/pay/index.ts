import crypto from 'node:crypto'
import fs from 'node:fs'
import type { PayChannel } from '../../wire.ts'
import { type AlipayPayConfig, createAlipayProvider } from './alipay.ts'
import { createSandboxPayProvider, type NotificationDelivery } from './sandbox.ts'
import type { PayProvider, PayProviderName, SandboxPayProvider } from './shared.ts'
import { createWechatPayProvider, type WechatPayConfig } from './wechat.ts'

/**
 * The far side of payments. A provider creates a payment for an order and returns what the client
 * hands to `Taro.requestPayment` / `chooseWXPay` / `my.tradePay`; later the provider tells us the
 * outcome by a signed notification, and only that notification marks an order paid.
 *
 * - `wechatpay`: WeChat Pay API v3 (JSAPI / mini-program prepay, RSA-SHA256 request signatures,
 *   notification signatures checked with the platform certificate, AEAD_AES_256_GCM resources).
 * - `alipay`: Alipay open platform (alipay.trade.create for the Alipay mini-program's
 *   my.tradePay, RSA2 form notifications checked with Alipay's public key, alipay.trade.query
 *   when a notification is late).
 * - `sandbox`: development and tests. Returns sandbox parameters and completes the payment by
 *   sending itself an HMAC-signed notification to the same notify route, shortly after (when
 *   `autoCompleteMs` > 0) or when asked (POST /api/dev/payments/complete).
 */

export * from './shared.ts'
export * from './wechat.ts'
export * from './alipay.ts'
export * from './sandbox.ts'

export interface PayConfig {
  /** The providers new payments use, by channel; `['sandbox']` alone, or none (payFee refuses). */
  providers: PayProviderName[]
  sandboxAutoCompleteMs: number
  wechat?: Omit<WechatPayConfig, 'privateKey' | 'platformCert'> & {
    privateKey?: string
    privateKeyPath?: string
    platformCert?: string
    platformCertPath?: string
  }
  alipay?: Omit<AlipayPayConfig, 'privateKey' | 'alipayPublicKey'> & {
    privateKey?: string
    privateKeyPath?: string
    alipayPublicKey?: string
    alipayPublicKeyPath?: string
  }
}

/** The providers this process accepts notifications from, and which one pays each channel. */
export interface PayGateway {
  providers: PayProvider[]
  /** Present when the sandbox is the provider. */
  sandbox: SandboxPayProvider | undefined
  /** The provider that pays a channel; undefined when none is configured for it. */
  forChannel(channel: PayChannel): PayProvider | undefined
  find(name: string): PayProvider | undefined
  close(): void
}

/** A gateway over given providers (the first that serves a channel pays it). */
export function payGatewayOf(providers: PayProvider[], sandbox?: SandboxPayProvider): PayGateway {
  return {
    providers,
    sandbox,
    forChannel: (channel) => providers.find((p) => p.channels.includes(channel)),
    find: (name) => providers.find((p) => p.name === name),
    close: () => providers.forEach((p) => p.close?.()),
  }
}

/** PEM from an environment variable (with `\n` escapes allowed) or from a file. */
export function pem(value: string | undefined, file: string | undefined, name: string): string {
  if (value) return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value
  if (file) return fs.readFileSync(file, 'utf8')
  throw new Error(`${name} (or ${name}_PATH) is required`)
}

export function createPayGateway({
  config,
  secret,
  deliver,
  onError,
  fetchImpl,
}: {
  config: PayConfig
  secret: string
  deliver: NotificationDelivery
  onError?: (error: unknown) => void
  /** The far side's HTTP (tests point it at a local server). */
  fetchImpl?: typeof fetch
}): PayGateway {
  if (config.providers.includes('sandbox')) {
    const sandbox = createSandboxPayProvider({
      secret: crypto.createHmac('sha256', secret).update('sandbox-pay-notifications').digest('hex'),
      autoCompleteMs: config.sandboxAutoCompleteMs,
      deliver,
      onError,
    })
    return payGatewayOf([sandbox], sandbox)
  }
  const providers: PayProvider[] = []
  const w = config.wechat
  if (config.providers.includes('wechatpay') && w) {
    providers.push(
      createWechatPayProvider({
        config: {
          ...w,
          privateKey: pem(w.privateKey, w.privateKeyPath, 'WECHATPAY_PRIVATE_KEY'),
          platformCert: pem(w.platformCert, w.platformCertPath, 'WECHATPAY_PLATFORM_CERT'),
        },
        fetchImpl,
      }),
    )
  }
  const a = config.alipay
  if (config.providers.includes('alipay') && a) {
    providers.push(
      createAlipayProvider({
        config: {
          ...a,
          privateKey: pem(a.privateKey, a.privateKeyPath, 'ALIPAY_PRIVATE_KEY'),
          alipayPublicKey: pem(a.alipayPublicKey, a.alipayPublicKeyPath, 'ALIPAY_PUBLIC_KEY'),
        },
        fetchImpl,
      }),
    )
  }
  return payGatewayOf(providers)
}
