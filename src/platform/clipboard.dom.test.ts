import { copyText } from './clipboard.h5'

/** The browser's side of copying on H5: the Clipboard API where the page may use it, else execCommand. */
describe('copying a text on H5', () => {
  const secure = Object.getOwnPropertyDescriptor(window, 'isSecureContext')
  afterEach(() => {
    if (secure) Object.defineProperty(window, 'isSecureContext', secure)
    Reflect.deleteProperty(navigator, 'clipboard')
    jest.restoreAllMocks()
  })

  it('writes through the Clipboard API in a secure context', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true })
    const writeText = jest.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await copyText('SF1234567890')
    expect(writeText).toHaveBeenCalledWith('SF1234567890')
  })

  it('copies a selected text area elsewhere, leaves nothing behind, and rejects when the browser refuses', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true })
    const copied: string[] = []
    const exec = jest.fn((command: string) => {
      const area = document.querySelector('textarea')
      copied.push(`${command}:${area?.value.slice(area.selectionStart, area.selectionEnd)}`)
      return true
    })
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true })
    await copyText('SF1234567890')
    expect(copied).toEqual(['copy:SF1234567890'])
    expect(document.querySelector('textarea')).toBeNull()
    exec.mockReturnValue(false)
    await expect(copyText('SF1234567890')).rejects.toThrow('the browser refused to copy')
    expect(document.querySelector('textarea')).toBeNull()
  })
})
