/** Small HTML helpers for mail bodies; templates come from the admin, values from users. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * Replaces `{{NAME}}` (spaces inside the braces allowed) by its value. Values are escaped; the
 * names in `trustedHtml` are our own markup (buttons) built from escaped parts. Unknown
 * placeholders stay as they are, so a typo in a template is visible instead of silently empty.
 */
export function fillTemplate(
  template: string,
  values: Record<string, string>,
  trustedHtml: Record<string, string> = {},
): string {
  return template.replace(/\{\{\s*([A-Za-z_]+)\s*\}\}/g, (whole, name: string) => {
    if (Object.hasOwn(trustedHtml, name)) return trustedHtml[name]!;
    if (Object.hasOwn(values, name)) return escapeHtml(values[name]!);
    return whole;
  });
}

/** Plain-text fill for subjects: no escaping (the mailer strips line breaks from headers). */
export function fillPlain(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*([A-Za-z_]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}

export function mailButton(href: string, label: string): string {
  return (
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;background:#2563eb;` +
    `color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(label)}</a>`
  );
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * The text part of a mail made from an admin's HTML template: links keep their address, block
 * ends become line breaks, tags go. Good enough for mail clients that show text only.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const inner = label.replace(/<[^>]+>/g, '').trim();
      return inner && inner !== href ? `${inner}: ${href}` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e]!)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
