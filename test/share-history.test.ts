import { describe, expect, it } from 'vitest';
import { PASTE_MESSAGES } from '../src/common/schemas/paste.js';
import { createPaste } from './helpers/pastes.js';
import { signedIn, withTestApp } from './helpers/test-app.js';

/**
 * A shared paste's share history (GET /api/pastes/:id/share-history): who added and removed whom,
 * and when, from the audit log; its author and staff read it, anyone else is answered as if the
 * paste did not exist.
 */
const t = withTestApp({ each: false });

describe('share history', () => {
  it('lists each change newest first for the author and staff, and is not found for anyone else', async () => {
    const author = await signedIn(t);
    const named = await signedIn(t);
    const later = await signedIn(t);
    const teamMember = await signedIn(t);
    const stranger = await signedIn(t);
    const staff = await signedIn(t, 'manager');
    const slug = `history-${Date.now().toString(36)}`;
    expect((await author.client.post('/api/teams', { name: 'History', slug })).status).toBe(201);
    await author.client.put(`/api/teams/${slug}/members`, { username: teamMember.user.username });
    const { id } = await createPaste(author.client, {
      title: 'Runbook',
      content: 'steps',
      privacy: 'shared',
    });

    const share = async (users: string[], teams: string[]) => {
      expect((await author.client.put(`/api/pastes/${id}/shares`, { users, teams })).status).toBe(200);
      t.clock.advance(60_000);
    };
    const first = new Date(t.clock.now()).toISOString();
    await share([named.user.username], [slug]);
    // The same list again changes nothing, and is no entry.
    await share([named.user.username], [slug]);
    const second = new Date(t.clock.now()).toISOString();
    await share([later.user.username], []);

    const expected = {
      changes: [
        {
          at: second,
          by: author.user.username,
          addedUsers: [later.user.username],
          removedUsers: [named.user.username],
          addedTeams: [],
          removedTeams: [slug],
        },
        {
          at: first,
          by: author.user.username,
          addedUsers: [named.user.username],
          removedUsers: [],
          addedTeams: [slug],
          removedTeams: [],
        },
      ],
    };
    const mine = await author.client.get(`/api/pastes/${id}/share-history`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(expected);
    expect((await staff.client.get(`/api/pastes/${id}/share-history`)).body).toEqual(expected);

    // Whom it names reads the paste, not its history; nor does anyone else.
    expect((await later.client.get(`/api/pastes/${id}`)).status).toBe(200);
    for (const who of [later, teamMember, named, stranger]) {
      const res = await who.client.get(`/api/pastes/${id}/share-history`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PASTE_MESSAGES.notFound);
    }
    expect((await t.client().get(`/api/pastes/${id}/share-history`)).status).toBe(401);
  });

  it('is empty for a paste never shared, and not found for one that does not exist', async () => {
    const author = await signedIn(t);
    const { id } = await createPaste(author.client, { content: 'public text' });
    expect((await author.client.get(`/api/pastes/${id}/share-history`)).body).toEqual({ changes: [] });
    const gone = await author.client.get('/api/pastes/nosuchpaste/share-history');
    expect(gone.status).toBe(404);
  });
});
