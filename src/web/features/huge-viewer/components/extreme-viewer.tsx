import { lazy, type MouseEvent, Suspense } from 'react';
import type { ReadablePasteView } from '../../../../common/schemas/paste';
import { LoadingBlock } from '../../../components/ui/spinner';
import { HugeViewer } from './huge-viewer';

// With the crypto code: fetched only for an encrypted paste.
const EncryptedHugeViewer = lazy(() =>
  import('./encrypted-huge-viewer').then((m) => ({ default: m.EncryptedHugeViewer })),
);

/**
 * The huge-paste viewer for an extreme paste (the paste page loads this lazily, so that neither
 * viewer adds to its first load): the server's lines for a plain paste, or, given the link's key,
 * the encrypted paste's lines decrypted in the tab.
 */
export function ExtremeViewer({
  paste,
  keyText,
  onDownload,
  onClose,
}: {
  paste: ReadablePasteView;
  keyText: string | null;
  onDownload: (event: MouseEvent<HTMLAnchorElement>) => void;
  onClose: () => void;
}) {
  if (!keyText) return <HugeViewer paste={paste} onClose={onClose} />;
  return (
    <Suspense fallback={<LoadingBlock label="Loading the viewer..." />}>
      <EncryptedHugeViewer paste={paste} keyText={keyText} onDownload={onDownload} onClose={onClose} />
    </Suspense>
  );
}
