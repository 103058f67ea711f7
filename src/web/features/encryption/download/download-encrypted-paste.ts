import { DECRYPT_DOWNLOAD_MESSAGES } from '../../../../common/messages';
import type { PasteView } from '../../../../common/schemas/paste';
import { toast } from '../../../components/ui/toast-store';
import { creatorToken, downloadFileName, downloadUrl, splitFragment } from '../../pastes';
import type { DecryptDownloadFailure } from './protocol';
import { DecryptDownloadError, saveDecryptedDownload } from './save-decrypted';

type EncryptedView = PasteView & { encrypted?: boolean; sealedTitle?: string };

function describe(failure: DecryptDownloadFailure): string {
  switch (failure.kind) {
    case 'undecryptable':
      return DECRYPT_DOWNLOAD_MESSAGES.undecryptable;
    case 'http':
      return failure.message ?? `${DECRYPT_DOWNLOAD_MESSAGES.failed} (${failure.status})`;
    case 'storage':
      return DECRYPT_DOWNLOAD_MESSAGES.noStorage;
    case 'network':
      return DECRYPT_DOWNLOAD_MESSAGES.interrupted;
  }
}

/**
 * Download of an encrypted paste whose text is not in the view (extreme, or too large to carry):
 * decrypted in a Worker with the key in the link's fragment, then saved as the plaintext file.
 * Says what happens in a toast; resolves true when the file was saved. Loaded only when used.
 */
export async function downloadEncryptedPaste(paste: EncryptedView, hash: string): Promise<boolean> {
  const { key } = splitFragment(hash);
  if (!key) {
    toast({
      title: DECRYPT_DOWNLOAD_MESSAGES.failed,
      description: DECRYPT_DOWNLOAD_MESSAGES.noKey,
      variant: 'destructive',
    });
    return false;
  }
  const token = paste.burnAfterReading && paste.isOwner ? creatorToken(paste.id) : null;
  const working = toast({
    title: DECRYPT_DOWNLOAD_MESSAGES.decrypting,
    description: DECRYPT_DOWNLOAD_MESSAGES.decryptingDetail,
    duration: 24 * 3_600_000,
  });
  let shown = -1;
  try {
    await saveDecryptedDownload({
      url: downloadUrl(paste),
      headers: token ? { 'X-Creator-Token': token } : {},
      keyText: key,
      sealedTitle: paste.sealedTitle ?? null,
      fileName: (title) => downloadFileName({ id: paste.id, title: title ?? '' }, paste.language),
      onProgress: (fraction) => {
        // Whole steps of 5 %: a 500 MB download says where it is without rewriting the toast per chunk.
        const percent = Math.floor(fraction * 20) * 5;
        if (percent === shown) return;
        shown = percent;
        working.update({ description: DECRYPT_DOWNLOAD_MESSAGES.decryptingProgress(percent) });
      },
    });
    working.dismiss();
    return true;
  } catch (error) {
    working.dismiss();
    const description =
      error instanceof DecryptDownloadError
        ? describe(error.failure)
        : error instanceof Error
          ? error.message
          : DECRYPT_DOWNLOAD_MESSAGES.failed;
    toast({ title: DECRYPT_DOWNLOAD_MESSAGES.failed, description, variant: 'destructive' });
    return false;
  }
}
