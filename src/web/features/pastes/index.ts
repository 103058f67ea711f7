/**
 * What the features split off pastes (create and edit, revisions, huge viewer, encryption) use of
 * it: the paste page's status screens, password dialog and language picker; the link helpers every
 * paste link shares (the key fragment, line ranges, download URLs, the creator token and access
 * grant this browser holds); the draft a fork starts from; size levels.
 */
export type { PasteFiles } from './components/files/paste-files';
export { LanguageOptions } from './components/view/language-picker';
export { LazyPasswordDialog as PasswordDialog } from './components/view/lazy-password-dialog';
export type { PasteContent } from './components/view/paste-content';
export { PasteLoadFailed, PasteLocked, PasteNotFound, StatusCard } from './components/view/paste-status';
export { accessGrant } from './lib/access-grants';
export { creatorToken, saveCreatorToken } from './lib/creator-tokens';
export { type Draft, dropDraft, type ForkSource, loadDraft, saveDraft } from './lib/draft';
export { forkDraft, forkOfState } from './lib/fork';
export { joinFragment, splitFragment } from './lib/key-fragment';
export { formatLineHash, inRange, type LineRange, parseLineHash, selectLine } from './lib/line-range';
export { fileSlugs, filesOf, type PasteFile } from './lib/paste-files';
export { clickDownload, downloadFileName, downloadUrl, lineTableUrl } from './lib/paste-links';
export { isReadableView } from './lib/readable-view';
export {
  describeParts,
  type EditorSize,
  estimateBytes,
  isExtremeText,
  measureEditorContent,
  megabytes,
  sizeWarning,
} from './lib/size-levels';
