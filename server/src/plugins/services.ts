import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { createLocalLoginGateway, createRealLoginGateway, type LoginGateway } from '../gateways/login.ts'
import { createHttpSmsProvider, createLocalSmsProvider, type SmsProvider } from '../gateways/sms.ts'

export interface ServicesOptions {
  sms?: SmsProvider
  loginGateway?: LoginGateway
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsProvider
    loginGateway: LoginGateway
  }
}

/** Outside services behind small interfaces: the configured real ones, or the local ones by default. */
export const servicesPlugin = fp<ServicesOptions & { config: Config }>(
  async (app, { config, sms, loginGateway }) => {
    app.decorate(
      'sms',
      sms ??
        (config.sms.provider === 'http' && config.sms.apiUrl
          ? createHttpSmsProvider({ apiUrl: config.sms.apiUrl, apiKey: config.sms.apiKey, signName: config.sms.signName })
          : createLocalSmsProvider({ db: app.db })),
    )
    app.decorate('loginGateway', loginGateway ?? (config.login.gateway === 'real' ? createRealLoginGateway({ login: config.login }) : createLocalLoginGateway()))
  },
  { name: 'services', dependencies: ['database'] },
)
