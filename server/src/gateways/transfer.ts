import crypto from 'node:crypto'
import {
  type IncomingNotification,
  NotificationRejectedError,
  openWechatPayNotification,
  PayGatewayError,
  pem,
  wechatPayKeys,
  sandboxNotificationHeaders,
  verifySandboxNotification,
  type WechatPayConfig,
  wechatPayPost,
} from './pay.ts'

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

export type TransferProviderName = 'sandbox' | 'wechatpay'

export interface TransferBill {
  /** Ours, unique per attempt: letters and digits only, 5-32 characters. */
  outBillNo: string
  /** Fen. */
  amount: number
  /** The partner's open id under the mini-program. */
  openId: string
  /** The payee's real name; WeChat checks it (required from ¥2,000.00). */
  userName: string
  /** Shown to the partner, at most 32 characters. */
  remark: string
}

/** A bill WeChat accepted: what the partner's `requestMerchantTransfer` needs, and its state. */
export interface CreatedTransfer {
  /** WeChat's transfer bill number. */
  billNo: string
  /** WeChat's state, e.g. WAIT_USER_CONFIRM. */
  state: string
  packageInfo: string
  mchId: string
  appId: string
}

/** What a verified transfer notification says. */
export type TransferNotice =
  | {
      kind: 'bill'
      notificationId: string
      outBillNo: string
      billNo: string | null
      result: 'success' | 'fail'
      /** Fen, as the provider saw it. */
      amount: number
      /** Why it failed, for a person (Chinese); null on success. */
      reason: string | null
    }
  | { kind: 'ignored'; notificationId: string; reason: string }

export interface TransferProvider {
  name: TransferProviderName
  /** Throws PayGatewayError; its `refused` is set only when the provider definitely made no bill. */
  createTransfer(bill: TransferBill): Promise<CreatedTransfer>
  /** Verifies and reads a notification; throws NotificationRejectedError when it is not genuine. */
  parseNotification(args: IncomingNotification): Promise<TransferNotice>
  close?(): void
}

export type SandboxTransferResult = 'confirm' | 'fail' | 'expire'

export interface SandboxTransferProvider extends TransferProvider {
  name: 'sandbox'
  /** Plays the partner and WeChat: sends the signed notification now; resolves with the notify route's answer. */
  complete(args: { outBillNo: string; amount: number; result: SandboxTransferResult }): Promise<{ statusCode: number; body: string }>
}

/** WeChat's fail_reason codes, as a person reads them. */
const FAIL_REASONS: Record<string, string> = {
  ACCOUNT_FROZEN: '收款人微信账户已冻结',
  REAL_NAME_CHECK_FAIL: '收款人未完成微信实名认证',
  NAME_NOT_CORRECT: '收款人姓名与微信实名不一致',
  OPENID_INVALID: '收款人微信身份无效',
  TRANSFER_QUOTA_EXCEED: '超过收款人单笔收款额度',
  DAY_RECEIVED_QUOTA_EXCEED: '超过收款人单日收款额度',
  MONTH_RECEIVED_QUOTA_EXCEED: '超过收款人单月收款额度',
  DAY_RECEIVED_COUNT_EXCEED: '超过收款人单日收款次数',
  ACCOUNT_NOT_EXIST: '收款人微信账户不存在',
  PAYEE_ACCOUNT_ABNORMAL: '收款人微信账户收款异常',
  PAYER_ACCOUNT_ABNORMAL: '商户账户付款受限',
  TRANSFER_RISK: '该笔转账被微信风控拦截',
  OVERDUE_CLOSE: '收款人超时未确认收款，转账已关闭',
  MERCHANT_REJECT: '商户已驳回该笔转账',
  MERCHANT_NOT_CONFIRM: '商户超时未确认该笔转账',
  PRODUCT_AUTH_CHECK_FAIL: '商户未开通商家转账',
}

/** A finished bill's failure as a person reads it. */
export function transferFailReason(state: string, code?: string | null): string {
  if (code && FAIL_REASONS[code]) return FAIL_REASONS[code]
  if (state === 'CANCELLED') return '转账已撤销（收款人未确认收款）'
  return code ? `微信转账失败（${code}）` : '微信转账失败'
}

// ---------------------------------------------------------------------------------------------
// WeChat Pay API v3 merchant transfer

export interface WechatTransferConfig extends Pick<
  WechatPayConfig,
  'mchId' | 'appId' | 'miniAppId' | 'serialNo' | 'privateKey' | 'apiV3Key' | 'platformCert' | 'apiUrl'
> {
  notifyUrl: string
  /** The platform certificate's serial or the WeChat Pay public key's id (Wechatpay-Serial), needed to send an encrypted name. */
  platformSerial?: string
  /** 转账场景 (1005 佣金报酬 by default) and what it reports to WeChat. */
  sceneId: string
  sceneReportInfos: Array<{ info_type: string; info_content: string }>
  /** 用户收款感知, as the partner's WeChat shows the receipt. */
  userRecvPerception?: string
}

/** From this amount (fen) WeChat requires the payee's name, encrypted with its public key. */
export const NAME_REQUIRED_FROM = 200_000

const FINAL_FAIL_STATES = new Set(['FAIL', 'CANCELLED'])

export function createWechatTransferProvider({
  config,
  fetchImpl = fetch,
  timeoutMs = 10_000,
}: {
  config: WechatTransferConfig
  fetchImpl?: typeof fetch
  timeoutMs?: number
}): TransferProvider {
  const { privateKey, publicKey } = wechatPayKeys(config)
  const appId = config.miniAppId ?? config.appId

  return {
    name: 'wechatpay',

    async createTransfer(bill) {
      const headers: Record<string, string> = {}
      let userName: string | undefined
      if (bill.amount >= NAME_REQUIRED_FROM) {
        if (!config.platformSerial)
          throw new PayGatewayError(
            'WECHATPAY_PLATFORM_SERIAL is needed to send the payee name',
            '¥2000.00及以上的微信转账需要配置微信支付公钥ID，请手工打款',
            {
              code: 'NO_PLATFORM_SERIAL',
              message: 'no platform serial',
            },
          )
        userName = crypto
          .publicEncrypt(
            { key: publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
            Buffer.from(bill.userName, 'utf8'),
          )
          .toString('base64')
        headers['wechatpay-serial'] = config.platformSerial
      }
      const answer = await wechatPayPost({
        config,
        privateKey,
        publicKey,
        urlPath: '/v3/fund-app/mch-transfer/transfer-bills',
        payload: {
          appid: appId,
          out_bill_no: bill.outBillNo,
          transfer_scene_id: config.sceneId,
          openid: bill.openId,
          ...(userName ? { user_name: userName } : {}),
          transfer_amount: bill.amount,
          transfer_remark: bill.remark.slice(0, 32),
          notify_url: config.notifyUrl,
          ...(config.userRecvPerception ? { user_recv_perception: config.userRecvPerception } : {}),
          transfer_scene_report_infos: config.sceneReportInfos,
        },
        headers,
        fetchImpl,
        timeoutMs,
        failMessage: '微信转账发起失败',
      })
      const s = (v: unknown) => (typeof v === 'string' ? v : '')
      if (s(answer.out_bill_no) !== bill.outBillNo) throw new PayGatewayError('WeChat Pay answered a transfer for another bill')
      const state = s(answer.state)
      const billNo = s(answer.transfer_bill_no)
      if (!billNo || !state) throw new PayGatewayError('WeChat Pay answered a transfer without bill number or state')
      if (FINAL_FAIL_STATES.has(state))
        throw new PayGatewayError(
          `WeChat Pay transfer ${state}: ${s(answer.fail_reason)}`,
          transferFailReason(state, s(answer.fail_reason)),
          {
            code: state,
            message: s(answer.fail_reason),
          },
        )
      return { billNo, state, packageInfo: s(answer.package_info), mchId: config.mchId, appId }
    },

    async parseNotification(notification) {
      const { notificationId, eventType, plain } = openWechatPayNotification({ ...notification, publicKey, apiV3Key: config.apiV3Key })
      if (eventType !== 'MCHTRANSFER.BILL.FINISHED') return { kind: 'ignored', notificationId, reason: `event ${eventType}` }
      let b: {
        mchid?: unknown
        out_bill_no?: unknown
        transfer_bill_no?: unknown
        state?: unknown
        transfer_amount?: unknown
        fail_reason?: unknown
      }
      try {
        b = JSON.parse(plain) as typeof b
      } catch {
        throw new NotificationRejectedError('resource is not JSON')
      }
      if (b.mchid !== config.mchId) throw new NotificationRejectedError('notification for another merchant')
      if (typeof b.out_bill_no !== 'string' || typeof b.transfer_amount !== 'number')
        throw new NotificationRejectedError('bill without number or amount')
      const state = typeof b.state === 'string' ? b.state : ''
      if (state !== 'SUCCESS' && !FINAL_FAIL_STATES.has(state)) return { kind: 'ignored', notificationId, reason: `state ${state}` }
      return {
        kind: 'bill',
        notificationId,
        outBillNo: b.out_bill_no,
        billNo: typeof b.transfer_bill_no === 'string' ? b.transfer_bill_no : null,
        result: state === 'SUCCESS' ? 'success' : 'fail',
        amount: b.transfer_amount,
        reason: state === 'SUCCESS' ? null : transferFailReason(state, typeof b.fail_reason === 'string' ? b.fail_reason : null),
      }
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Sandbox

/** Delivers a notification to this app's transfer notify route (the app passes `app.inject`). */
export type TransferNotificationDelivery = (args: {
  provider: TransferProviderName
  headers: Record<string, string>
  body: string
}) => Promise<{ statusCode: number; body: string }>

export const SANDBOX_TRANSFER_APP_ID = 'wx-sandbox'
export const SANDBOX_TRANSFER_MCH_ID = 'sandbox-mch'

export function createSandboxTransferProvider({
  secret,
  deliver,
}: {
  secret: string
  deliver: TransferNotificationDelivery
}): SandboxTransferProvider {
  return {
    name: 'sandbox',

    async createTransfer(bill) {
      return {
        billNo: `SBXT${bill.outBillNo}`,
        state: 'WAIT_USER_CONFIRM',
        packageInfo: `sandbox_package_${bill.outBillNo}`,
        mchId: SANDBOX_TRANSFER_MCH_ID,
        appId: SANDBOX_TRANSFER_APP_ID,
      }
    },

    async complete({ outBillNo, amount, result }) {
      const state = result === 'confirm' ? 'SUCCESS' : result === 'fail' ? 'FAIL' : 'CANCELLED'
      const body = JSON.stringify({
        id: `SBXT-${crypto.randomUUID()}`,
        outBillNo,
        billNo: `SBXT${outBillNo}`,
        amount,
        state,
        failReason: result === 'fail' ? 'PAYEE_ACCOUNT_ABNORMAL' : result === 'expire' ? 'OVERDUE_CLOSE' : null,
      })
      return deliver({ provider: 'sandbox', headers: sandboxNotificationHeaders(secret, body), body })
    },

    async parseNotification({ headers, body, now = new Date() }) {
      verifySandboxNotification({ secret, headers, body, now })
      let p: { id?: unknown; outBillNo?: unknown; billNo?: unknown; amount?: unknown; state?: unknown; failReason?: unknown }
      try {
        p = JSON.parse(body) as typeof p
      } catch {
        throw new NotificationRejectedError('body is not JSON')
      }
      if (
        typeof p.id !== 'string' ||
        typeof p.outBillNo !== 'string' ||
        typeof p.amount !== 'number' ||
        (p.state !== 'SUCCESS' && p.state !== 'FAIL' && p.state !== 'CANCELLED')
      )
        throw new NotificationRejectedError('malformed sandbox notification')
      return {
        kind: 'bill',
        notificationId: p.id,
        outBillNo: p.outBillNo,
        billNo: typeof p.billNo === 'string' ? p.billNo : null,
        result: p.state === 'SUCCESS' ? 'success' : 'fail',
        amount: p.amount,
        reason: p.state === 'SUCCESS' ? null : transferFailReason(p.state, typeof p.failReason === 'string' ? p.failReason : null),
      }
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Wiring

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
