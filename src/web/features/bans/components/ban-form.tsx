import { Ban as BanIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { BanKind } from '../../../../common/constants';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { ChoiceSelect } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useAddBan } from '../api/bans';

const KINDS: Record<BanKind, string> = { account: 'Account', address: 'Address or range' };

/** How long a ban lasts, in hours; '' is for good. */
const DURATIONS: [string, string][] = [
  ['1', '1 hour'],
  ['24', '1 day'],
  ['168', '1 week'],
  ['720', '30 days'],
  ['', 'For good'],
];

/** A new ban: an account suspended (its pastes hidden or kept) or an address or range banned. */
export function BanForm() {
  const [kind, setKind] = useState<BanKind>('account');
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState('24');
  const [hidePastes, setHidePastes] = useState(true);
  const add = useAddBan();
  const hideId = useId();
  const ready = target.trim() !== '' && reason.trim() !== '';
  return (
    <Card>
      <CardContent className="space-y-3 p-4">
        <h2 className="font-semibold">Suspend an account or ban an address</h2>
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            const common = { reason, hours: hours === '' ? null : Number(hours) };
            add.mutate(
              kind === 'account'
                ? { kind, username: target, hidePastes, ...common }
                : { kind, address: target, ...common },
              {
                onSuccess: () => {
                  setTarget('');
                  setReason('');
                  toast({
                    title: kind === 'account' ? 'Account suspended' : 'Address banned',
                    variant: 'success',
                  });
                },
                onError: (err) => toastError('Error', err, 'Failed to add the ban.'),
              },
            );
          }}
        >
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <ChoiceSelect
              aria-label="Ban"
              className="w-auto"
              choices={KINDS}
              value={kind}
              onValueChange={setKind}
            />
            <div className="flex-1">
              <Field
                label={kind === 'account' ? 'Username' : 'Address or range'}
                placeholder={
                  kind === 'account' ? 'spammer42' : '203.0.113.7, 203.0.113.0/24 or 2001:db8:1::/48'
                }
                value={target}
                onChange={(e) => setTarget(e.target.value)}
              />
            </div>
            <ChoiceSelect
              aria-label="For"
              className="w-auto"
              choices={DURATIONS}
              value={hours}
              onValueChange={setHours}
            />
          </div>
          <Field
            label="Reason"
            hint={
              kind === 'account'
                ? 'The person reads it when they try to sign in.'
                : 'Kept for staff; the address is told only that it may not make changes.'
            }
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
          {kind === 'account' ? (
            <div className="flex items-center gap-2">
              <Switch id={hideId} checked={hidePastes} onCheckedChange={setHidePastes} />
              <Label htmlFor={hideId}>Hide its pastes while it is suspended</Label>
            </div>
          ) : (
            <p className="text-xs text-muted-foreground">
              At most a /16 of IPv4 or a /48 of IPv6. A banned address can still read, but not sign in,
              register, create, edit or report.
            </p>
          )}
          <Button type="submit" variant="destructive" disabled={!ready || add.isPending}>
            <BanIcon aria-hidden />
            {kind === 'account' ? 'Suspend' : 'Ban'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
