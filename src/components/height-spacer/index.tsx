import Taro from '@tarojs/taro'
import { View } from '@tarojs/components'
import './index.scss'

export interface HeightSpacerProps {
  /** Height to keep free, in design px (750 wide): usually a fixed bottom bar's height. @default 120 */
  height?: number
  /** Add the safe-area inset (home indicator) below. @default false */
  insetBottom?: boolean
}

export const HEIGHT_SPACER_HEIGHT = 120

/** An empty block that keeps the end of the content clear of something fixed over it. */
export default function HeightSpacer({ height = HEIGHT_SPACER_HEIGHT, insetBottom = false }: HeightSpacerProps) {
  return (
    <View className={`app-height-spacer${insetBottom ? ' app-height-spacer--inset' : ''}`}>
      <View style={{ height: Taro.pxTransform(height) }} />
    </View>
  )
}
