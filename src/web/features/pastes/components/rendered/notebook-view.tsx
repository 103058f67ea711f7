import type { Notebook } from '../../../../../common/render/render-notebook';
import { Alert } from '../../../../components/ui/alert';
import { cn } from '../../../../lib/cn';
import { SanitizedHtml } from './sanitized-html';

/** A notebook's cells: Markdown as rendered, code with its prompt number, then its outputs. */
export function NotebookView({ notebook }: { notebook: Notebook }) {
  if ('error' in notebook) return <Alert variant="warning" title={notebook.error} />;
  return (
    <div className="space-y-4">
      {notebook.cells.map((cell, i) =>
        cell.type === 'markdown' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in the file.
          <SanitizedHtml key={i} html={cell.html} className="rendered-markdown" />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in the file.
          <section key={i} className="space-y-2" aria-label={`Code cell ${cell.executionCount ?? ''}`.trim()}>
            <div className="flex gap-2">
              <span className="w-14 shrink-0 pt-2 text-right font-mono text-xs text-muted-foreground">
                [{cell.executionCount ?? ' '}]:
              </span>
              <SanitizedHtml
                html={cell.html}
                as="pre"
                className="min-w-0 flex-1 overflow-x-auto rounded-md border border-border bg-muted/50 p-2 font-mono text-[13px]"
              />
            </div>
            {cell.outputs.map((output, o) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: outputs are positions in the cell.
              <div key={o} className="pl-16">
                {output.type === 'png' ? (
                  <img
                    src={`data:image/png;base64,${output.base64}`}
                    alt="Cell output"
                    className="max-w-full"
                  />
                ) : (
                  <pre
                    className={cn(
                      'overflow-x-auto whitespace-pre-wrap font-mono text-[13px]',
                      output.error && 'rounded-md bg-destructive/10 p-2 text-destructive',
                    )}
                  >
                    {output.text}
                  </pre>
                )}
              </div>
            ))}
          </section>
        ),
      )}
    </div>
  );
}
