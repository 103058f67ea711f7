import { API_KEY_PREFIX, EXPIRATIONS, PRIVACIES } from '../../../common/constants';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account';
import type { EndpointSection } from './endpoint';

/** A placeholder that still reads as a key when pasted into a terminal. */
const KEY = `${API_KEY_PREFIX}YOUR_API_KEY`;
const pipe = (values: readonly string[]) => values.join('|');

/** The v1 API of docs/api.md: X-API-Key only, raw or JSON bodies. */
export const apiKeySection: EndpointSection = {
  id: 'api-key',
  title: 'API Key Endpoints',
  description: `Authenticate with your API key (starts with ${API_KEY_PREFIX}) in the X-API-Key header; no cookie or CSRF header is needed. Get or regenerate it in Account Settings. A request without the header answers 401 { "error": "INVALID_API_KEY", "message": "${ACCOUNT_MESSAGES.apiKeyRequired}" }; a wrong key, or any key while API keys are turned off on this site, 401 { "error": "INVALID_API_KEY", "message": "${ACCOUNT_MESSAGES.invalidApiKey}" }; each key may make 120 requests a minute (then 429 with Retry-After).`,
  endpoints: [
    {
      method: 'POST',
      path: '/api/v1/pastes',
      summary:
        'Create a paste. Send the content as the raw request body (text/plain, application/octet-stream, or curl --data-binary as is; the body is taken as UTF-8 text, never form-decoded) with options in the query string — or send the JSON body of POST /api/pastes. Paste rules are the website’s: empty content is refused, unlimited needs VIP (403), the size limit applies (413).',
      fields: [
        'X-API-Key header (required)',
        'title (query, optional, up to 80 characters)',
        `privacy (query, optional): ${pipe(PRIVACIES)} — default public`,
        `expiration (query, optional): ${pipe(EXPIRATIONS)} — default 1d; 6m needs an account, unlimited needs VIP`,
        'burnAfterReading (query, optional): true or 1',
        'language (query, optional): a highlighting language id or plaintext',
        'checkSecrets (query, optional): true or 1 — refuse (409) a public paste that looks like it contains credentials',
        'X-Paste-Password header: the password of a raw upload with privacy=password (never put it in the URL)',
        'JSON instead: { title?, content, privacy?, expiration?, burnAfterReading?, password? } with Content-Type: application/json',
      ],
      returns:
        '201 { "id": "...", "url": "https://host/paste/<id>" } (plus "secretsFound" when a public paste looks like it holds credentials, and "scanIncomplete" when that check stopped before the end of the text)',
      example: (base) =>
        [
          '# a file, title in the query; prints {"id":"…","url":"…"}',
          `curl --data-binary @notes.txt -H 'X-API-Key: ${KEY}' '${base}/v1/pastes?title=notes&expiration=1w'`,
          '',
          '# just the URL',
          `curl -s --data-binary @build.log -H 'X-API-Key: ${KEY}' '${base}/v1/pastes' | jq -r .url`,
          '',
          '# JSON, password-protected',
          `curl -H 'X-API-Key: ${KEY}' -H 'Content-Type: application/json' \\`,
          `  -d '{"title":"Secret","content":"hi","privacy":"password","password":"s3cret"}' ${base}/v1/pastes`,
          '',
          '# raw + password in a header',
          `curl --data-binary @secret.txt -H 'X-API-Key: ${KEY}' -H 'X-Paste-Password: s3cret' \\`,
          `  '${base}/v1/pastes?privacy=password'`,
        ].join('\n'),
    },
    {
      method: 'GET',
      path: '/api/v1/pastes?page=1&limit=20&search=',
      summary: 'The key owner’s pastes, newest first, without content.',
      fields: [
        'X-API-Key header (required)',
        'page (query, optional): from 1, default 1',
        'limit (query, optional): 1 to 100, default 20',
        'search (query, optional): matches the title or the id',
      ],
      returns:
        '{ "pastes": [{ id, title, privacy, expiration, expiresAt, burnAfterReading, viewCount, createdAt, contentSizeMB, sizeBytes, isProcessing, userId }], "page", "totalPages", "total" }',
      example: (base) => `curl -H 'X-API-Key: ${KEY}' '${base}/v1/pastes?search=notes'`,
    },
    {
      method: 'GET',
      path: '/api/v1/pastes/{id}',
      summary:
        'Read one paste as GET /api/pastes/{id} shows it. Reading a burn-after-reading paste through the API deletes it at once. Unknown or expired: 404 "Paste not found".',
      fields: [
        'X-API-Key header (required)',
        'X-Paste-Password header: for someone else’s protected paste (without it: requiresPassword true, no content and no size fields; a wrong one: 403 "Invalid password")',
      ],
      returns:
        '{ id, title, content, privacy, expiration, expiresAt, burnAfterReading, viewCount, createdAt, username, ... }',
      example: (base) => `curl -H 'X-API-Key: ${KEY}' ${base}/v1/pastes/AbCdEf123456`,
    },
  ],
};
