/** Sessions not written to for this long are collected with their bytes (and failed ones forgotten). */
export const UPLOAD_IDLE_MS = 24 * 60 * 60 * 1000;
/** Unfinished uploads one account may have at a time: each reserves up to the paste size on disk. */
export const MAX_OPEN_UPLOADS = 5;
