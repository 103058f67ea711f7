import { useContext, useEffect, useState } from 'react';
import type { RenderKind } from '../../../../../common/render/render-kind';
import type { Rendered } from '../../../../../common/render/render-paste';
import { PageRenderer } from '../../../../lib/page-renderer';

export type RenderState = { status: 'loading' } | { status: 'done'; rendered: Rendered | null };

/**
 * The rendered view of a paste's text. On the server it is rendered at once (the first HTML has
 * it); in the browser the renderer (Markdown parser, sanitiser, CSV parser) is loaded on first
 * use, so pastes without a rendered view never download it.
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
  if (serverRenderer) return { status: 'done', rendered: serverRenderer(kind, text) };
  return state && state.kind === kind && state.text === text
    ? { status: 'done', rendered: state.rendered }
    : { status: 'loading' };
}
