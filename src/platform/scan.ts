import { scanWithWechat } from '../wechat'
import { IS_WECHAT_H5 } from '.'

/**
 * Scanning a QR code from inside the app, one module per build (Taro's file suffixes: scan.weapp.ts,
 * scan.alipay.ts). H5 can scan only inside WeChat (the JS-SDK's scanner); a plain browser has none,
 * and there the phone's own camera opens the code's address instead.
 */
export const CAN_SCAN: boolean = IS_WECHAT_H5

/** The scanned code's text, or null when the person closed the scanner. Rejects when scanning failed. */
export function scanQrCode(): Promise<string | null> {
  return IS_WECHAT_H5 ? scanWithWechat() : Promise.resolve(null)
}
