import { API_KEY_PREFIX } from '../../../common/constants';
import type { EndpointSection } from './endpoint';

const key = `${API_KEY_PREFIX}YOUR_API_KEY`;

/** Teams and whom a shared paste names (session or API key). */
export const teamsSection: EndpointSection = {
  id: 'teams',
  title: 'Teams and Shared Pastes',
  description:
    "A paste created with privacy 'shared' is readable only by its author, the people and teams it names, and staff; anyone else gets 404, as if it did not exist. Team owners and staff manage a team; every change is in the audit log.",
  endpoints: [
    {
      method: 'POST',
      path: '/api/teams',
      summary: 'Create a team; you are its first owner.',
      fields: [
        'name (string, 1–80 characters)',
        'slug (string) — 2–40 lower-case letters, digits or hyphens: the team’s address',
        'description (string, optional, up to 500 characters)',
      ],
      returns:
        '201 { team: { id, slug, name, description, createdAt, memberCount, myRole }, members: [{ username, role, addedAt, syncedFrom }] }',
      example: (base) =>
        `curl -X POST ${base}/teams -H 'X-API-Key: ${key}' \\\n  -H 'Content-Type: application/json' -d '{"name":"Ops","slug":"ops"}'`,
    },
    { method: 'GET', path: '/api/teams', summary: 'The teams you are in.', returns: '{ teams: [...] }' },
    {
      method: 'GET',
      path: '/api/teams/{slug}',
      summary: 'A team and its members (members and staff; anyone else gets 404).',
    },
    {
      method: 'PATCH',
      path: '/api/teams/{slug}',
      summary: 'Rename a team or change its description (owners and staff).',
      fields: ['name (optional)', 'description (optional)'],
    },
    { method: 'DELETE', path: '/api/teams/{slug}', summary: 'Delete a team (owners and staff).' },
    {
      method: 'PUT',
      path: '/api/teams/{slug}/members',
      summary:
        'Add a member by username, or change a member’s role (owners and staff). A team keeps at least one owner.',
      fields: ['username (string)', "role: 'member' (default) | 'owner'"],
    },
    {
      method: 'DELETE',
      path: '/api/teams/{slug}/members/{username}',
      summary: 'Remove a member (owners and staff), or leave a team yourself.',
    },
    {
      method: 'PUT',
      path: '/api/pastes/{id}/shares',
      summary:
        'Set whom your shared paste names: the whole list, replacing the last one (at most 50 people and teams together; teams you are in).',
      fields: ['users (string[]) — usernames', 'teams (string[]) — team slugs'],
      returns: '{ users: [{ username, addedAt }], teams: [{ slug, name, addedAt }] }',
      example: (base) =>
        `curl -X PUT ${base}/pastes/abc123/shares -H 'X-API-Key: ${key}' \\\n  -H 'Content-Type: application/json' -d '{"users":["alice"],"teams":["ops"]}'`,
    },
    {
      method: 'GET',
      path: '/api/pastes/{id}/shares',
      summary: 'Whom your shared paste names (its author and staff).',
    },
    {
      method: 'GET',
      path: '/api/pastes/{id}/share-history',
      summary: 'Who changed whom your paste is shared with, and when, newest first (its author and staff).',
      returns: '{ changes: [{ at, by, addedUsers, removedUsers, addedTeams, removedTeams }] }',
    },
    {
      method: 'GET',
      path: '/api/shared-with-me?page=1',
      summary: 'Pastes shared with you, by name or through a team, newest first (50 a page).',
      returns:
        '{ pastes: [{ id, title, language, privacy, username, createdAt, sharedAt, team }], page, hasMore } — team: the { slug, name } of the team it came through, or null when it names you',
    },
  ],
};
