import crypto from 'node:crypto'
import type { WechatPayConfig } from '../src/gateways/pay.ts'

/** The far side, played locally: a merchant key pair (ours) and a platform key pair (WeChat's). */
export function wechatPayFixture() {
  const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const config: WechatPayConfig = {
    mchId: '1900000109',
    appId: 'wx-official-account',
    miniAppId: 'wx-mini-program',
    serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    apiV3Key: 'abcdefghijklmnopqrstuvwxyz012345',
    platformCert: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    notifyUrl: 'https://partner.example.com/api/fms/finance/payment/notify/wechatpay',
    apiUrl: 'https://api.mch.weixin.qq.com',
  }
  /** Signs `timestamp\nnonce\nbody\n` the way WeChat Pay does. */
  const platformHeaders = (body: string, timestamp = Math.floor(Date.now() / 1000)) => {
    const nonce = crypto.randomBytes(16).toString('hex')
    const signature = crypto.sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), platform.privateKey).toString('base64')
    return {
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': 'PLATFORM-SERIAL',
    }
  }
  /** A notification body whose resource is encrypted with the APIv3 key (AEAD_AES_256_GCM). */
  const notificationBody = (
    transaction: Record<string, unknown>,
    { eventType = 'TRANSACTION.SUCCESS', id = crypto.randomUUID() as string }: { eventType?: string; id?: string } = {},
  ) => {
    const iv = crypto.randomBytes(6).toString('hex')
    const aad = 'transaction'
    const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(config.apiV3Key), Buffer.from(iv))
    cipher.setAAD(Buffer.from(aad))
    const encrypted = Buffer.concat([cipher.update(JSON.stringify(transaction), 'utf8'), cipher.final(), cipher.getAuthTag()])
    return JSON.stringify({
      id,
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encrypted.toString('base64'),
        associated_data: aad,
        nonce: iv,
      },
    })
  }
  const transaction = (orderNo: string, amount: number, state = 'SUCCESS') => ({
    mchid: config.mchId,
    appid: config.miniAppId,
    out_trade_no: orderNo,
    transaction_id: `4200001${Date.now()}`,
    trade_type: 'JSAPI',
    trade_state: state,
    trade_state_desc: state === 'SUCCESS' ? '支付成功' : '支付失败',
    success_time: '2026-05-01T10:00:00+08:00',
    payer: { openid: 'o-openid' },
    amount: { total: amount, payer_total: amount, currency: 'CNY', payer_currency: 'CNY' },
  })
  return { merchant, platform, config, platformHeaders, notificationBody, transaction }
}
