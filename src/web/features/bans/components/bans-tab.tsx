import { Undo2 } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast, toastError } from '../../../components/ui/toast-store';
import { formatDateTime } from '../../../lib/format';
import { type BanItem, useBans, useLiftBan } from '../api/bans';
import { BanForm } from './ban-form';

function BanRow({ ban, lift, busy }: { ban: BanItem; lift: () => void; busy: boolean }) {
  const who = ban.kind === 'account' ? (ban.username ?? 'a deleted account') : ban.address;
  return (
    <li className="flex flex-wrap items-start gap-2 px-3 py-2 text-sm">
      <Badge variant="outline">{ban.kind === 'account' ? 'Account' : 'Address'}</Badge>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="font-medium break-all">
          <code>{who}</code>
          {ban.kind === 'account' ? (
            <span className="ml-2 text-xs font-normal text-muted-foreground">
              {ban.hidePastes ? 'pastes hidden' : 'pastes kept'}
            </span>
          ) : null}
        </p>
        <p className="break-words">{ban.reason}</p>
        <p className="text-xs text-muted-foreground">
          {ban.expiresAt ? `Until ${formatDateTime(ban.expiresAt)}` : 'For good'} · by{' '}
          {ban.createdBy ?? 'staff'} on {formatDateTime(ban.createdAt)}
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={lift}
        aria-label={`Lift the ban on ${who}`}
      >
        <Undo2 aria-hidden />
        Lift
      </Button>
    </li>
  );
}

/** Admin → Bans: suspended accounts and banned addresses, with their reason and end; each liftable. */
export function BansTab() {
  const { data, isPending } = useBans();
  const lift = useLiftBan();
  const bans = data ?? [];
  return (
    <section aria-label="Bans" className="space-y-4">
      <BanForm />
      <div className="space-y-2">
        <h2 className="font-semibold">
          Active bans <span className="text-sm text-muted-foreground">({bans.length})</span>
        </h2>
        {isPending ? (
          <Spinner />
        ) : bans.length === 0 ? (
          <p className="text-sm text-muted-foreground">No bans: everyone may sign in and post.</p>
        ) : (
          <ul className="divide-y rounded-md border">
            {bans.map((b) => (
              <BanRow
                key={b.id}
                ban={b}
                busy={lift.isPending}
                lift={() =>
                  lift.mutate(b.id, {
                    onSuccess: () => toast({ title: 'Ban lifted', variant: 'success' }),
                    onError: (err) => toastError('Error', err, 'Failed to lift the ban.'),
                  })
                }
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
