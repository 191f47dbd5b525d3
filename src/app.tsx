import type { PropsWithChildren } from 'react'
import { useLaunch } from '@tarojs/taro'
import { installLazyPagePlaceholder } from './lazy'
import { bootSession } from './session'
import './app.scss'

installLazyPagePlaceholder()

function App({ children }: PropsWithChildren) {
  // Session work at launch: the server clock, and per platform the automatic login (mini-program
  // open id, WeChat H5 OAuth code), the JS-SDK and the share menu (src/session/launch*.ts).
  useLaunch(() => {
    void bootSession()
  })
  return children
}

export default App
