import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../../test/helpers/test-app.js';

const t = withTestApp({ setup: false });

describe('health', () => {
  it('is live and ready with the database and the blob store answering', async () => {
    expect((await t.client().get('/healthz')).body).toEqual({ ok: true });
    const ready = await t.client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ ok: true });
  });

  it('is not ready when the blob store cannot be written, and ready again once it can', async () => {
    const blobs = path.join(t.dataDir, 'blobs');
    const moved = `${blobs}.away`;
    // The volume vanishes: in its place a plain file, so nothing can be written under it.
    fs.renameSync(blobs, moved);
    fs.writeFileSync(blobs, 'not a folder');
    const down = await t.client().get('/readyz');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ error: 'UNAVAILABLE', message: 'Blob store unreachable' });
    expect(down.headers.get('retry-after')).toBe('5');
    fs.rmSync(blobs);
    fs.renameSync(moved, blobs);
    expect((await t.client().get('/readyz')).status).toBe(200);
  });
});
