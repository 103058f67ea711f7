import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../common/settings-defaults.js';
import { escapeHtml, fillTemplate, htmlToText } from './mail.html.js';
import { renderForgotPasswordEmail, renderVerificationEmail } from './mail.templates.js';

const settings = { ...DEFAULT_SETTINGS, siteTitle: 'Paste "Place"' };
const link = 'https://paste.example/api/verify-email/tok?a=1&b=2';

describe('mail templates', () => {
  it('escapes every value and keeps unknown placeholders visible', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(fillTemplate('{{A}} {{ A }} {{B}} {{__proto__}}', { A: '<i>' })).toBe(
      '&lt;i&gt; &lt;i&gt; {{B}} {{__proto__}}',
    );
  });

  it('renders the default verification mail in HTML and text', () => {
    const m = renderVerificationEmail(settings, { username: 'amy', email: 'amy@example.com', link });
    expect(m.subject).toBe('Verify your email for Paste "Place"');
    expect(m.html).toContain('Welcome to Paste &quot;Place&quot;, amy!');
    expect(m.html).toContain('href="https://paste.example/api/verify-email/tok?a=1&amp;b=2"');
    expect(m.text).toContain(link);
    expect(m.text).toContain('24 hours');
    expect(m.html).not.toContain('{{');
  });

  it('derives the text part of a custom template from its HTML', () => {
    const m = renderForgotPasswordEmail(
      { ...settings, forgotPasswordTemplate: '<style>p{}</style><p>Hi {{username}}</p><br>{{resetButton}}' },
      { username: 'amy', link },
    );
    expect(m.subject).toBe('Reset your Paste "Place" password');
    expect(m.text).toBe(`Hi amy\n\nReset Password: ${link}`);
  });

  it('turns links and entities into readable text', () => {
    expect(htmlToText('<p>A &amp; B</p><a href="https://x.example/">https://x.example/</a>')).toBe(
      'A & B\nhttps://x.example/',
    );
  });
});
