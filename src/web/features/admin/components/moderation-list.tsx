import { Check, Inbox, LockKeyhole, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import type { Decision } from '../api/moderation';
import { EmptyList, ListLoading } from './list-states';
import { Pager, usePaged } from './pager';
import { useLinkedItem } from './use-linked-item';

// Only a report with a shared key needs the reader (and, through it, the crypto code).
const DecryptedReport = lazy(() =>
  import('./decrypted-report').then((m) => ({ default: m.DecryptedReport })),
);

/** What a delete request and a report have in common on screen. */
export interface ModerationItem {
  id: number;
  pasteId: string;
  pasteTitle: string | null;
  /** 'Requested by alice' or 'Reported by Anonymous'. */
  who: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: string;
  /** Further reports of the same paste, shown on the same card (one card per paste). */
  others?: { id: number; who: string; reason: string; keyShared?: boolean }[];
  /** Reports: the paste is end-to-end encrypted. */
  pasteEncrypted?: boolean;
  /** Reports: this reporter shared the paste's key with staff (kept until the report is decided). */
  keyShared?: boolean;
  /** Reports: the paste is hidden until a moderator decides (enough readers reported it). */
  pasteHeld?: boolean;
}

/** The report on this card whose reporter shared the key, if any. */
function sharedKeyReport(item: ModerationItem): number | null {
  if (item.keyShared) return item.id;
  return item.others?.find((o) => o.keyShared)?.id ?? null;
}

/** An encrypted paste's card: read it with a shared key, or say that none was shared. */
function EncryptedNote({ item }: { item: ModerationItem }) {
  const keyReport = sharedKeyReport(item);
  if (keyReport !== null && item.status === 'pending') {
    return (
      <Suspense fallback={null}>
        <DecryptedReport reportId={keyReport} pasteId={item.pasteId} />
      </Suspense>
    );
  }
  return (
    <p className="flex items-center gap-1 text-sm text-muted-foreground" data-testid="key-not-shared">
      <LockKeyhole aria-hidden className="size-4" />
      {item.status === 'pending'
        ? 'Encrypted — the reporter did not share the key'
        : 'Encrypted — any shared key was deleted when this report was decided'}
    </p>
  );
}

export interface ModerationTexts {
  heading: string;
  empty: string;
  approveLabel: string;
  /** Asked before approving, which deletes the paste. */
  confirmApprove: { title: string; description: string };
  /** Success toast titles and failure fallbacks (spec §8). */
  approved: string;
  rejected: string;
  approveFailed: string;
  rejectFailed: string;
}

const STATUS_BADGE = { pending: 'outline', approved: 'success', rejected: 'destructive' } as const;

function ItemCard({
  item,
  texts,
  busy,
  onDecide,
  onAskApprove,
  linked,
  extra,
}: {
  item: ModerationItem;
  /** More actions on a pending card (reports: delete everything by the author). */
  extra?: ReactNode;
  texts: ModerationTexts;
  busy: boolean;
  /** The card a link led to (the audit log's): marked. */
  linked: boolean;
  onDecide: (decision: Decision) => void;
  onAskApprove: () => void;
}) {
  return (
    <Card
      id={`item-${item.id}`}
      data-testid={`moderation-${item.pasteId}`}
      aria-current={linked ? 'true' : undefined}
      className={linked ? 'ring-2 ring-primary' : undefined}
    >
      <CardContent className="space-y-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 space-y-1">
            <h3 className="truncate font-semibold">{item.pasteTitle?.trim() || 'Untitled Paste'}</h3>
            <p className="text-xs text-muted-foreground">
              {item.who} · Paste{' '}
              <Link className="font-mono text-primary hover:underline" to={paths.paste(item.pasteId)}>
                {item.pasteId}
              </Link>{' '}
              · <time title={formatDateTime(item.createdAt)}>{formatRelativeTime(item.createdAt)}</time>
            </p>
          </div>
          <div className="flex items-center gap-2">
            {item.pasteHeld ? <Badge variant="outline">Hidden</Badge> : null}
            {item.others?.length ? <Badge variant="outline">{item.others.length + 1} reports</Badge> : null}
            <Badge variant={STATUS_BADGE[item.status]} className="capitalize">
              {item.status}
            </Badge>
          </div>
        </div>
        <p className="whitespace-pre-wrap break-words rounded-md bg-muted/60 p-3 text-sm">{item.reason}</p>
        {item.others?.map((o) => (
          <div key={o.id} className="space-y-1">
            <p className="text-xs text-muted-foreground">{o.who}</p>
            <p className="whitespace-pre-wrap break-words rounded-md bg-muted/60 p-3 text-sm">{o.reason}</p>
          </div>
        ))}
        {item.pasteEncrypted ? <EncryptedNote item={item} /> : null}
        {item.status === 'pending' ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="destructive" disabled={busy} onClick={onAskApprove}>
              <Check aria-hidden />
              {texts.approveLabel}
            </Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onDecide('reject')}>
              <X aria-hidden />
              Reject
            </Button>
            {extra}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A tab of items to decide (delete requests or reports), 10 a page, newest first. */
export function ModerationList({
  items,
  isPending,
  texts,
  decide,
  deciding,
  extra,
}: {
  items: ModerationItem[] | undefined;
  /** More actions on each pending card. */
  extra?: (item: ModerationItem) => ReactNode;
  isPending: boolean;
  texts: ModerationTexts;
  decide: (id: number, decision: Decision) => Promise<unknown>;
  deciding: number | null;
}) {
  const paged = usePaged(items ?? []);
  const linked = useLinkedItem(items, paged.setPage);
  const [approving, setApproving] = useState<number | null>(null);

  async function onDecide(id: number, decision: Decision) {
    try {
      await decide(id, decision);
      setApproving(null);
      toast({ title: decision === 'approve' ? texts.approved : texts.rejected, variant: 'success' });
    } catch (error) {
      const fallback = decision === 'approve' ? texts.approveFailed : texts.rejectFailed;
      toast({
        title: 'Error',
        description: error instanceof Error && error.message ? error.message : fallback,
        variant: 'destructive',
      });
    }
  }

  return (
    <section aria-label={texts.heading} className="space-y-3">
      <h2 className="text-lg font-semibold">{texts.heading}</h2>
      {isPending ? (
        <ListLoading />
      ) : paged.items.length === 0 ? (
        <EmptyList icon={Inbox}>
          <p>{texts.empty}</p>
        </EmptyList>
      ) : (
        <>
          {paged.items.map((item) => (
            <ItemCard
              key={item.id}
              item={item}
              texts={texts}
              busy={deciding === item.id}
              onDecide={(d) => onDecide(item.id, d)}
              onAskApprove={() => setApproving(item.id)}
              linked={item.id === linked}
              extra={extra?.(item)}
            />
          ))}
          <Pager page={paged.page} pages={paged.pages} setPage={paged.setPage} />
        </>
      )}
      <ConfirmDialog
        open={approving !== null}
        onOpenChange={(next) => (next ? undefined : setApproving(null))}
        title={texts.confirmApprove.title}
        description={texts.confirmApprove.description}
        confirmLabel={texts.approveLabel}
        icon={<Check aria-hidden />}
        busy={deciding !== null}
        onConfirm={() => onDecide(approving!, 'approve')}
      />
    </section>
  );
}
