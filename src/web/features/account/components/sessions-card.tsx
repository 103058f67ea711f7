import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import type { AccountSession } from '../../../../common/schemas/sessions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast, toastError } from '../../../components/ui/toast-store';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '../api/sessions';

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="session">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{session.browser}</span>
          {session.current ? <Badge variant="success">This device</Badge> : null}
        </div>
        <p className="text-xs text-muted-foreground">
          {session.address ? `${session.address} · ` : ''}
          Last seen{' '}
          <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
            {session.current ? 'now' : formatRelativeTime(session.lastSeenAt)}
          </time>{' '}
          · Signed in{' '}
          <time dateTime={session.createdAt} title={formatDateTime(session.createdAt)}>
            {formatRelativeTime(session.createdAt)}
          </time>
          {session.provider ? ` with ${session.provider}` : ''}
        </p>
      </div>
      {session.current ? null : (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={end.isPending}
          aria-label={`Sign out ${session.browser}`}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () =>
                toast({ title: 'Signed out', description: session.browser, variant: 'success' }),
              onError: (e) => toastError('Could not sign out', e, 'Please try again.'),
            })
          }
        >
          <LogOut aria-hidden />
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Account → Sessions: every signed-in device, signing one out, or all but this one. */
export function SessionsCard() {
  const sessions = useAccountSessions();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  return (
    <Card aria-labelledby="sessions-title" id="sessions">
      <CardHeader>
        <CardTitle id="sessions-title" className="flex items-center gap-2">
          <MonitorSmartphone aria-hidden className="size-5 text-primary" />
          Sessions
        </CardTitle>
        <CardDescription>
          The devices signed in to your account. Sign out any you do not recognise.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {sessions.isPending ? (
          <Spinner label="Loading your sessions" />
        ) : sessions.isError ? (
          <p className="text-sm text-destructive">Could not load your sessions.</p>
        ) : (
          <ul className="divide-y divide-border">
            {sessions.data.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
        )}
        <Button
          type="button"
          variant="outline"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => setConfirming(true)}
        >
          <LogOut aria-hidden />
          Sign out everywhere else
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Sign out everywhere else?"
          description={`Every other device (${others}) is signed out at once; this one stays signed in.`}
          confirmLabel="Sign out everywhere else"
          icon={<LogOut aria-hidden />}
          busy={endOthers.isPending}
          onConfirm={() =>
            endOthers.mutate(undefined, {
              onSuccess: ({ ended }) => {
                setConfirming(false);
                toast({
                  title: 'Signed out everywhere else',
                  description: `${ended} session${ended === 1 ? '' : 's'} ended.`,
                  variant: 'success',
                });
              },
              onError: (e) => toastError('Could not sign out', e, 'Please try again.'),
            })
          }
        />
      </CardContent>
    </Card>
  );
}
