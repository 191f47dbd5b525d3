import Taro from '@tarojs/taro'
import { View } from '@tarojs/components'

export interface SpacerProps {
  /** Height of the gap in design px (750 wide). @default 20 */
  size?: number
  /** Colour of the gap. @default '#f8f8fa' */
  color?: string
}

export const SPACER_SIZE = 20

/** A full-width gap between two sections, in the page background colour. */
export default function Spacer({ size = SPACER_SIZE, color = '#f8f8fa' }: SpacerProps) {
  return <View className='app-spacer' style={{ height: Taro.pxTransform(size), backgroundColor: color }} />
}
