import { useEffect, useRef } from 'react';
import { BURN_CONFIRM_DELAY_MS } from '../../../../common/constants';
import type { PasteView } from '../../../../common/schemas/paste';
import { confirmView } from '../api/confirm-view';

/** Whether this viewer's reading of the paste burns it (its creator's never does). */
export function burnsOnRead(paste: PasteView): boolean {
  return paste.burnAfterReading && !paste.isOwner;
}

/**
 * Spec §4: a confirm-view call about 1 s after a burn paste's content is displayed (`ready`),
 * sent once per paste. Errors are ignored: the server deletes an unconfirmed claim by itself.
 */
export function useBurnConfirm(paste: PasteView | undefined, ready: boolean): void {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!paste || !ready || !burnsOnRead(paste) || sent.current === paste.id) return;
    const id = paste.id;
    const timer = setTimeout(() => {
      sent.current = id;
      void confirmView(id).catch(() => undefined);
    }, BURN_CONFIRM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [paste, ready]);
}
