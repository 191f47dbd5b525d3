/** H5: the browser downloads the package or opens the store page (see open-download.ts). */
export const OPENS_DOWNLOADS = true

export async function openDownload(url: string): Promise<void> {
  window.location.href = url
}
