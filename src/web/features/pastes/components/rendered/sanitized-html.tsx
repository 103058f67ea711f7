/**
 * The one place the page inserts markup made from paste text: HTML that has passed the
 * allow-list of common/render/sanitize-html.ts (the renderers return nothing else). Inside
 * `.code-view` so highlighted code takes the paste page's colours.
 */
export function SanitizedHtml({
  html,
  className,
  as: Tag = 'div',
}: {
  html: string;
  className?: string;
  as?: 'div' | 'pre';
}) {
  return (
    <Tag
      className={`code-view ${className ?? ''}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the render core's allow-list.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
