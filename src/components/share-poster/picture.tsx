import { useState } from 'react'
import { Image, View } from '@tarojs/components'
import ConfirmButton from '../confirm-button'
import Dialog from '../dialog'
import { useStore } from '../../store'
import { openAlbumSetting, saveToAlbum } from './album'

/**
 * Mini-programs: the finished poster (a temporary file) with WeChat's own long-press menu, and
 * 保存到相册. A refused album permission is explained in a dialog that opens the settings page.
 */
export const SAVE_TEXTS = {
  button: '保存到相册',
  saved: '已保存到相册',
  failed: '保存失败，请稍后重试',
  deniedTitle: '需要相册权限',
  denied: '保存海报需要访问您的相册。请在设置中打开「保存到相册」权限后重试。',
  openSetting: '去设置',
} as const

export interface PosterPictureProps {
  /** The poster picture. */
  src: string
}

export function PosterPicture({ src }: PosterPictureProps) {
  return <Image className='share-poster__picture' src={src} mode='aspectFit' showMenuByLongpress />
}

export function PosterActions({ src }: { src: string | null }) {
  const [saving, setSaving] = useState(false)
  const [denied, setDenied] = useState(false)
  const showToast = useStore((s) => s.showToast)

  const save = async (file: string) => {
    setSaving(true)
    try {
      const outcome = await saveToAlbum(file)
      if (outcome === 'saved') showToast(SAVE_TEXTS.saved)
      else if (outcome === 'denied') setDenied(true)
      else if (outcome === 'failed') showToast(SAVE_TEXTS.failed)
    } finally {
      setSaving(false)
    }
  }

  const openSetting = async () => {
    setDenied(false)
    if (src && (await openAlbumSetting())) await save(src)
  }

  return (
    <View className='share-poster__actions'>
      <ConfirmButton
        className='share-poster__save'
        title={SAVE_TEXTS.button}
        disabled={!src}
        loading={saving}
        onClick={() => {
          if (src) void save(src)
        }}
      />
      <Dialog
        className='share-poster__denied'
        isOpened={denied}
        title={SAVE_TEXTS.deniedTitle}
        content={SAVE_TEXTS.denied}
        confirmText={SAVE_TEXTS.openSetting}
        onConfirm={() => void openSetting()}
        onCancel={() => setDenied(false)}
        onClose={() => setDenied(false)}
      />
    </View>
  )
}
