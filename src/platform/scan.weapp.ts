import Taro from '@tarojs/taro'

/** The mini-program's scanner (see scan.ts): `Taro.scanCode`, camera only, QR codes only. */
export const CAN_SCAN = true

const cancelled = (err: unknown) => /cancel/i.test(String((err as { errMsg?: string } | null)?.errMsg ?? err))

export async function scanQrCode(): Promise<string | null> {
  try {
    const res = await Taro.scanCode({ onlyFromCamera: true, scanType: ['qrCode'] })
    return res.result
  } catch (err) {
    if (cancelled(err)) return null
    throw err instanceof Error ? err : new Error('扫码失败，请重试')
  }
}
