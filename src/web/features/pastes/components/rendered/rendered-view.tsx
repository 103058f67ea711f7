import type { RenderKind } from '../../../../../common/render/render-kind';
import { LoadingBlock } from '../../../../components/ui/spinner';
import { NotebookView } from './notebook-view';
import { SanitizedHtml } from './sanitized-html';
import { TableView } from './table-view';
import { useRendered } from './use-rendered';

/** A paste's rendered view (its text at most RENDER_MAX_CHARS: larger shows as source). */
export function RenderedView({ kind, content }: { kind: RenderKind; content: string }) {
  const state = useRendered(kind, content);
  if (state.status === 'loading') return <LoadingBlock label="Rendering..." />;
  const { rendered } = state;
  if (!rendered) return null;
  if (rendered.kind === 'markdown') {
    return (
      <SanitizedHtml
        html={rendered.html}
        className="rendered-markdown rounded-lg border border-border bg-card px-5 py-4 sm:px-8 sm:py-6"
      />
    );
  }
  if (rendered.kind === 'table') return <TableView table={rendered.table} />;
  return (
    <div className="rounded-lg border border-border bg-card px-3 py-4 sm:px-5">
      <NotebookView notebook={rendered.notebook} />
    </div>
  );
}
