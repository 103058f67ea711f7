import type { EndpointSection } from './endpoint';

export const publicSection: EndpointSection = {
  id: 'public',
  title: 'Public Endpoints',
  description: 'No account needed. Anyone can create, read and report pastes.',
  endpoints: [
    {
      method: 'POST',
      path: '/api/pastes',
      summary:
        "Create a paste. A JSON body carries up to 50 MB of text (and the site's size limit applies); send larger text through the chunked upload, or as multipart/form-data with the text in a file part named content (the other fields as text parts).",
      fields: [
        'content (string, required) — the text of the paste (multipart: a UTF-8 file part)',
        'title (string, optional, up to 80 characters)',
        "privacy: 'public' | 'unlisted' | 'password' | 'shared' (signed in: readable only by you, the people and teams you name with PUT /api/pastes/{id}/shares, and staff)",
        "expiration: '1h' | '1d' | '1w' | '1m' | '3m' | '6m' (registered) | 'unlimited' (VIP) | 'burn'",
        'burnAfterReading (boolean) — delete after the first reading',
        "password (string) — required when privacy is 'password'",
        "language (optional) — 'plaintext' or a highlighting language such as 'python', 'javascript', 'rust'; downloads are named by it. Absent, the page detects it",
        'checkSecrets (boolean, optional) — refuse (409 SECRETS_DETECTED, with secretsFound) instead of publishing a public paste that looks like it contains credentials',
        'forkedFrom (string, optional) — the id of the paste this one is a fork of: a public or unlisted paste that still exists (not a password or burn-after-reading one); otherwise 400 "This paste cannot be forked: …" and nothing is created',
        'encrypted (boolean, optional; JSON bodies and the chunked upload) — end-to-end encrypted: content is then the standard base64 of a pse1 sealed stream you made with your own key, title is left out (or empty) and forkedFrom is refused; the server checks only the stream\'s header and layout (400 "Encrypted content is not in a format this server reads" otherwise). The format, the key and how to read such a paste back are described in docs/encryption.md in the project\'s source',
        'sealedTitle (string, required when encrypted) — the title sealed under the same key, as base64url (at most 1024 characters); the server shows "Encrypted paste" in its place',
        'tags (string[], optional; multipart: one text part, separated by commas or spaces) — at most 10, each 1–32 lower-case letters, digits or hyphens, starting and ending with a letter or digit (400 otherwise); not on encrypted pastes. PUT /api/pastes/{id} takes tags too (absent: kept; [] removes them)',
        'sealedLineTable (string, optional, encrypted only) — the paste’s line table sealed under its key, standard base64 (format in docs/encryption.md), so readers open a paste over 10 MB in the browser without decrypting it whole',
      ],
      returns:
        '{ "id": "..." } — a public paste whose text looks like it holds credentials (private keys, cloud keys, well-known tokens, passwords) also gets "secretsFound": [{ "kind": "aws-access-key", "line": 3 }]; when the check stopped before the end of the text (it reads at most 10 MB, for a quarter of a second unless the site set another time), "scanIncomplete": true says the rest was not looked at',
      example: (base) =>
        `curl -X POST ${base}/pastes \\\n  -H 'Content-Type: application/json' \\\n  -d '{"title":"Hello","content":"console.log(\\"hi\\")","privacy":"public","expiration":"1d"}'\n\n` +
        `# Large text: a form with the file as the content part\ncurl ${base}/pastes -F content=@file.txt -F title=x -F expiration=1w`,
    },
    {
      method: 'GET',
      path: '/api/pastes/{id}',
      summary:
        'Read a paste: its metadata and content. A protected paste comes without content; a paste over 10 MB comes with a downloadUrl instead.',
      returns:
        '{ id, title, content, privacy, expiration, expiresAt, viewCount, createdAt, revision, editedAt, username, ... } — revision: the newest (1 until edited), editedAt: when it was saved (null: never edited); a fork also has forkedFrom: { id, title } while its source can still be read and forked — an unlisted source is named to its own author only. An encrypted paste has encrypted: true, sealedTitle, title "Encrypted paste" and content the standard base64 of its sealed bytes (raw and download give the bytes themselves, application/octet-stream); only the key from the link opens them',
      example: (base) => `curl ${base}/pastes/abc123`,
    },
    {
      method: 'POST',
      path: '/api/pastes/{id}/verify',
      summary: 'Unlock a password-protected paste.',
      fields: ['password (string, required)'],
      returns: 'The paste with its content.',
      example: (base) =>
        `curl -X POST ${base}/pastes/abc123/verify \\\n  -H 'Content-Type: application/json' \\\n  -d '{"password":"s3cret"}'`,
    },
    {
      method: 'GET',
      path: '/api/pastes/{id}/download',
      summary: 'Download the content as a file (supports Range requests for large pastes).',
      example: (base) => `curl -OJ ${base}/pastes/abc123/download`,
    },
    {
      method: 'GET',
      path: '/api/pastes/{id}/lines',
      summary:
        "Read a paste a window of lines at a time (how a paste over 10 MB is read in the browser): lines split at LF, without their line end (a CRLF's CR dropped). Same rules as the download: a password paste needs ?access= (from verify) or X-Paste-Password; a burn-after-reading paste is refused (403) and never burned; no view is counted.",
      fields: [
        'from (query, default 1) — the first line, 1-based; past the last line the answer has no lines',
        'count (query, 1–1000, default 200) — how many lines; fewer come back at the end, or once the window has read 16 MB',
      ],
      returns:
        '{ "from": 1, "lines": ["..."], "truncatedLines": [7], "totalLines": 9841023, "sizeBytes": 1073741824 } — a line over 10,000 characters is cut to 10,000 and its number listed in truncatedLines (absent when none was cut)',
      example: (base) => `curl '${base}/pastes/abc123/lines?from=1000000&count=100'`,
    },
    {
      method: 'GET',
      path: '/api/pastes/{id}/line-table',
      summary:
        "An end-to-end encrypted paste's line table, sealed by its creator (the create's or finalize's sealedLineTable): the sealed bytes, which only the key opens. 404 when the creator sent none; 409 for a plain paste (read it with lines). Same access rules as lines.",
      returns: 'application/octet-stream: a pse1 stream',
      example: (base) => `curl -o table.pse1 ${base}/pastes/abc123/line-table`,
    },
    {
      method: 'GET',
      path: '/api/pastes/{id}/search',
      summary:
        'Find the lines of a paste holding a text: literal and case-sensitive, one match per line, in order. The search stops after limit matches, or after about 2 seconds (half a second once something was found); continue from nextFrom. Same access rules as lines.',
      fields: [
        'q (query, 1–200 characters, no line break) — the text to find',
        'from (query, default 1) — the line to start at',
        'limit (query, 1–1000, default 100) — the most matches to return',
      ],
      returns:
        '{ "matches": [{ "line": 42, "text": "..." }], "truncated": true, "nextFrom": 43, "scannedBytes": 5242880 } — text is the line, or a 500-character excerpt around the match for a longer line; truncated false and nextFrom null at the end of the paste',
      example: (base) => `curl '${base}/pastes/abc123/search?q=ERROR&limit=50'`,
    },
    {
      method: 'GET',
      path: '/api/pastes/{id}/revisions',
      summary:
        "An edited paste's revisions, oldest first (one for a paste never edited), with the lines each added and removed. A password paste needs its password (X-Paste-Password) for every revision; a burn-after-reading paste has none (409).",
      returns:
        '{ "revisions": [{ number, title, language, sizeBytes, linesAdded, linesRemoved, createdAt }] }',
      example: (base) => `curl ${base}/pastes/abc123/revisions`,
    },
    {
      method: 'GET',
      path: '/api/pastes/{id}/revisions/{n}',
      summary:
        "One revision with its text; /raw and /download after it give its bytes, like the paste's own raw and download.",
      returns:
        '{ number, title, language, sizeBytes, linesAdded, linesRemoved, createdAt, content, revisionCount }',
      example: (base) => `curl ${base}/pastes/abc123/revisions/1\ncurl ${base}/pastes/abc123/revisions/1/raw`,
    },
    {
      method: 'GET',
      path: '/api/pastes/{id}/assembly-progress',
      summary:
        'While a chunked upload is assembled: how far it is (0–100). 422 with the reason if it failed.',
      returns: '{ "progress": 42, "isComplete": false }',
      example: (base) => `curl ${base}/pastes/abc123/assembly-progress`,
    },
    {
      method: 'GET',
      path: '/raw/{id}',
      summary: 'The content as plain text, handy for scripts and the terminal.',
      example: (_base, origin) => `curl ${origin}/raw/abc123`,
    },
    {
      method: 'POST',
      path: '/api/pastes/{id}/report',
      summary:
        'Report a paste to the moderators (once per reporter: a second report of the same paste answers 409).',
      fields: [
        'reason (string, required)',
        "sharedKey (string, optional; encrypted pastes only) — the paste's 43-character key, shared with the moderators: kept encrypted on the server, readable by managers and admins only, deleted once the report is decided",
      ],
      example: (base) =>
        `curl -X POST ${base}/pastes/abc123/report \\\n  -H 'Content-Type: application/json' \\\n  -d '{"reason":"Contains leaked credentials"}'`,
    },
    {
      method: 'GET',
      path: '/api/search?q={words}',
      summary:
        'Search the text and titles of pastes, best matches first. You find public pastes, and when signed in (session or X-API-Key) also your own and those shared with you or your teams; never an unlisted paste of someone else, nor the text of a password, burn-after-reading or encrypted paste (their titles only for their authors).',
      fields: [
        'q — up to 8 words; each matches the start of a word (letters, digits and _). May be left out when a filter is given',
        'author (username), team (slug: pastes shared with that team), tag, language, privacy — filters',
        'from, to — a day (YYYY-MM-DD, whole days in UTC) or an ISO time',
        'next — the value the previous page gave, for the next 20 results (up to 1,000)',
      ],
      returns:
        '{ "results": [{ id, title, language, author, createdAt, line, snippet, highlights: [{ start, end }], tags? }], "next"?: "20" } — snippet is the first matching line as plain text (line: its number, null when only the title matched); highlights are character offsets into it',
      example: (base) => `curl '${base}/search?q=connection+refused&language=python'`,
    },
    {
      method: 'GET',
      path: '/api/top-views',
      summary: 'The 10 most viewed public pastes.',
      returns: '{ "pastes": [{ id, title, viewCount, createdAt, username, role }] }',
      example: (base) => `curl ${base}/top-views`,
    },
    {
      method: 'GET',
      path: '/api/top-views-v2?period={period}',
      summary: 'The most viewed public pastes for a period.',
      fields: ["period: 'all-time' | 'weekly' | 'monthly'"],
      returns: '{ "pastes": [{ id, title, viewCount, createdAt, username, role }] }',
      example: (base) => `curl '${base}/top-views-v2?period=weekly'`,
    },
    {
      method: 'GET',
      path: '/api/top-users?limit=10',
      summary: 'The users whose pastes have the most views.',
      returns: '[{ userId, username, role, totalViews }]',
      example: (base) => `curl '${base}/top-users?limit=10'`,
    },
    {
      method: 'GET',
      path: '/api/settings/public',
      summary: 'Public site settings: title, size limit, captcha and feature switches.',
      example: (base) => `curl ${base}/settings/public`,
    },
  ],
};
