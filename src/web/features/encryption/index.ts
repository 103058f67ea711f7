import { lazy } from 'react';

/**
 * What other features use of end-to-end encryption. Only the hook that opens a paste's view is in
 * the first load (and it fetches its crypto code only for an encrypted paste); the rest is loaded
 * when used, so the crypto code stays out of the first load.
 */
export { type EncryptedFields, useDecryption } from './hooks/use-decryption';
export type { SealedPaste } from './lib/seal-paste';

/** The screens of an encrypted paste that cannot be opened. */
export const EncryptedProblem = lazy(() =>
  import('./components/encrypted-problem').then((m) => ({ default: m.EncryptedProblem })),
);

/** Seals a paste's text and title in this tab before it is sent. */
export const loadSealPaste = () => import('./lib/seal-paste');

/** Downloads an encrypted paste decrypted in this tab. */
export const loadEncryptedDownload = () => import('./download/download-encrypted-paste');
