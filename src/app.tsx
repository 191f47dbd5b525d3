import type { PropsWithChildren } from 'react'
import { useLaunch } from '@tarojs/taro'
import { installLazyPagePlaceholder } from './lazy'
import './app.scss'

installLazyPagePlaceholder()

function App({ children }: PropsWithChildren) {
  useLaunch(() => {})
  return children
}

export default App
