/** Business constants of spec §9. Server and web read them from here and nowhere else. */

export const MB = 1_048_576;

export const TITLE_MAX_LENGTH = 80;
export const CLIPBOARD_LIMIT_BYTES = 20 * MB;
export const CHUNKED_UPLOAD_THRESHOLD_BYTES = 50 * MB;
/**
 * The largest JSON body of a paste create (web and v1): content up to the chunked-upload threshold,
 * plus room for the other fields. Above it the chunked upload is the way (or multipart, raw v1).
 */
export const JSON_CREATE_MAX_BYTES = CHUNKED_UPLOAD_THRESHOLD_BYTES + 64 * 1024;
export const CHUNK_SIZE_BYTES = 41_943_040;
/** A chunk size the client may choose at init instead (S3's part-size rules: 5 MiB … 100 MiB here). */
export const CHUNK_SIZE_MIN_BYTES = 5 * 1024 * 1024;
export const CHUNK_SIZE_MAX_BYTES = 100 * 1024 * 1024;
export const EXTREME_PASTE_BYTES = 10 * MB;
export const LARGE_PASTE_LINES = 1_000;
export const LARGE_PASTE_BYTES = 0.5 * MB;
export const VERY_LARGE_PASTE_LINES = 10_000;
export const VERY_LARGE_PASTE_BYTES = 2 * MB;
export const VERY_LARGE_PREVIEW_LINES = 1_000;
/**
 * The most of a very large paste's text its page's first HTML carries (its preview's lines, read
 * through the line index): that page costs the same whatever the paste's size.
 */
export const PAGE_PREVIEW_MAX_BYTES = 256 * 1024;
/**
 * How much of a paste the secret scan reads: the first 10 MB (characters), the size the site
 * still shows in the page. Past it a paste is a download; scanning gigabytes of log would cost
 * seconds of CPU per create.
 */
export const SECRET_SCAN_MAX_CHARS = 10 * MB;
/**
 * How long the server's secret scan of one create or edit may run (ms, in slices that let other
 * requests through): a 10 MB paste of code scans whole in ~140 ms here; past the budget the answer
 * carries the findings so far and `scanIncomplete` (SECRET_SCAN_BUDGET_MS in the environment).
 */
export const SECRET_SCAN_BUDGET_MS = 250;
/** The same in the author's tab, before a public paste is sent: the author waits, nobody else. */
export const SECRET_SCAN_BROWSER_BUDGET_MS = 3_000;
/** Revisions one paste may have; an edit past them is refused (409). */
export const MAX_REVISIONS_PER_PASTE = 100;
/** Edits one account may make a minute, session and API key together (PASTE_EDIT_PER_ACCOUNT_PER_MIN). */
export const PASTE_EDITS_PER_ACCOUNT_PER_MIN = 120;
/**
 * Bytes the stored revisions of one account's pastes may hold (REVISION_BYTES_PER_ACCOUNT); an edit
 * that would pass it is refused (409).
 */
export const REVISION_BYTES_PER_ACCOUNT = 256 * MB;
export const EDITOR_BYTES_PER_CHAR = 2;

export const PASTE_POLL_MS = 2_000;
export const ASSEMBLY_POLL_MS = 200;
export const BURN_CONFIRM_DELAY_MS = 1_000;
export const PASTE_QUERY_RETRIES = 10;
export const PASTE_QUERY_RETRY_DELAY_MS = 1_000;
export const TOP_VIEWS_REFRESH_MS = 30_000;
export const TOP_VIEWS_LIMIT = 10;
export const TOP_USERS_LIMIT = 10;

export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Time-based one-time codes as authenticator apps make them by default (RFC 6238). */
export const TOTP_PERIOD_SEC = 30;
export const TOTP_DIGITS = 6;
/** A code of the step before or after is accepted too: phone and server clocks drift. */
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Between a correct password (or provider sign-in) and the second factor. */
export const SECOND_FACTOR_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/**
 * How long a session's last second-factor check (at sign-in, or a code given since) counts as
 * fresh for the actions that need one: email change, API key, linking a provider.
 */
export const SECOND_FACTOR_FRESH_MS = 10 * 60 * 1000;
/** Between a passkey ceremony's start (its challenge) and the authenticator's answer. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const PASSKEY_NAME_MAX_LENGTH = 60;
export const PASSKEYS_PER_ACCOUNT_MAX = 20;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const REGISTER_PASSWORD_MIN = 8;
export const REGISTER_PASSWORD_MAX = 30;
export const CHANGE_PASSWORD_MIN = 6;
export const RESET_PASSWORD_MIN = 8;

export const PASTE_SIZE_LIMIT_MIN_MB = 1;
export const PASTE_SIZE_LIMIT_MAX_MB = 500;
export const PASTE_SIZE_LIMIT_DEFAULT_MB = 50;
export const FAVICON_MAX_BYTES = 1 * MB;
export const VIP_BANNER_MAX_BYTES = 5 * MB;

export const SMTP_DEFAULT_PORT = 587;
export const SMTP_SECURE_PORT = 465;

export const POST_REGISTER_REDIRECT_MS = 1_500;
export const POST_SETUP_REDIRECT_MS = 2_000;
export const RESET_REDIRECT_MS = 3_000;
export const POST_LOGOUT_REDIRECT_MS = 100;
export const COMPACT_CAPTCHA_BELOW_PX = 640;

export const DEFAULT_SITE_TITLE = 'Paste Sharing';
export const PAGE_TITLE_SUFFIX = 'Secure Text & Code Sharing';
export const API_KEY_PREFIX = 'pb_';
/**
 * Personal access tokens, beside the spec's one `pb_` key: their own prefix, so a
 * token is told from the key at a glance, in a log excerpt or by a secret scanner.
 */
export const ACCESS_TOKEN_PREFIX = 'pst_';
/** What a token may be used for; `admin` only on a staff member's token (policies.canGrantScope). */
export const TOKEN_SCOPES = ['pastes:read', 'pastes:write', 'account:read', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const ACCESS_TOKENS_PER_USER_MAX = 25;
export const ACCESS_TOKEN_NAME_MAX_LENGTH = 60;
/** The longest expiry a token may be given, in days (none: it lasts until revoked). */
export const ACCESS_TOKEN_EXPIRY_MAX_DAYS = 366;

/** Sent by the client instead of a Turnstile token while captcha is disabled; refused once it is enabled. */
export const CAPTCHA_BYPASS_TOKEN = 'captcha-disabled';

export const ROLES = ['user', 'vip', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const EMAIL_PROVIDERS = ['resend', 'sendgrid', 'mailgun', 'smtp'] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

export const EXPIRATIONS = ['1h', '1d', '1w', '1m', '3m', '6m', 'unlimited', 'burn'] as const;
export type Expiration = (typeof EXPIRATIONS)[number];

/**
 * `shared`: readable by its author, the people and teams it names, and staff — nobody else, link
 * or not.
 */
export const PRIVACIES = ['public', 'unlisted', 'password', 'shared'] as const;
export type Privacy = (typeof PRIVACIES)[number];

export const PROCESSING_CONTENT = '__PROCESSING__';

/** A team's owners manage it (name, members); its members read what is shared with the team. */
export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const TEAM_NAME_MAX_LENGTH = 80;
export const TEAM_SLUG_MAX_LENGTH = 40;
export const TEAM_DESCRIPTION_MAX_LENGTH = 500;
/** People and teams one shared paste may name (a larger audience is a team's job). */
export const SHARES_PER_PASTE_MAX = 50;
/** Members one team may have: a team is a group of colleagues, not a site's user list. */
export const TEAM_MEMBERS_MAX = 500;
/**
 * A collection's own privacy: `public` (listed on its page for anyone), `unlisted` (anyone with
 * its link) or `shared` (its owners, the people and teams it names, and staff). It never widens a
 * paste's own: each reader sees only the pastes in it they may read.
 */
export const COLLECTION_PRIVACIES = ['public', 'unlisted', 'shared'] as const;
export type CollectionPrivacy = (typeof COLLECTION_PRIVACIES)[number];
export const COLLECTION_NAME_MAX_LENGTH = 100;
export const COLLECTION_DESCRIPTION_MAX_LENGTH = 2000;
/** Pastes one collection holds: a runbook or an incident's logs, not an archive. */
export const COLLECTION_PASTES_MAX = 200;
/** Collections one page of "my collections" lists. */
export const COLLECTIONS_PAGE_SIZE = 50;
/** Rows one page of "Shared with me" shows. */
export const SHARED_WITH_ME_PAGE_SIZE = 50;

/** End-to-end encrypted pastes: the title the server stores and shows in their place. */
export const ENCRYPTED_TITLE_PLACEHOLDER = 'Encrypted paste';
/** A sealed title's base64url text: an 80-character title sealed in pse1 is far shorter. */
export const SEALED_TITLE_MAX_LENGTH = 1024;
/**
 * An encrypted upload's sealed line table as base64 (finalize's `sealedLineTable`): 28 + 9 bytes
 * per content chunk, so this holds the table of ~43 GB in 1 MiB chunks.
 */
export const SEALED_LINE_TABLE_MAX_LENGTH = 512 * 1024;
/** `pastes.encryption` of a pse1 paste (null = plain text). */
export const ENCRYPTION_PSE1 = 1;

export function pageTitle(siteTitle: string | undefined | null): string {
  return `${siteTitle?.trim() || DEFAULT_SITE_TITLE} - ${PAGE_TITLE_SUFFIX}`;
}

/** Rendered views (Markdown, CSV/TSV, notebooks): text past this many characters shows as source only. */
export const RENDER_MAX_CHARS = 2 * MB;
/** A CSV/TSV view shows its header and at most this many rows (the rest is in the source). */
export const TABLE_VIEW_MAX_ROWS = 10_000;
/**
 * The first HTML renders a Markdown/CSV/notebook paste up to this many characters; past it the
 * reader's browser renders it (measured: rendering costs the server far more per byte than the
 * plain page, bench/render.ts), so no request holds the server's thread for long.
 */
export const FIRST_HTML_RENDER_MAX_CHARS = 64 * 1024;
/** Content rules (Admin → Safety): what a rule looks for. `domain` matches the domain's subdomains too. */
export const SAFETY_RULE_KINDS = ['phrase', 'domain', 'pattern'] as const;
export type SafetyRuleKind = (typeof SAFETY_RULE_KINDS)[number];
/** What a matching rule does to a create or an edit; the strongest of all matches wins (this order). */
export const SAFETY_ACTIONS = ['refuse', 'hold', 'unlist'] as const;
export type SafetyAction = (typeof SAFETY_ACTIONS)[number];
/**
 * Why a paste waits for review: a content rule; reports from enough distinct readers
 * (reportHideThreshold); links from a young account; an anonymous paste with many links; the same
 * text from many addresses within the hour (a spam wave); its author's account is suspended (the
 * ban decides that one, not the Held queue); its upload is malware (never released: the sweeper
 * deletes it after MALWARE_KEPT_MS) or could not be scanned (fail closed).
 */
export const HOLD_REASONS = [
  'rule',
  'reports',
  'new-account',
  'links',
  'wave',
  'suspended',
  'malware',
  'scan-failed',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];
/** How long a paste blocked as malware is kept (for staff) before it and its blob are deleted. */
export const MALWARE_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** Rules read this much of a paste's text (its title too); the rest is not checked. */
export const SAFETY_SCAN_BYTES = 10 * MB;
/** A rule's value; longer patterns are refused. */
export const SAFETY_RULE_MAX_LENGTH = 500;
/** Rules a site may have (an imported blocklist included). */
export const SAFETY_MAX_RULES = 20_000;
/** Pattern rules a site may have: each reads the text once more (see modules/safety/pattern-engine). */
export const SAFETY_MAX_PATTERNS = 50;
/** A rule's test run checks this many of the newest pastes. */
export const SAFETY_TEST_PASTES = 1000;

/** Bans (Admin → Bans): an account suspended, or an address or range banned. */
export const BAN_KINDS = ['account', 'address'] as const;
export type BanKind = (typeof BAN_KINDS)[number];
/** A ban's reason (a suspended person reads it when they sign in). */
export const BAN_REASON_MAX_LENGTH = 500;
/** The widest ranges a ban may name: a /16 of IPv4, a /48 of IPv6 (a site's, not a country's). */
export const BAN_IPV4_MIN_PREFIX = 16;
export const BAN_IPV6_MIN_PREFIX = 48;
/** Active bans a site may have: every instance keeps them all in memory. */
export const BANS_MAX = 10_000;
/** How long a ban lasts, in hours; null is for good. */
export const BAN_MAX_HOURS = 24 * 365 * 10;
/** Optional holds' settings: at most this many days, links or identical pastes. */
export const HOLD_SETTING_MAX = 1000;
/** "Delete everything by this account or address" deletes at most this many pastes in one go. */
export const PURGE_MAX_PASTES = 10_000;
/**
 * Tags on a paste: at most PASTE_TAGS_MAX, each 1 to TAG_MAX_LENGTH lower-case letters, digits
 * and hyphens, starting and ending with a letter or digit (`incident-42`, `k8s`). Anything else is
 * refused, not rewritten: a tag means what its author typed.
 */
export const PASTE_TAGS_MAX = 10;
export const TAG_MAX_LENGTH = 32;
export const TAG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

/** Full-text search: how much of a paste's text is indexed (its first MB; extreme pastes too). */
export const SEARCH_INDEX_BYTES = MB;
/** Words one search query may hold; more are refused. */
export const SEARCH_TERMS_MAX = 8;
/** The longest search query, in characters. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Results one page of search answers. */
export const SEARCH_PAGE_SIZE = 20;
/** How deep paging goes (results): past it, a narrower query is the way. */
export const SEARCH_MAX_OFFSET = 1000;
/** A result's snippet: at most this many characters of its matching line. */
export const SEARCH_SNIPPET_MAX_LENGTH = 200;

/** A paste's link preview card (its og:image): Open Graph's and X's large summary card size. */
export const PREVIEW_CARD = { width: 1200, height: 630 } as const;

/** A multi-file paste: at most PASTE_FILES_MAX files, each named in 1 to FILE_NAME_MAX_LENGTH characters. */
export const PASTE_FILES_MAX = 20;
export const FILE_NAME_MAX_LENGTH = 100;
