import { createContext } from 'react';
import type { renderPaste } from '../../common/render/render-paste';

/**
 * On the server's render of a paste page (src/web/ssr): the renderer itself, so a Markdown, CSV
 * or notebook paste is rendered in the first HTML. null (the app): the page loads the renderer
 * on its own, only for a paste that has a rendered view.
 */
export const PageRenderer = createContext<typeof renderPaste | null>(null);
