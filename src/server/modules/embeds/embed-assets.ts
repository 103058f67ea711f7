import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../paths.js';

/** The paste page's code colours: one home for them, read here as the web build reads them. */
const CODE_THEME = 'src/web/features/pastes/components/view/code-theme.css';
const ASSETS = 'src/server/modules/embeds/assets';

export interface EmbedAsset {
  /** Its address: named by a hash of its content, so it is cached for good. */
  path: string;
  body: string;
  type: string;
}

export interface EmbedAssets {
  stylesheet: EmbedAsset;
  frameScript: EmbedAsset;
  /** The script a host page includes (GET /embed/:id.js): the same for every paste. */
  loader: string;
  /** The files under /embed-assets/, by name. */
  byName: Map<string, EmbedAsset>;
}

/**
 * The code colours for `auto`: the dark ones, also under the reader's dark preference. The code
 * sheet's dark rule is `.dark .code-view { … }`; the same block applies to `.theme-auto` there.
 */
function withAutoDark(codeTheme: string): string {
  const dark = /\.dark \.code-view \{[^}]*\}/.exec(codeTheme)?.[0];
  if (!dark) return codeTheme;
  const auto = dark.replace('.dark .code-view', '.theme-auto .code-view');
  return `${codeTheme}\n@media (prefers-color-scheme: dark) {\n${auto}\n}\n`;
}

function asset(name: string, body: string, type: string): EmbedAsset {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 12);
  const dot = name.lastIndexOf('.');
  return { path: `/embed-assets/${name.slice(0, dot)}.${hash}${name.slice(dot)}`, body, type };
}

/** Read once at start, from the sources (the compiled server runs beside them). */
export function loadEmbedAssets(root: string = projectRoot): EmbedAssets {
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
  const css = `${read(`${ASSETS}/embed.css`)}\n${withAutoDark(read(CODE_THEME))}`;
  const stylesheet = asset('embed.css', css, 'text/css; charset=utf-8');
  const frameScript = asset('frame.js', read(`${ASSETS}/frame.js`), 'text/javascript; charset=utf-8');
  const byName = new Map([stylesheet, frameScript].map((a) => [a.path.slice('/embed-assets/'.length), a]));
  return { stylesheet, frameScript, loader: read(`${ASSETS}/loader.js`), byName };
}
