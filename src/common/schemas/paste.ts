import { z } from 'zod';
import { EXPIRATIONS, PRIVACIES, type Role, TITLE_MAX_LENGTH } from '../constants.js';
import { PASTE_MESSAGES } from '../messages.js';
import { storedText } from './text.js';

// Messages live in the zod-free messages module so screens can use them without loading zod.
export { PASTE_MESSAGES, tooLargeMessage } from '../messages.js';

export const createPasteBodySchema = z.object({
  title: storedText(TITLE_MAX_LENGTH, PASTE_MESSAGES.titleTooLong).optional().default(''),
  content: z.string(),
  privacy: z.enum(PRIVACIES).default('public'),
  expiration: z.enum(EXPIRATIONS).default('1d'),
  burnAfterReading: z.boolean().optional().default(false),
  password: z.string().max(200).optional().default(''),
});
export type CreatePasteBody = z.input<typeof createPasteBodySchema>;
export type CreatePasteInput = z.output<typeof createPasteBodySchema>;

export interface CreatePasteResult {
  id: string;
  /** Given to anonymous creators so their own first view does not burn or count. */
  creatorToken?: string;
}

export const pasteIdSchema = z.object({ id: z.string() });
export const verifyPasteBodySchema = z.object({ password: z.string().max(200) });
export const reportBodySchema = z.object({ reason: storedText(2000) });

/** Spec §3 Paste, as read for viewing. */
export interface PasteView {
  id: string;
  title: string | null;
  /** Absent when locked by a password or served as a download; '__PROCESSING__' while assembling. */
  content?: string;
  privacy: 'public' | 'unlisted' | 'password';
  expiration: string;
  expiresAt: string | null;
  burnAfterReading: boolean;
  viewCount: number;
  createdAt: string;
  username: string;
  userRole: Role | null;
  /** The size fields tell of the content: absent while a password paste is locked. */
  isExtreme?: boolean;
  contentSizeMB?: number;
  sizeBytes?: number;
  downloadUrl?: string;
  vipBanner?: { bannerUrl: string | null; bannerLink: string | null };
  /** The password dialog should open. */
  requiresPassword: boolean;
  /**
   * A burn paste held back until its visitor asks for it (`?reveal=false`): no content yet, and
   * nothing burned. Reading it without the flag shows it once and destroys it.
   */
  requiresReveal: boolean;
  /** The viewer created this paste (their view never burns or counts). */
  isOwner: boolean;
  /** An admin or manager sees a protected paste by their role ('Admin/Manager Access'). */
  staffAccess: boolean;
  /** Short-lived grant for raw/download links of a password paste unlocked by this viewer. */
  accessToken?: string;
}

/** A view the viewer may read: the size fields are there. */
export type ReadablePasteView = PasteView &
  Required<Pick<PasteView, 'isExtreme' | 'contentSizeMB' | 'sizeBytes'>>;

export interface TopPaste {
  id: string;
  title: string | null;
  viewCount: number;
  createdAt: string;
  username: string;
  role: Role | null;
}

export interface TopUser {
  userId: number;
  username: string;
  role: Role;
  totalViews: number;
}

export const TOP_PERIODS = ['all-time', 'weekly', 'monthly'] as const;
export type TopPeriod = (typeof TOP_PERIODS)[number];

/** Milliseconds each expiration adds to the creation time; null = never by time. */
export const EXPIRATION_MS: Record<(typeof EXPIRATIONS)[number], number | null> = {
  '1h': 3_600_000,
  '1d': 86_400_000,
  '1w': 7 * 86_400_000,
  '1m': 30 * 86_400_000,
  '3m': 90 * 86_400_000,
  '6m': 180 * 86_400_000,
  unlimited: null,
  burn: null,
};
