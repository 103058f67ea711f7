/** User-facing messages: pastes, their tags, search, chunked upload, the encrypted download and rendered views. */
import {
  FILE_NAME_MAX_LENGTH,
  MAX_REVISIONS_PER_PASTE,
  MB,
  PASTE_FILES_MAX,
  PASTE_TAGS_MAX,
  SEALED_LINE_TABLE_MAX_LENGTH,
  SEALED_TITLE_MAX_LENGTH,
  SEARCH_MAX_OFFSET,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_TERMS_MAX,
  TAG_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '../constants.js';

export const PASTE_MESSAGES = {
  /** Toast title of the create screen's empty-content check (spec §5), emptyContent its description. */
  cannotCreate: 'Cannot create paste',
  emptyContent: 'Please enter some content first',
  secretsDetected:
    'This public paste looks like it contains credentials (see secretsFound): make it unlisted or password-protected, remove them, or send it without checkSecrets',
  /** Toast title of the create screen's password check (spec §5), passwordRequired its description. */
  passwordRequiredTitle: 'Password required',
  passwordRequired: 'Please enter a password for protected paste',
  titleTooLong: `Title must not exceed ${TITLE_MAX_LENGTH} characters`,
  sixMonthsNeedsAccount:
    '6 months expiration is only available for registered users. Please login or register.',
  unlimitedNeedsVip: 'Unlimited expiration is only available for VIP, Admin, and Manager users',
  notFound: 'Paste not found',
  burned: 'This paste was read and destroyed',
  invalidPassword: 'Invalid password',
  passwordProtected: 'This paste is password protected',
  stillProcessing: 'This paste is still being processed',
  burnNeedsPerson:
    'This paste is deleted once it is read, so it is not shown to link previews or prefetches. Open the link in a browser to read it.',
  reportReasonRequired: 'Please provide a reason for reporting this paste.',
  alreadyReported: 'You already reported this paste',
  /** A visitor is known only by address, which an office or a mobile carrier shares. */
  alreadyReportedFromNetwork:
    'A report for this paste was already sent from your network. Log in to send one of your own.',
  deleteReasonRequired: 'Please provide a reason for deleting this paste.',
  forkNotAllowed:
    'This paste cannot be forked: only a public or unlisted paste that still exists can be (not a password or burn-after-reading one).',
  editNotYours: 'You can only edit your own pastes',
  editBurn: 'A burn-after-reading paste cannot be edited',
  editProcessing: 'This paste is still being processed, so it cannot be edited yet',
  editExtreme: 'Pastes over 10 MB are served as downloads and cannot be edited',
  editTooLarge: 'An edit can be at most 10 MB: larger pastes are served as downloads and cannot be edited',
  editedMeanwhile: 'This paste was edited meanwhile: reload it and edit the newest revision',
  tooManyRevisions: `This paste has ${MAX_REVISIONS_PER_PASTE} revisions, the most a paste may have: to go on editing, make a new paste (or a fork of this one)`,
  revisionQuotaExceeded: (limitBytes: number) =>
    `The revisions of your pastes would take more than ${Math.round(limitBytes / MB)} MB, the most one account may keep: new revisions can be saved once some of those pastes expire or are deleted`,
  revisionNotFound: 'Revision not found',
  burnHasNoRevisions: 'A burn-after-reading paste has no revisions to read',
  contentNotUtf8: 'Paste content must be UTF-8 text',
  contentPartMissing: 'content: send the paste text as a file part named content',
  createJsonTooLarge:
    'Request body is too large for JSON (50 MB at most): send larger content through the chunked upload (POST /api/pastes/upload/init), as multipart/form-data (a file part named content) or as the API’s raw body',
  // End-to-end encrypted pastes.
  encryptedContentInvalid: 'Encrypted content is not in a format this server reads',
  encryptedNotEditable: 'Encrypted pastes cannot be edited',
  encryptedNoServerRead: 'This paste is end-to-end encrypted: the server cannot read its lines',
  encryptedTitleNotAllowed:
    'An encrypted paste’s title is sent sealed (sealedTitle), never as title: leave title empty',
  sealedTitleRequired: 'An encrypted paste needs its sealed title (sealedTitle)',
  sealedTitleInvalid: `sealedTitle must be a sealed title (base64url, at most ${SEALED_TITLE_MAX_LENGTH} characters)`,
  lineTableInvalid: `sealedLineTable must be a pse1 stream in standard base64, at most ${SEALED_LINE_TABLE_MAX_LENGTH} characters`,
  lineTableNotEncrypted:
    'sealedLineTable is only for an encrypted paste: a plain paste gets its line index from the server',
  sealedTitleNotEncrypted: 'sealedTitle is only for an encrypted paste (encrypted: true)',
  encryptedNoFork: 'An encrypted paste cannot be a fork',
  sharedKeyNotEncrypted: 'A key can only be shared for an encrypted paste',
  sharedKeyInvalid: 'sharedKey must be the paste’s key: 43 base64url characters',
  sharedNeedsAccount: 'Sharing a paste with people and teams needs an account. Please login or register.',
} as const;

/** Multi-file pastes: the files' names and count, and their per-file reads. */
export const PASTE_FILE_MESSAGES = {
  tooMany: `A paste holds at most ${PASTE_FILES_MAX} files.`,
  none: 'files: a paste needs at least one file.',
  duplicateName: 'Two files cannot share a name.',
  badName: `A file name is 1 to ${FILE_NAME_MAX_LENGTH} characters, without / or \\ or control characters, and not . or ..`,
  contentOrFiles: 'Send the paste as content or as files, not both.',
  contentRequired: 'Send the paste text as content, or its files as files.',
  notFound: 'File not found',
  encrypted: 'Several files cannot be encrypted end to end yet.',
} as const;

export const TAG_MESSAGES = {
  invalid: `Tags are 1 to ${TAG_MAX_LENGTH} lower-case letters, digits or hyphens, starting and ending with a letter or digit (like incident-42)`,
  tooMany: `A paste can have at most ${PASTE_TAGS_MAX} tags`,
  encrypted: 'An end-to-end encrypted paste cannot have tags: the server would keep them in plain text',
} as const;

export const SEARCH_MESSAGES = {
  queryRequired: 'Type at least one word to search for (letters or digits)',
  tooManyTerms: `A search can hold at most ${SEARCH_TERMS_MAX} words`,
  queryTooLong: `A search can be at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
  badCursor: 'next: not a page this search gave (start the search again)',
  tooDeep: `Search shows at most ${SEARCH_MAX_OFFSET} results: narrow the search with more words or filters`,
  badDate: 'from and to are dates (YYYY-MM-DD) or ISO times',
} as const;

const formatGiB = (bytes: number) => `${Math.round((bytes / 1024 ** 3) * 10) / 10} GiB`;

/** Chunked upload (spec §8 "Chunked upload" and "Documented server errors"). */
export const UPLOAD_MESSAGES = {
  signInRequired: 'You need to create an account or login to upload large files',
  sessionNotFound: 'Upload session not found',
  notAllChunks: 'Not all chunks received',
  alreadyFinalized: 'This upload is already finalized',
  chunkBeingWritten: 'A chunk of this upload is still being written: finalize once every chunk has answered',
  quotaExceeded: (limitBytes: number) =>
    `Your unfinished uploads would hold more than ${formatGiB(limitBytes)}. Finish or cancel one before starting another.`,
  chunkPartMissing: 'chunk: send the chunk as a file part named chunk',
  notUtf8: 'The file is not UTF-8 text, so it cannot be a paste',
  assemblyFailed: 'Assembling the upload failed',
  initFailed: 'Failed to initialize upload',
  noUploadId: 'No upload ID received from server',
  mayHaveSucceeded: 'Upload may have succeeded',
  finalizeTimeout:
    'The server took too long to answer, but the paste may have been created. Check My Pastes before uploading again.',
  finalizeBadGateway:
    'The proxy in front of the server failed, but the paste was likely created. Check My Pastes before uploading again.',
  invalidResponse: 'Invalid response from server',
  failed: 'Upload failed',
  uploading: 'Uploading chunks...',
} as const;

export function chunkTimeoutMessage(chunk: number, total: number): string {
  return `Upload timeout - chunk ${chunk} of ${total} failed. Your proxy/CDN may have timeout limits on request size or duration; ask its operator to allow at least 40 MB and 2 minutes per request.`;
}

export function chunkCountMessage(expected: number, totalSize: number, chunkSize: number): string {
  return `totalChunks must be ${expected} for ${totalSize} bytes in chunks of ${chunkSize} bytes`;
}

export function chunkSizeMessage(index: number, expected: number): string {
  return `Chunk ${index} must be exactly ${expected} bytes`;
}

/** Size message of a paste refused while it arrives (its whole size is not known yet). */
export function tooLargeWhileReceivingMessage(limitBytes: number): string {
  return `Paste is larger than the maximum size of ${(limitBytes / 1_048_576).toFixed(2)} MB.`;
}

/** Size message of a refused paste: sizes in MB with two decimals. */
export function tooLargeMessage(sizeBytes: number, limitBytes: number): string {
  const mb = (n: number) => (n / 1_048_576).toFixed(2);
  return `Paste is ${mb(sizeBytes)} MB. Maximum size is ${mb(limitBytes)} MB.`;
}

/** The decrypting download of an encrypted paste, done in the reader's browser. */
export const DECRYPT_DOWNLOAD_MESSAGES = {
  failed: 'Download failed',
  undecryptable: 'This paste could not be decrypted',
  noKey: 'This link has no key: the paste cannot be decrypted without the full link',
  noStorage: 'The browser refused to store the decrypted file (private mode, or the disk is full)',
  interrupted: 'The download was interrupted: try again',
  decrypting: 'Decrypting the download...',
  decryptingDetail: 'The paste is decrypted in your browser; the file is saved when it is done.',
  /** The same, with how much has been decrypted so far. */
  decryptingProgress: (percent: number) =>
    `${percent}% decrypted in your browser; the file is saved when it is done.`,
} as const;

/** What the rendered views (Markdown, CSV/TSV, notebooks) say to a reader. */
export const RENDER_MESSAGES = {
  notebookNotJson: 'This notebook is not valid JSON.',
  notebookNoCells: 'This is not a Jupyter notebook (no cells).',
  tooLargeToRender: 'Too large to render: showing the source.',
  tableTruncated: (rows: string) => `Showing the first ${rows} rows. The whole file is in the source.`,
} as const;
