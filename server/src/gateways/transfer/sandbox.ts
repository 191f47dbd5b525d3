import crypto from 'node:crypto'
import { NotificationRejectedError, sandboxNotificationHeaders, verifySandboxNotification } from '../pay/index.ts'
import { type SandboxTransferProvider, transferFailReason, type TransferProviderName } from './shared.ts'

/** The sandbox, for development and tests: answers a bill at once and completes it only when asked (confirm / fail / expire), by sending itself an HMAC-signed notification. */
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
