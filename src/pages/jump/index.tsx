import { useEffect, useRef } from 'react'
import Taro, { useRouter } from '@tarojs/taro'
import { View } from '@tarojs/components'
import { LoadingIndicator, Page } from '../../components'
import { IS_H5 } from '../../platform'
import { routeOf } from '../../routes'
import { useStore } from '../../store'
import { logger } from '../../utils/logger'
import { JUMP_PATH, UNKNOWN_PAGE_MESSAGE, jumpTarget } from './target'
import './index.scss'

/**
 * pages/jump/index: the unified redirect (see target.ts for the address's shape). The jump page
 * leaves the stack (redirectTo), so back from the target goes where the person came from, or home.
 * An unknown page goes home with a toast; the toast lives in the store, so it survives the page change.
 */
export default function JumpIndexPage() {
  const router = useRouter()
  const done = useRef(false)

  useEffect(() => {
    if (done.current) return
    done.current = true
    const target = jumpTarget(router.params, { valuesDecoded: IS_H5 })
    if (target.kind === 'unknown') useStore.getState().showToast(UNKNOWN_PAGE_MESSAGE)
    const go = target.kind === 'page' ? Taro.redirectTo({ url: target.url }) : Taro.reLaunch({ url: target.url })
    go.catch((err: unknown) => {
      logger.warn('jump failed', target, err)
      void Taro.reLaunch({ url: target.url })
    })
  }, [router.params])

  return (
    <Page title={routeOf(JUMP_PATH)?.title ?? ''}>
      <View className='jump'>
        <LoadingIndicator content='正在跳转' />
      </View>
    </Page>
  )
}
