import { useContext, useEffect, useState } from 'react';
import { FIRST_HTML_RENDER_MAX_CHARS } from '../../../../../common/constants';
import type { RenderKind } from '../../../../../common/render/render-kind';
import type { Rendered } from '../../../../../common/render/render-paste';
import { PageRenderer } from '../../../../lib/page-renderer';

export type RenderState = { status: 'loading' } | { status: 'done'; rendered: Rendered | null };

/**
 * The rendered view of a paste's text. On the server it is rendered at once when at most
 * FIRST_HTML_RENDER_MAX_CHARS (the first HTML has it); in the browser the renderer (Markdown
 * parser, sanitiser, CSV parser) is loaded on first use, so other pastes never download it.
 */
export function useRendered(kind: RenderKind, text: string): RenderState {
  const serverRenderer = useContext(PageRenderer);
  const [state, setState] = useState<{ kind: RenderKind; text: string; rendered: Rendered | null } | null>(
    null,
  );
  useEffect(() => {
    if (serverRenderer) return;
    let current = true;
    void import('../../../../../common/render/render-paste').then(({ renderPaste }) => {
      if (current) setState({ kind, text, rendered: renderPaste(kind, text) });
    });
    return () => {
      current = false;
    };
  }, [serverRenderer, kind, text]);
  if (serverRenderer) {
    return text.length <= FIRST_HTML_RENDER_MAX_CHARS
      ? { status: 'done', rendered: serverRenderer(kind, text) }
      : { status: 'loading' };
  }
  return state && state.kind === kind && state.text === text
    ? { status: 'done', rendered: state.rendered }
    : { status: 'loading' };
}
