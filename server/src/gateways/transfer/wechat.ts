import crypto from 'node:crypto'
import {
  NotificationRejectedError,
  openWechatPayNotification,
  PayGatewayError,
  wechatPayKeys,
  type WechatPayConfig,
  wechatPayPost,
} from '../pay/index.ts'
import { transferFailReason, type TransferProvider } from './shared.ts'

/** WeChat Pay API v3 merchant transfer: POST /v3/fund-app/mch-transfer/transfer-bills (signed like pay), notifications MCHTRANSFER.BILL.FINISHED verified and decrypted like pay's. */
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
