import type { ComponentType } from 'react'
import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { initDesignPx, longPress } from '../testing'
import type { QrImageProps } from './qr-image'
import QrCodeDialog from '.'

// Taro's build picks qr-image.h5.tsx for the web; jest does not know the suffixes.
jest.mock('./qr-image', () => jest.requireActual('./qr-image.h5'))

const SRC = 'data:image/png;base64,iVBORw0KGgo='

beforeAll(initDesignPx)

describe('the QR-code image dialog on the web', () => {
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('is hidden until opened', async () => {
    await t.mount(QrCodeDialog, { props: { src: SRC } })
    expect(t.queries.querySelector('.at-modal--active')).toBeFalsy()
  })

  it('shows the picture as a plain <img> (the browser long-press menu) with the hint 长按保存图片', async () => {
    await t.mount(QrCodeDialog, { props: { isOpened: true, src: SRC, title: '扫码关注' } })
    expect(t.queries.querySelector('.at-modal--active')).toBeTruthy()
    const img = t.queries.querySelector('img.app-qr__image') as HTMLImageElement
    expect(img.tagName).toBe('IMG')
    expect(img.getAttribute('src')).toBe(SRC)
    expect(img.style.width).toBe('10rem')
    expect(t.queries.queryByText('长按保存图片')).toBeTruthy()
    expect(t.queries.queryByText('扫码关注')).toBeTruthy()
    expect(t.queries.querySelector('.at-modal__footer')).toBeFalsy()
  })

  it('closes from its × and from the overlay', async () => {
    const onClose = jest.fn()
    await t.mount(QrCodeDialog, { props: { isOpened: true, src: SRC, onClose } })
    t.fireEvent.click(t.queries.querySelector('.app-dialog__close')!)
    t.fireEvent.click(t.queries.querySelector('.at-modal__overlay')!)
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  it('shows a hint and size it is given', async () => {
    await t.mount(QrCodeDialog, { props: { isOpened: true, src: SRC, hint: '长按识别二维码', size: 300 } })
    expect(t.queries.queryByText('长按识别二维码')).toBeTruthy()
    expect((t.queries.querySelector('img.app-qr__image') as HTMLElement).style.width).toBe('7.5rem')
  })
})

describe('the QR-code image in the mini-programs', () => {
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => {
    t.unmout()
    jest.restoreAllMocks()
  })

  it("turns on WeChat's own long-press menu (save, recognise)", async () => {
    const QrImage = (jest.requireActual('./qr-image') as { default: ComponentType<QrImageProps> }).default
    await t.mount(QrImage, { props: { src: SRC, size: 400 } })
    // Rendered here by the H5 Image, which hands the mini-program's show-menu-by-longpress on as is.
    const image = t.queries.querySelector('.app-qr__image')
    expect(image?.getAttribute('showMenuByLongpress')).toBe('true')
    expect(image?.querySelector('img')?.getAttribute('src')).toBe(SRC)
  })

  it('offers 保存图片 on a long press in Alipay and saves the downloaded picture', async () => {
    const QrImage = (jest.requireActual('./qr-image.alipay') as { default: ComponentType<QrImageProps> }).default
    const sheet = jest.spyOn(Taro, 'showActionSheet').mockResolvedValue({ tapIndex: 0, errMsg: 'ok' } as never)
    const download = jest.spyOn(Taro, 'downloadFile').mockResolvedValue({ tempFilePath: 'tmp/qr.png' } as never)
    const save = jest.spyOn(Taro, 'saveImageToPhotosAlbum').mockResolvedValue({ errMsg: 'ok' } as never)
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    await t.mount(QrImage, { props: { src: 'https://example.com/qr.png', size: 400 } })
    longPress(t.queries.querySelector('.app-qr__image')!)
    await t.act(async () => {
      for (let i = 0; i < 5; i += 1) await Promise.resolve()
    })
    expect(sheet).toHaveBeenCalledWith({ itemList: ['保存图片'] })
    expect(download).toHaveBeenCalledWith({ url: 'https://example.com/qr.png' })
    expect(save).toHaveBeenCalledWith({ filePath: 'tmp/qr.png' })
  })
})
