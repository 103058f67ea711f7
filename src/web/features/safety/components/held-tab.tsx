import { Check, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast, toastError } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { formatDateTime, formatSize } from '../../../lib/format';
import { type HeldDecision, type HeldItem, useDecideHeld, useHeldPastes } from '../api/held';
import { HOLD_REASON_LABELS } from './hold-reasons';

const REASONS = HOLD_REASON_LABELS;

function HeldCard({
  item,
  selected,
  onSelect,
  decide,
  busy,
}: {
  item: HeldItem;
  selected: boolean;
  onSelect: (on: boolean) => void;
  decide: (ids: string[], decision: HeldDecision) => void;
  busy: boolean;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
        <input
          type="checkbox"
          className="mt-1 size-4"
          aria-label={`Select ${item.title ?? 'Untitled'}`}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
        <div className="min-w-0 flex-1 space-y-1">
          <Link to={paths.paste(item.id)} className="font-medium break-words hover:underline">
            {item.title ?? 'Untitled'}
          </Link>
          <p className="text-sm text-muted-foreground">
            {item.author ? `By ${item.author}` : 'Anonymous'} · {item.privacy} · {formatSize(item.sizeBytes)}{' '}
            · held {formatDateTime(item.heldAt)}
          </p>
          <p className="text-sm">
            <Badge variant="outline">{REASONS[item.reason]}</Badge>{' '}
            {item.rules.map((r) => (
              <code key={r} className="mr-2 rounded bg-muted px-1 text-xs break-all">
                {r}
              </code>
            ))}
          </p>
        </div>
        <div className="flex gap-2">
          <Button size="sm" disabled={busy} onClick={() => decide([item.id], 'approve')}>
            <Check aria-hidden />
            Approve
          </Button>
          <Button size="sm" variant="destructive" disabled={busy} onClick={() => decide([item.id], 'delete')}>
            <Trash2 aria-hidden />
            Delete
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Admin → Held: pastes waiting for review, oldest first; one by one or selected together. */
export function HeldTab() {
  const { data, isPending } = useHeldPastes();
  const decide = useDecideHeld();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<string[] | null>(null);

  const run = (ids: string[], decision: HeldDecision) =>
    decide.mutate(
      { ids, decision },
      {
        onSuccess: ({ decided }) => {
          setSelected(new Set());
          setConfirm(null);
          toast({
            title: decision === 'approve' ? 'Approved' : 'Deleted',
            description: `${decided.length} paste${decided.length === 1 ? '' : 's'}`,
            variant: 'success',
          });
        },
        onError: (err) => toastError('Error', err, 'Failed to decide the held pastes.'),
      },
    );
  const ask = (ids: string[], decision: HeldDecision) =>
    decision === 'delete' ? setConfirm(ids) : run(ids, decision);

  if (isPending) return <Spinner />;
  const items = data ?? [];
  return (
    <section aria-label="Held" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Held for Review</h2>
        {selected.size > 0 ? (
          <div className="flex gap-2">
            <Button size="sm" disabled={decide.isPending} onClick={() => run([...selected], 'approve')}>
              Approve {selected.size} selected
            </Button>
            <Button
              size="sm"
              variant="destructive"
              disabled={decide.isPending}
              onClick={() => setConfirm([...selected])}
            >
              Delete {selected.size} selected
            </Button>
          </div>
        ) : null}
      </div>
      {items.length === 0 ? <p className="text-muted-foreground">No pastes waiting for review</p> : null}
      {items.map((item) => (
        <HeldCard
          key={item.id}
          item={item}
          selected={selected.has(item.id)}
          busy={decide.isPending}
          decide={ask}
          onSelect={(on) =>
            setSelected((prev) => {
              const next = new Set(prev);
              if (on) next.add(item.id);
              else next.delete(item.id);
              return next;
            })
          }
        />
      ))}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? null : setConfirm(null))}
        title={confirm?.length === 1 ? 'Delete this paste?' : `Delete ${confirm?.length ?? 0} pastes?`}
        description="Deleting removes the paste for everyone, at once. This action cannot be undone."
        confirmLabel="Delete"
        busy={decide.isPending}
        onConfirm={() => confirm && run(confirm, 'delete')}
      />
    </section>
  );
}
