import { API_KEY_PREFIX } from '../../../common/constants';
import type { EndpointSection } from './endpoint';

const key = `${API_KEY_PREFIX}YOUR_API_KEY`;
const answer =
  '{ collection: { id, name, description, privacy, owner, createdAt, updatedAt, canEdit, canManage, staffAccess, shares }, pastes: [{ id, title, language, privacy, author, createdAt }] }';

/** Collections: named, ordered sets of pastes (session or API key). */
export const collectionsSection: EndpointSection = {
  id: 'collections',
  title: 'Collections',
  description:
    "A named, ordered set of pastes at /c/{id}, owned by a person or a team, with its own privacy ('public', 'unlisted' or 'shared'). It never widens a paste's privacy: each reader is shown only the pastes in it they may read. Its owner or its team's members edit it; its owner or its team's owners change its privacy or delete it. Every change is in the audit log.",
  endpoints: [
    {
      method: 'POST',
      path: '/api/collections',
      summary: 'Create a collection (yours, or a team’s you are in).',
      fields: [
        'name (string, 1–100 characters)',
        'description (string, optional, up to 2,000 characters)',
        "privacy ('public' | 'unlisted' | 'shared', default 'unlisted')",
        'team (string, optional) — the slug of a team you are in, to own it',
        'shares ({ users: [...], teams: [...] }, optional) — whom a shared collection names',
      ],
      returns: `201 ${answer}`,
      example: (base) =>
        `curl -X POST ${base}/collections -H 'X-API-Key: ${key}' \\\n  -H 'Content-Type: application/json' -d '{"name":"Incident 42"}'`,
    },
    {
      method: 'GET',
      path: '/api/collections',
      summary: 'Your collections and your teams’, most recently changed first (50 a page).',
      returns: '{ collections: [...], page, hasMore }',
    },
    {
      method: 'GET',
      path: '/api/collections/{id}',
      summary: 'A collection and the pastes in it you may read (anyone else gets 404 for a shared one).',
      returns: answer,
    },
    {
      method: 'PATCH',
      path: '/api/collections/{id}',
      summary: 'Change its name, description, privacy, whom it names, or the order of its pastes.',
      fields: [
        'name, description (optional)',
        'privacy, shares (optional; owners)',
        'order (paste ids, optional)',
      ],
    },
    { method: 'DELETE', path: '/api/collections/{id}', summary: 'Delete a collection; its pastes stay.' },
    {
      method: 'POST',
      path: '/api/collections/{id}/pastes/{pasteId}',
      summary: 'Add one of your pastes, or a public one, at the end (at most 200).',
    },
    {
      method: 'DELETE',
      path: '/api/collections/{id}/pastes/{pasteId}',
      summary: 'Take a paste out of the collection.',
    },
  ],
};
