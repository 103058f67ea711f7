import { API_KEY_PREFIX, CHUNK_SIZE_BYTES, MB, VIP_BANNER_MAX_BYTES } from '../../../common/constants';
import { VIP_MESSAGES } from '../../../common/schemas/account';
import { collectionsSection } from './collections-endpoints';
import type { EndpointSection } from './endpoint';
import { teamsSection } from './teams-endpoints';
import { apiKeySection } from './v1-endpoints';

const key = `${API_KEY_PREFIX}YOUR_API_KEY`;
const fetchJson = (path: string, body: string) =>
  `await fetch('${path}', {\n  method: 'POST',\n  credentials: 'include',\n  headers: { 'Content-Type': 'application/json' },\n  body: JSON.stringify(${body}),\n});`;

/** Spec §9: 40 MB chunks. The script splits the file, sends each part, and finalizes. */
function chunkedUploadScript(base: string): string {
  return [
    `KEY=${key}`,
    'FILE=dump.sql',
    'SIZE=$(stat -c %s "$FILE")',
    `CHUNKS=$(( (SIZE + ${CHUNK_SIZE_BYTES} - 1) / ${CHUNK_SIZE_BYTES} ))`,
    `UPLOAD_ID=$(curl -sf -X POST ${base}/pastes/upload/init \\`,
    `  -H "X-API-Key: $KEY" -H 'Content-Type: application/json' \\`,
    `  -d "{\\"totalChunks\\":$CHUNKS,\\"totalSize\\":$SIZE,\\"title\\":\\"$FILE\\"}" \\`,
    `  | sed -E 's/.*"uploadId":"([^"]+)".*/\\1/')`,
    `split -b ${CHUNK_SIZE_BYTES} -d -a 4 "$FILE" "$FILE.part-"`,
    'i=0',
    'for part in "$FILE".part-*; do',
    `  curl -sf -X POST ${base}/pastes/upload/chunk -H "X-API-Key: $KEY" \\`,
    '    -F uploadId="$UPLOAD_ID" -F chunkIndex=$i -F chunk=@"$part" > /dev/null || exit 1',
    '  i=$((i + 1))',
    'done',
    'rm "$FILE".part-*',
    `curl -sf -X POST ${base}/pastes/upload/finalize -H "X-API-Key: $KEY" \\`,
    `  -H 'Content-Type: application/json' -d "{\\"uploadId\\":\\"$UPLOAD_ID\\"}"`,
  ].join('\n');
}

/** Shown only to a signed-in user while API keys are enabled (spec §2). */
export const memberSections: EndpointSection[] = [
  apiKeySection,
  {
    id: 'edit',
    title: 'Edit a Paste',
    description:
      "The signed-in author (session or API key) saves a new revision of their own paste; the paste's link shows the newest, and every revision keeps its own (GET /api/pastes/{id}/revisions). Privacy, password and expiry stay as they are. Anonymous, burn-after-reading, still-processing and over-10 MB pastes cannot be edited.",
    endpoints: [
      {
        method: 'PUT',
        path: '/api/pastes/{id}',
        summary:
          "Save a new revision (at most 10 MB and the site's size limit). Someone else's paste: 403. An edit that changes nothing makes no revision. 120 edits a minute per account (429 past them); a paste keeps at most 100 revisions, and the revisions of one account's pastes at most 256 MB (409 past either, nothing stored).",
        fields: [
          'content (string, required)',
          'title, language (optional: absent = kept)',
          'baseRevision (number, optional) — the revision you edited: if the paste has moved on, 409 instead of overwriting it',
          'checkSecrets (boolean, optional) — as on create, for a public paste',
        ],
        returns: '{ "id": "...", "revision": 2 } (and secretsFound and scanIncomplete, as on create)',
        example: (base) =>
          `curl -X PUT ${base}/pastes/abc123 \\\n  -H 'X-API-Key: ${key}' -H 'Content-Type: application/json' \\\n  -d '{"content":"fixed text","baseRevision":1}'`,
      },
    ],
  },
  {
    id: 'chunked',
    title: 'Chunked Upload',
    description:
      'For files over 50 MB: start an upload, send every 40 MB chunk (41943040 bytes; the last one is the rest), then finalize. The paste exists from then on, reads "__PROCESSING__" while it is assembled, and is readable once GET /api/pastes/{id}/assembly-progress says isComplete. Behind a proxy with a smaller body limit, choose another chunk size at init (chunkSize, 5 MiB to 100 MiB). Send uploadId and chunkIndex before the chunk and it streams straight to storage; a chunk sent again replaces the earlier one, until finalize. Finalize sent again answers the same paste. An account may hold 5 unfinished uploads and 10 GiB in them. Needs a login or an API key; unlimited expiration needs VIP.',
    walkthrough: { title: 'A whole upload with curl', script: chunkedUploadScript },
    endpoints: [
      {
        method: 'POST',
        path: '/api/pastes/upload/init',
        summary: 'Start an upload.',
        fields: [
          'totalChunks, totalSize',
          'title, privacy, password, expiration, burnAfterReading',
          'language, tags (optional: up to 10 lower-case words; not with encrypted)',
          'chunkSize (optional: 5242880 to 104857600 bytes; default 41943040)',
          'encrypted, sealedTitle (optional) — an end-to-end encrypted upload: the chunks are the pse1 sealed stream cut at chunkSize, totalSize is its sealed size, and there is no title (see POST /api/pastes and docs/encryption.md)',
        ],
        returns: '{ "uploadId": "..." }',
        example: (base) =>
          `curl -X POST ${base}/pastes/upload/init \\\n  -H 'X-API-Key: ${key}' -H 'Content-Type: application/json' \\\n  -d '{"totalChunks":3,"totalSize":104857600,"title":"dump.sql","privacy":"public","expiration":"1w"}'`,
      },
      {
        method: 'POST',
        path: '/api/pastes/upload/chunk',
        summary: 'Send one chunk as multipart form data (chunkIndex starts at 0).',
        fields: ['uploadId', 'chunkIndex', 'chunk (file, exactly the chunk size but the last)'],
        returns: '{ "uploadId": "...", "chunkIndex": 0, "chunksReceived": 1 }',
        example: (base) =>
          `curl -X POST ${base}/pastes/upload/chunk \\\n  -H 'X-API-Key: ${key}' \\\n  -F uploadId=UPLOAD_ID -F chunkIndex=0 -F chunk=@part-000`,
      },
      {
        method: 'POST',
        path: '/api/pastes/upload/finalize',
        summary: 'Create the paste; it is assembled in the background and readable once complete.',
        fields: [
          'uploadId',
          'sealedLineTable (optional, encrypted uploads only) — the paste’s line table sealed under its key, standard base64 (format in docs/encryption.md), so readers open it in the browser without decrypting it whole',
        ],
        returns: '{ "id": "..." }',
        example: (base) =>
          `curl -X POST ${base}/pastes/upload/finalize \\\n  -H 'X-API-Key: ${key}' -H 'Content-Type: application/json' \\\n  -d '{"uploadId":"UPLOAD_ID"}'`,
      },
      {
        method: 'POST',
        path: '/api/pastes/upload/cancel',
        summary: 'Abandon an upload and delete its chunks (an upload left alone is deleted after 24 hours).',
        fields: ['uploadId'],
        example: (base) =>
          `curl -X POST ${base}/pastes/upload/cancel \\\n  -H 'X-API-Key: ${key}' -H 'Content-Type: application/json' \\\n  -d '{"uploadId":"UPLOAD_ID"}'`,
      },
      {
        method: 'GET',
        path: '/api/pastes/upload/{uploadId}',
        summary:
          'Where an upload stands, to resume it after an interruption: the chunks already stored, and once assembled the paste id and the sha256 of the file the site assembled.',
        returns:
          '{ "uploadId": "...", "status": "receiving", "totalChunks": 3, "totalSize": 104857600, "chunkSize": 41943040, "chunksReceived": [0, 2], "pasteId": null, "sha256": null, "expiresAt": "..." }',
        example: (base) => `curl ${base}/pastes/upload/UPLOAD_ID -H 'X-API-Key: ${key}'`,
      },
    ],
  },
  {
    id: 'session',
    title: 'Session Endpoints',
    description: 'Used by this website with your login cookie; call them from the browser while signed in.',
    endpoints: [
      {
        method: 'GET',
        path: '/api/my-pastes?page=1&search=',
        summary: 'Your pastes, paged and searchable.',
        returns: '{ pastes, page, totalPages, total }',
        example: () => `await fetch('/api/my-pastes?page=1', { credentials: 'include' });`,
      },
      {
        method: 'POST',
        path: '/api/pastes/{id}/request-delete',
        summary: 'Ask the moderators to delete one of your pastes (needs admin approval).',
        fields: ['reason (string, required)'],
        example: () => fetchJson('/api/pastes/abc123/request-delete', "{ reason: 'Posted by mistake' }"),
      },
      {
        method: 'GET',
        path: '/api/user/api-key',
        summary: 'Whether you have an API key, with a short non-secret hint. Never the key itself.',
        returns: '{ "hasApiKey": true, "hint": "pb_…x7Qa" }',
        example: () => `await fetch('/api/user/api-key', { credentials: 'include' });`,
      },
      {
        method: 'POST',
        path: '/api/user/regenerate-api-key',
        summary: 'Create a new API key; the old one stops working at once. The new key is shown once.',
        returns: '{ "apiKey": "pb_..." }',
        example: () => fetchJson('/api/user/regenerate-api-key', '{}'),
      },
      {
        method: 'POST',
        path: '/api/user/change-password',
        summary:
          'Change your password; your other sessions end and, unless you say otherwise, your API key is revoked.',
        fields: [
          'currentPassword',
          'newPassword (at least 6 characters)',
          'revokeApiKey (optional, default true)',
        ],
        example: () =>
          fetchJson(
            '/api/user/change-password',
            "{ currentPassword: '…', newPassword: '…', revokeApiKey: true }",
          ),
      },
      {
        method: 'POST',
        path: '/api/user/change-email',
        summary:
          'Change your email address, with your current password. While this site sends email (or requires verification), a link goes to the new address and the email changes when it is followed; the current address gets a notice. Without email, it changes at once, unverified. Either way your other sessions end.',
        fields: ['email', 'currentPassword'],
        example: () =>
          fetchJson('/api/user/change-email', "{ email: 'me@example.com', currentPassword: '…' }"),
      },
    ],
  },
  {
    id: 'vip',
    title: 'VIP Endpoints',
    description: 'Activate a VIP license and manage the banner shown on your pastes.',
    endpoints: [
      {
        method: 'POST',
        path: '/api/vip/activate',
        summary: 'Activate a VIP license key on your account.',
        fields: ['licenseKey'],
        example: () => fetchJson('/api/vip/activate', "{ licenseKey: 'XXXX-XXXX-XXXX' }"),
      },
      {
        method: 'POST',
        path: '/api/vip/banner',
        summary: `Set your banner: an https image on a trusted image host (up to ${VIP_BANNER_MAX_BYTES / MB} MB, 450×120 px recommended) and an optional link.`,
        fields: [
          'bannerImageUrl',
          'bannerLink (optional)',
          `bannerImageBytes (optional) — the image's size in bytes as you measured it (the server never downloads the image): over ${VIP_BANNER_MAX_BYTES} is refused with 400 "${VIP_MESSAGES.bannerTooLarge}"`,
        ],
        example: () =>
          fetchJson(
            '/api/vip/banner',
            "{ bannerImageUrl: 'https://i.imgur.com/banner.png', bannerLink: 'https://example.com' }",
          ),
      },
    ],
  },
  teamsSection,
  collectionsSection,
];
