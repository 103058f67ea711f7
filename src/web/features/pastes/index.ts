/**
 * What the features split off pastes (revisions, huge viewer, encryption) use of it: the paste
 * page's status screens and password dialog, and the link helpers every paste link shares (the key
 * fragment, line ranges, download URLs, the creator token and access grant this browser holds).
 */
export { PasswordDialog } from './components/view/password-dialog';
export type { PasteContent } from './components/view/paste-content';
export { PasteLoadFailed, PasteLocked, PasteNotFound, StatusCard } from './components/view/paste-status';
export { accessGrant } from './lib/access-grants';
export { creatorToken } from './lib/creator-tokens';
export { joinFragment, splitFragment } from './lib/key-fragment';
export { formatLineHash, inRange, type LineRange, parseLineHash, selectLine } from './lib/line-range';
export { clickDownload, downloadFileName, downloadUrl, lineTableUrl } from './lib/paste-links';
