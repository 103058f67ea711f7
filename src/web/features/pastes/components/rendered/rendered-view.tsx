import type { RenderKind } from '../../../../../common/render/render-kind';
import type { ReadablePasteView } from '../../../../../common/schemas/paste';
import { LoadingBlock } from '../../../../components/ui/spinner';
import { useLoadImages } from './load-images';
import { NotebookView } from './notebook-view';
import { SanitizedHtml } from './sanitized-html';
import { TableView } from './table-view';
import { useRendered } from './use-rendered';

type ImagePaste = Pick<ReadablePasteView, 'id' | 'accessToken' | 'burnAfterReading' | 'encrypted'>;

/** Rendered Markdown, with "Load images" above it when it shows remote images as links. */
function MarkdownView({ html, paste }: { html: string; paste?: ImagePaste }) {
  const images = useLoadImages(html, paste);
  return (
    <div className="space-y-2">
      {images.button}
      <SanitizedHtml
        html={images.html}
        className="rendered-markdown rounded-lg border border-border bg-card px-5 py-4 sm:px-8 sm:py-6"
      />
    </div>
  );
}

/** A paste's rendered view (its text at most RENDER_MAX_CHARS: larger shows as source). */
export function RenderedView({
  kind,
  content,
  paste,
}: {
  kind: RenderKind;
  content: string;
  paste?: ImagePaste;
}) {
  const state = useRendered(kind, content);
  if (state.status === 'loading') return <LoadingBlock label="Rendering..." />;
  const { rendered } = state;
  if (!rendered) return null;
  if (rendered.kind === 'markdown') return <MarkdownView html={rendered.html} paste={paste} />;
  if (rendered.kind === 'table') return <TableView table={rendered.table} />;
  return (
    <div className="rounded-lg border border-border bg-card px-3 py-4 sm:px-5">
      <NotebookView notebook={rendered.notebook} />
    </div>
  );
}
