import { isSignedIn } from '../../../session'
import { useStore } from '../../../store'
import { wechatSdk } from '../../../wechat'
import { logger } from '../../../utils/logger'
import { refOf } from './links'

/**
 * The `ref` a share of this page carries: the one it was opened with (kept from partner to
 * prospect), else the signed-in partner's own code, so a partner sharing the page from the menu
 * is credited with the clues it brings.
 */
export function useShareRef(ref: string | null): string | null {
  const own = useStore((s) => (isSignedIn(s) ? refOf(s.user?.code) : null))
  return ref ?? own
}

export interface ShareCard {
  title: string
  desc?: string
  /** This app's page address with its query (`/pages/activity/detail?id=3&ref=DEMO01`). */
  path: string
  imageUrl?: string
}

/**
 * WeChat H5: what the share menu sends (title, the link with `ref`, picture). The mini-programs
 * take theirs from the page's useShareAppMessage/useShareTimeline; elsewhere there is no SDK and
 * this does nothing.
 */
export function setWechatShare(card: ShareCard): void {
  void wechatSdk().then((sdk) => {
    if (!sdk) return
    const link = `${WEB_HOST || window.location.origin}${card.path}`
    const fail = (err: unknown) => logger.warn('share data not set', err)
    sdk.updateAppMessageShareData({
      title: card.title,
      desc: card.desc ?? '',
      link,
      imgUrl: card.imageUrl ?? '',
      success: () => undefined,
      fail,
    })
    sdk.updateTimelineShareData({ title: card.title, link, imgUrl: card.imageUrl ?? '', success: () => undefined, fail })
  })
}
