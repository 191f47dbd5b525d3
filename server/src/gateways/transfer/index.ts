import crypto from 'node:crypto'
import { pem } from '../pay/index.ts'
import { createSandboxTransferProvider, type TransferNotificationDelivery } from './sandbox.ts'
import type { SandboxTransferProvider, TransferProvider, TransferProviderName } from './shared.ts'
import { createWechatTransferProvider, type WechatTransferConfig } from './wechat.ts'

/**
 * The far side of payouts: a merchant transfer (商家转账) to a partner's WeChat balance, which
 * the partner confirms in the mini-program (`requestMerchantTransfer` with the bill's
 * package_info); the provider tells us the outcome by a signed notification, and only that
 * notification marks a withdrawal paid.
 *
 * - `wechatpay`: WeChat Pay API v3, POST /v3/fund-app/mch-transfer/transfer-bills (signed like
 *   pay), notifications MCHTRANSFER.BILL.FINISHED verified and decrypted like pay's.
 * - `sandbox`: development and tests. Answers a bill at once and completes it only when asked
 *   (confirm / fail / expire), by sending itself an HMAC-signed notification.
 */

export * from './shared.ts'
export * from './wechat.ts'
export * from './sandbox.ts'

export interface TransferConfig {
  /** The provider payouts use; none: finance pays by hand only. */
  provider: TransferProviderName | 'none'
  wechat?: Omit<WechatTransferConfig, 'privateKey' | 'platformCert'> & {
    privateKey?: string
    privateKeyPath?: string
    platformCert?: string
    platformCertPath?: string
  }
}

export interface TransferGateway {
  provider: TransferProvider | undefined
  /** Present when the sandbox is the provider. */
  sandbox: SandboxTransferProvider | undefined
  find(name: string): TransferProvider | undefined
  close(): void
}

export function transferGatewayOf(provider: TransferProvider | undefined, sandbox?: SandboxTransferProvider): TransferGateway {
  return {
    provider,
    sandbox,
    find: (name) => (provider && provider.name === name ? provider : undefined),
    close: () => provider?.close?.(),
  }
}

export function createTransferGateway({
  config,
  secret,
  deliver,
  fetchImpl,
}: {
  config: TransferConfig
  secret: string
  deliver: TransferNotificationDelivery
  fetchImpl?: typeof fetch
}): TransferGateway {
  if (config.provider === 'sandbox') {
    const sandbox = createSandboxTransferProvider({
      secret: crypto.createHmac('sha256', secret).update('sandbox-transfer-notifications').digest('hex'),
      deliver,
    })
    return transferGatewayOf(sandbox, sandbox)
  }
  const w = config.wechat
  if (config.provider === 'wechatpay' && w) {
    const wechat = {
      ...w,
      privateKey: pem(w.privateKey, w.privateKeyPath, 'WECHATPAY_PRIVATE_KEY'),
      platformCert: pem(w.platformCert, w.platformCertPath, 'WECHATPAY_PLATFORM_CERT'),
    }
    return transferGatewayOf(createWechatTransferProvider({ config: wechat, fetchImpl }))
  }
  return transferGatewayOf(undefined)
}
