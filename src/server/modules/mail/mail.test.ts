import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../../test/helpers/test-app.js';

const t = withTestApp({ each: false });

describe('GET /api/email-templates/preview', () => {
  it('renders the verification mail with sample values', async () => {
    const res = await t.client().get('/api/email-templates/preview?template=verification');
    expect(res.status).toBe(200);
    expect(res.body.subject).toBe('Verify your email for Test Paste');
    expect(res.body.html).toContain('johndoe');
    expect(res.body.html).toContain(`${t.baseUrl}/api/verify-email/sample-token`);
    expect(res.body.text).toContain('john.doe@example.com');
  });

  it('renders the stored forgot-password template, escaping the values', async () => {
    await t.app.services.settings.update({
      siteTitle: '<script>x</script>',
      forgotPasswordTemplate: '<h1>{{SITE_NAME}}</h1><p>{{username}}</p>{{resetButton}}',
    });
    const res = await t.client().get('/api/email-templates/preview?template=forgot-password');
    expect(res.status).toBe(200);
    expect(res.body.html).toContain('<h1>&lt;script&gt;x&lt;/script&gt;</h1><p>johndoe</p><a href=');
    expect(res.body.html).not.toContain('<script>');
    expect(res.body.text).toContain('/reset-password?token=sample-token');
  });

  it('refuses an unknown template name', async () => {
    const res = await t.client().get('/api/email-templates/preview?template=other');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION');
  });
});
