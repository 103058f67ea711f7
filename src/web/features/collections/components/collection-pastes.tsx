import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { Link } from 'react-router';
import type { CollectionPaste } from '../../../../common/schemas/collections';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';

const languageLabel = (language: string | null) => (language && language !== 'plaintext' ? language : 'Text');

/**
 * The pastes of a collection in order: title, language, author. Editors move one up or down by
 * buttons (no dragging needed) and take one out; focus stays on the moved row's button.
 */
export function CollectionPastes({
  pastes,
  editable,
  busy,
  onMove,
  onRemove,
}: {
  pastes: CollectionPaste[];
  editable: boolean;
  busy: boolean;
  onMove(order: string[], moved: { id: string; direction: 'up' | 'down' }): void;
  onRemove(pasteId: string): void;
}) {
  if (pastes.length === 0) {
    return <p className="text-sm text-muted-foreground">No pastes here that you can read.</p>;
  }
  const move = (index: number, by: -1 | 1) => {
    const order = pastes.map((p) => p.id);
    const [item] = order.splice(index, 1);
    order.splice(index + by, 0, item!);
    onMove(order, { id: item!, direction: by < 0 ? 'up' : 'down' });
  };
  return (
    <ol
      className="divide-y divide-border rounded-lg border border-border"
      aria-label="Pastes in this collection"
    >
      {pastes.map((p, i) => (
        <li key={p.id} className="flex flex-wrap items-center gap-3 p-3" data-paste-id={p.id}>
          <span className="w-6 text-right text-sm tabular-nums text-muted-foreground" aria-hidden>
            {i + 1}
          </span>
          <div className="min-w-0 flex-1">
            <Link className="break-words font-medium text-primary hover:underline" to={paths.paste(p.id)}>
              {p.title || 'Untitled paste'}
            </Link>
            <p className="text-xs text-muted-foreground">
              by {p.author} · {formatDateTime(p.createdAt)}
            </p>
          </div>
          <Badge variant="outline">{languageLabel(p.language)}</Badge>
          {editable ? (
            <div className="flex gap-1">
              <Button
                size="icon"
                variant="ghost"
                id={`move-up-${p.id}`}
                aria-label={`Move ${p.title || 'Untitled paste'} up`}
                disabled={busy || i === 0}
                onClick={() => move(i, -1)}
              >
                <ArrowUp aria-hidden />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                id={`move-down-${p.id}`}
                aria-label={`Move ${p.title || 'Untitled paste'} down`}
                disabled={busy || i === pastes.length - 1}
                onClick={() => move(i, 1)}
              >
                <ArrowDown aria-hidden />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Remove ${p.title || 'Untitled paste'} from the collection`}
                disabled={busy}
                onClick={() => onRemove(p.id)}
              >
                <X aria-hidden />
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
