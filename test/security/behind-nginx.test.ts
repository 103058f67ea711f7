import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../../src/common/constants.js';
import { GENERIC_MESSAGES } from '../../src/common/messages.js';
import { HttpClient } from '../helpers/http-client.js';
import { type RunningNginx, startNginx } from '../helpers/nginx.js';
import { createPaste } from '../helpers/pastes.js';
import { completeSetup, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The nginx configuration of docs/operations.md, run as written (only its ports changed) in front
 * of a real server: a body the server refuses early still reaches the client as its 4xx.
 */
let t: TestApp;
let nginx: RunningNginx | undefined;
let proxied: string;

beforeAll(async () => {
  t = await startTestApp();
  await completeSetup(t);
  nginx = await startNginx([new URL(t.baseUrl).host]);
  proxied = nginx.url;
});

afterAll(async () => {
  await nginx?.stop();
  await t?.close();
});

describe('behind nginx with request buffering off (docs/operations.md)', () => {
  it('passes a refused oversized body through as 413, never 502, 20 times in a row', async () => {
    const c = new HttpClient(proxied);
    const body = JSON.stringify({
      username: 'x'.repeat(10 * 1024 * 1024),
      password: 'password-123',
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    for (let i = 0; i < 20; i++) {
      const res = await c.post('/api/register', undefined, {
        raw: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, `attempt ${i + 1}: ${res.text.slice(0, 200)}`).toBe(413);
      expect(res.body).toEqual({
        error: 'PAYLOAD_TOO_LARGE',
        message: GENERIC_MESSAGES.bodyTooLarge,
        requestId: expect.any(String),
      });
    }
  });

  it('passes a refusal for a missing sign-in through as 401 while the body is still arriving', async () => {
    const body = 'y'.repeat(20 * 1024 * 1024);
    for (let i = 0; i < 10; i++) {
      const res = await new HttpClient(proxied).post('/api/v1/pastes', undefined, {
        raw: body,
        headers: { 'content-type': 'text/plain', 'x-api-key': 'pb_wrong' },
        noOrigin: true,
      });
      expect(res.status, `attempt ${i + 1}: ${res.text.slice(0, 200)}`).toBe(401);
    }
  });

  it('serves the site through the proxy as directly: create, then read', async () => {
    const c = new HttpClient(proxied);
    const { id } = await createPaste(c, { content: 'through nginx' });
    expect((await c.get(`/api/pastes/${id}`)).body.content).toBe('through nginx');
  });
});
