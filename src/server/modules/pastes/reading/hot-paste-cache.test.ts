import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../../test/helpers/pastes.js';
import { withTestApp } from '../../../../../test/helpers/test-app.js';
import type { PasteWithAuthor } from '../live-paste.repository.js';
import { createHotPasteCache, HOT_PASTE_TTL_MS } from './hot-paste-cache.js';

// Behind a loopback "proxy", so a test can read as several clients (X-Forwarded-For).
const t = withTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });

/** The kept row of a hot paste must never outlive what the spec promises about the paste. */
describe('hot paste rows', () => {
  it('forget a paste deleted here at once, even one read a moment ago', async () => {
    const { id } = await createPaste(t.client());
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(200);
    expect(await t.app.services.pastes.delete(id)).toBe(true);
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(404);
    expect((await t.client().get(`/raw/${id}`)).status).toBe(404);
  });

  it('never serve a paste past its expiry, even while its row is kept', async () => {
    const { id } = await createPaste(t.client(), { expiration: '1h' });
    t.clock.advance(3_600_000 - HOT_PASTE_TTL_MS / 2);
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(200);
    t.clock.advance(HOT_PASTE_TTL_MS / 4);
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(200);
    t.clock.advance(HOT_PASTE_TTL_MS / 4);
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(404);
  });

  it('show a change made elsewhere (another instance) within the keeping time', async () => {
    const { id } = await createPaste(t.client(), { title: 'before' });
    expect((await t.client().get(`/api/pastes/${id}`)).body.title).toBe('before');
    await t.db.kysely.updateTable('pastes').set({ title: 'after' }).where('id', '=', id).execute();
    t.clock.advance(HOT_PASTE_TTL_MS);
    expect((await t.client().get(`/api/pastes/${id}`)).body.title).toBe('after');
    await t.db.kysely.deleteFrom('pastes').where('id', '=', id).execute();
    t.clock.advance(HOT_PASTE_TTL_MS);
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(404);
  });

  it('keep counting views across a flush without going back or counting twice', async () => {
    const { id } = await createPaste(t.client());
    const counts: number[] = [];
    const read = async (i: number) =>
      (await t.client().get(`/api/pastes/${id}`, { headers: { 'x-forwarded-for': `10.4.0.${i}` } })).body
        .viewCount;
    for (let i = 0; i < 3; i++) counts.push(await read(i));
    await t.app.services.views.flush();
    for (let i = 3; i < 5; i++) counts.push(await read(i));
    expect(counts).toEqual([1, 2, 3, 4, 5]);
  });

  it('still ask for the password of a password paste at every read', async () => {
    const { id } = await createPaste(t.client(), { privacy: 'password', password: 'open sesame' });
    const client = t.client();
    expect((await client.post(`/api/pastes/${id}/verify`, { password: 'open sesame' })).status).toBe(200);
    const again = await client.get(`/api/pastes/${id}`);
    expect(again.body.requiresPassword).toBe(true);
    expect(again.body.content).toBeUndefined();
  });
});

describe('hot paste cache bounds', () => {
  const row = (id: string, size: number, extra: Partial<PasteWithAuthor> = {}) =>
    ({
      id,
      size_bytes: size,
      content: 'x',
      status: 'ready',
      burn_after_reading: 0,
      ...extra,
    }) as PasteWithAuthor;

  /** A row is kept from its paste's second read within the TTL (see the admission rule). */
  const offerTwice = (cache: ReturnType<typeof createHotPasteCache>, r: PasteWithAuthor, now: number) => {
    cache.offer(r, now);
    cache.offer(r, now);
  };

  it('keeps a row only for a paste read again within the TTL', () => {
    const cache = createHotPasteCache(1_000, 10, 1_000);
    cache.offer(row('once', 1), 0);
    expect(cache.get('once', 1)).toBeUndefined();
    cache.offer(row('once', 1), 1_500);
    expect(cache.get('once', 1_501)).toBeUndefined();
    cache.offer(row('once', 1), 1_600);
    expect(cache.get('once', 1_601)).toBeDefined();
  });

  it('keeps a row only when it would still be kept at its next read', () => {
    const cache = createHotPasteCache(1_000, 2, 1_000);
    cache.offer(row('c', 1), 0);
    offerTwice(cache, row('a', 1), 50);
    offerTwice(cache, row('b', 1), 50);
    // Full: a row kept now stays as long as the oldest has been kept (50 ms), and 'c' comes back
    // after 100 ms: keeping it would push out rows for nothing.
    cache.offer(row('c', 1), 100);
    expect(cache.get('c', 100)).toBeUndefined();
    expect(cache.stats().entries).toBe(2);
    // Read again 20 ms later, sooner than the oldest row's 70 ms: kept, the oldest goes.
    cache.offer(row('c', 1), 120);
    expect(cache.get('c', 120)).toBeDefined();
    expect(cache.get('a', 120)).toBeUndefined();
  });

  it('reading many distinct pastes in turn, keeps about the share of them it can hold, and reads them again', () => {
    const cache = createHotPasteCache(1_000, 100, 1_000_000);
    const ids = Array.from({ length: 1_000 }, (_, i) => `p${i}`);
    let now = 0;
    let reads = 0;
    let kept = 0;
    let hits = 0;
    for (let cycle = 0; cycle < 10; cycle++) {
      for (const id of ids) {
        now += 0.5; // each paste comes back every 500 ms, within the TTL
        if (cycle < 2) {
          if (!cache.get(id, now)) cache.offer(row(id, 1), now);
          continue;
        }
        reads++;
        if (cache.get(id, now)) {
          hits++;
          continue;
        }
        cache.offer(row(id, 1), now);
        if (cache.get(id, now)) kept++;
      }
    }
    // The cache holds a tenth of the pastes: it keeps about a tenth, not every row it is offered.
    expect(kept / reads).toBeLessThan(0.15);
    expect(hits / kept).toBeGreaterThan(0.9);
  });

  it('keeps at most its entry and byte budgets, oldest out first', () => {
    const cache = createHotPasteCache(1_000, 3, 100);
    for (const id of ['a', 'b', 'c', 'd']) offerTwice(cache, row(id, 10), 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 3, contentBytes: 30 });
    offerTwice(cache, row('big', 80), 0);
    const kept = (ids: string[]) => ids.filter((id) => cache.get(id, 1) !== undefined);
    expect(kept(['b', 'c', 'd', 'big'])).toEqual(['c', 'd', 'big']);
    expect(cache.stats()).toEqual({ entries: 3, contentBytes: 100 });
    offerTwice(cache, row('bigger', 85), 0);
    expect(kept(['c', 'd', 'big', 'bigger'])).toEqual(['bigger']);
    offerTwice(cache, row('huge', 101), 0);
    expect(cache.get('huge', 1)).toBeUndefined();
    cache.delete('bigger');
    expect(cache.stats()).toEqual({ entries: 0, contentBytes: 0 });
  });

  it('keeps no burn, processing or blob-backed row, and lets rows go after the TTL', () => {
    const cache = createHotPasteCache(1_000, 10, 1_000);
    offerTwice(cache, row('burn', 1, { burn_after_reading: 1 }), 0);
    offerTwice(cache, row('processing', 1, { status: 'processing' }), 0);
    offerTwice(cache, row('blob', 1, { content: null }), 0);
    offerTwice(cache, row('plain', 1), 0);
    expect(cache.stats().entries).toBe(1);
    expect(cache.get('plain', 999)).toBeDefined();
    expect(cache.get('plain', 1_000)).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, contentBytes: 0 });
  });
});
