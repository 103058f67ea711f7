/**
 * The one allow-list every piece of HTML made from paste text passes before any page shows it
 * (Markdown, notebook cells; server first HTML and browser alike). js-xss parses without a DOM,
 * so the server and the browser run the same code and give the same markup. What passes: text
 * structure, tables, lists, code, links to http(s)/mailto/#fragments, data: PNG/JPEG/GIF/WebP
 * images. What never passes: script, style, event handlers, forms, frames, SVG/MathML, `style`
 * attributes, and any class or id the page's own CSS or script could be steered by.
 */
import { FilterXSS } from 'xss';

const TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'code',
  'dd',
  'del',
  'details',
  'div',
  'dl',
  'dt',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'input',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'section',
  'small',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
] as const;

/** Attributes each tag may keep (each checked again below); `class` and `id` on any of them. */
const ATTRIBUTES: Partial<Record<(typeof TAGS)[number], string[]>> = {
  a: ['href', 'title'],
  abbr: ['title'],
  details: ['open'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  input: ['type', 'checked', 'disabled'],
  ol: ['start'],
  td: ['colspan', 'rowspan', 'style'],
  th: ['colspan', 'rowspan', 'style'],
};

const whiteList = Object.fromEntries(TAGS.map((tag) => [tag, ['class', 'id', ...(ATTRIBUTES[tag] ?? [])]]));

/** Classes our renderers write (highlight.js scopes, task lists, footnotes, table alignment). */
const CLASS =
  /^(hljs(-[a-z_]+)?|[a-z]+_|language-[a-z0-9+#-]+|task-list-(container|item|item-checkbox)|footnotes(-sep|-list)?|footnote-(ref|item|backref)|align-(left|center|right)|remote-image)$/;
/** Footnote anchors only: no id can shadow the page's own elements or globals. */
const ID = /^fn(ref)?\d+(:\d+)?$/;
const HREF = /^(https?:\/\/|mailto:|#)/i;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;
const ALIGN = /^text-align:\s*(left|center|right);?$/;
const NUMBER = /^\d{1,4}$/;

/** Why links carry it: no ranking credit for spam, no window.opener for the page they open. */
export const LINK_REL = 'nofollow ugc noopener';

function attribute(tag: string, name: string, value: string): string {
  // Entities stay as written: decoded inside a quoted value they cannot end it.
  const quoted = (text: string) =>
    `${name}="${text.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`;
  switch (name) {
    case 'class': {
      const kept = value.split(/\s+/).filter((c) => CLASS.test(c));
      return kept.length > 0 ? quoted(kept.join(' ')) : '';
    }
    case 'id':
      return ID.test(value) ? quoted(value) : '';
    case 'href': {
      const href = value.trim();
      return HREF.test(href) ? `${quoted(href)} rel="${LINK_REL}"` : '';
    }
    case 'src':
      return DATA_IMAGE.test(value.trim()) ? quoted(value.trim()) : '';
    case 'style': {
      const align = ALIGN.exec(value.trim());
      return align ? `class="align-${align[1]}"` : '';
    }
    case 'type':
      return value === 'checkbox' ? quoted(value) : '';
    case 'checked':
    case 'disabled':
    case 'open':
      return name;
    case 'start':
    case 'colspan':
    case 'rowspan':
    case 'width':
    case 'height':
      return NUMBER.test(value) ? quoted(value) : '';
    default:
      // title, alt: text only.
      return tag === 'input' ? '' : quoted(value);
  }
}

const filter = new FilterXSS({
  whiteList,
  stripIgnoreTag: true,
  // Whole elements whose content is not text a reader should see either.
  stripIgnoreTagBody: [
    'script',
    'style',
    'noscript',
    'template',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'title',
    'textarea',
    'xmp',
    'noembed',
    'noframes',
    'select',
  ],
  allowCommentTag: false,
  css: false,
  onTagAttr: (tag, name, value, isWhiteAttr) => (isWhiteAttr ? attribute(tag, name, value) : ''),
  onTag: (tag, html, info) => {
    // A checkbox is the only input that passes, and it is never one a reader can tick.
    if (tag === 'input' && !info.isClosing && !/\stype="?checkbox"?[\s>/]/i.test(html)) return '';
    return undefined;
  },
});

export function sanitizeHtml(html: string): string {
  const clean = filter.process(html);
  // Any input left is a checkbox: make sure it is disabled.
  return clean.replace(/<input(?![^>]*\sdisabled)/g, '<input disabled');
}
