/** H5: the browser shows the document in a new tab (see open-document.ts). */
export async function openDocument(url: string, _fileName: string | null): Promise<void> {
  window.open(url, '_blank', 'noopener')
}
