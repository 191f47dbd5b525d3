import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { createLocalLoginGateway, createRealLoginGateway, type LoginGateway } from '../gateways/login.ts'
import { createHttpSmsProvider, createLocalSmsProvider, type SmsProvider } from '../gateways/sms.ts'
import { createPayGateway, type PayGateway } from '../gateways/pay/index.ts'
import { createTrackingGateway, type TrackingGateway } from '../gateways/tracking/index.ts'
import { createTransferGateway, type TransferGateway } from '../gateways/transfer/index.ts'
import {
  createLocalMiniCodeGateway,
  createUnavailableMiniCodeGateway,
  createWechatMiniCodeGateway,
  type MiniCodeGateway,
} from '../gateways/mini-code.ts'
import {
  createLocalSubscribeMessageGateway,
  createWechatSubscribeMessageGateway,
  type SubscribeMessageGateway,
} from '../gateways/subscribe-message.ts'
import { createWechatAccessToken } from '../gateways/wechat-token.ts'
import { createStorage, type Storage } from '../gateways/storage/index.ts'

export interface ServicesOptions {
  sms?: SmsProvider
  loginGateway?: LoginGateway
  pay?: PayGateway
  transfer?: TransferGateway
  tracking?: TrackingGateway
  miniCode?: MiniCodeGateway
  subscribeMessage?: SubscribeMessageGateway
  storage?: Storage
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsProvider
    loginGateway: LoginGateway
    pay: PayGateway
    transfer: TransferGateway
    /** Parcel tracking (subscribe a waybill, read a pushed update). */
    tracking: TrackingGateway
    miniCode: MiniCodeGateway
    subscribeMessage: SubscribeMessageGateway
    /** Course media and covers (gateways/storage): served at /files/<key>. */
    storage: Storage
  }
}

/** Outside services behind small interfaces: the configured real ones, or the local ones by default. */
export const servicesPlugin = fp<ServicesOptions & { config: Config }>(
  async (app, { config, sms, loginGateway, pay, transfer, tracking, miniCode, subscribeMessage, storage }) => {
    app.decorate(
      'sms',
      sms ??
        (config.sms.provider === 'http' && config.sms.apiUrl
          ? createHttpSmsProvider({ apiUrl: config.sms.apiUrl, apiKey: config.sms.apiKey, signName: config.sms.signName })
          : createLocalSmsProvider({ db: app.db })),
    )
    app.decorate(
      'loginGateway',
      loginGateway ?? (config.login.gateway === 'real' ? createRealLoginGateway({ login: config.login }) : createLocalLoginGateway()),
    )
    // The sandbox completes payments by sending the notify route a signed notification through the app itself.
    const payGateway =
      pay ??
      createPayGateway({
        config: config.pay,
        secret: config.secret,
        deliver: async ({ provider, headers, body }) => {
          const res = await app.inject({ method: 'POST', url: `/api/fms/finance/payment/notify/${provider}`, headers, payload: body })
          return { statusCode: res.statusCode, body: res.body }
        },
        onError: (error) => app.log.error({ err: error }, 'sandbox payment notification failed'),
      })
    app.decorate('pay', payGateway)
    // The transfer sandbox likewise notifies the transfer notify route through the app itself.
    const transferGateway =
      transfer ??
      createTransferGateway({
        config: config.transfer,
        secret: config.secret,
        deliver: async ({ provider, headers, body }) => {
          const res = await app.inject({ method: 'POST', url: `/api/fms/finance/transfer/notify/${provider}`, headers, payload: body })
          return { statusCode: res.statusCode, body: res.body }
        },
      })
    app.decorate('transfer', transferGateway)
    // The tracking sandbox pushes to the tracking callback through the app itself, signed as the provider signs.
    app.decorate(
      'tracking',
      tracking ??
        createTrackingGateway({
          config: config.tracking,
          secret: config.secret,
          deliver: async (form) => {
            const res = await app.inject({
              method: 'POST',
              url: '/api/ems/express/notify/kuaidi100',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: new URLSearchParams(form).toString(),
            })
            return { statusCode: res.statusCode, body: res.body }
          },
        }),
    )
    const mini = config.login.wechatMini
    // One cache of the mini-program's access token for every gateway that calls WeChat with it.
    const miniToken = mini && createWechatAccessToken({ ...mini, apiUrl: config.login.wechatApiUrl })
    app.decorate(
      'miniCode',
      miniCode ??
        (config.miniCode.gateway === 'local'
          ? createLocalMiniCodeGateway()
          : mini
            ? createWechatMiniCodeGateway({
                ...mini,
                apiUrl: config.login.wechatApiUrl,
                envVersion: config.miniCode.envVersion,
                token: miniToken,
              })
            : // Production without a mini-program: no code (the poster keeps the link's QR code).
              createUnavailableMiniCodeGateway()),
    )
    const states = { release: 'formal', trial: 'trial', develop: 'developer' } as const
    app.decorate(
      'subscribeMessage',
      subscribeMessage ??
        (config.subscribeMessages.gateway === 'real' && miniToken
          ? createWechatSubscribeMessageGateway({
              apiUrl: config.login.wechatApiUrl,
              token: miniToken,
              state: states[config.miniCode.envVersion],
            })
          : createLocalSubscribeMessageGateway({ db: app.db })),
    )
    app.decorate('storage', storage ?? createStorage(config.storage))
    app.addHook('onClose', async () => {
      payGateway.close()
      transferGateway.close()
    })
  },
  { name: 'services', dependencies: ['database'] },
)
