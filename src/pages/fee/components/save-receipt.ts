import { saveToAlbum } from '../../../components/share-poster/album'

/** Mini-programs: the picture (a temporary file) goes to the album; the answer says how it went. */
export async function saveReceipt(picture: string, _fileName: string): Promise<'saved' | 'denied' | 'failed' | 'cancelled'> {
  return saveToAlbum(picture)
}
