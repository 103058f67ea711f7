import { Save } from 'lucide-react';
import { useState } from 'react';
import { HOLD_SETTING_MAX } from '../../../../common/constants';
import type { AdminSettings, HoldSettings } from '../../../../common/schemas/settings';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useAdminSettings, useUpdateSettings } from '../../admin/api/settings';

const FIELDS: { key: keyof HoldSettings; label: string; hint: string }[] = [
  {
    key: 'reportHideThreshold',
    label: 'Hide a public paste after this many reports',
    hint: 'From distinct readers; it waits in Held until a moderator decides. 0: reports never hide a paste.',
  },
  {
    key: 'holdNewAccountDays',
    label: 'Hold public pastes with links from accounts younger than (days)',
    hint: '0: off.',
  },
  {
    key: 'holdAnonLinksOver',
    label: 'Hold anonymous public pastes with more links than',
    hint: '0: off.',
  },
  {
    key: 'holdIdenticalCount',
    label: 'Hold a public paste whose text this many other addresses sent in the last hour',
    hint: 'A spam wave. 0: off.',
  },
];

function HoldForm({ settings }: { settings: AdminSettings }) {
  const update = useUpdateSettings();
  const [values, setValues] = useState(() =>
    Object.fromEntries(FIELDS.map((f) => [f.key, String(settings[f.key])])),
  );
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        const change = Object.fromEntries(FIELDS.map((f) => [f.key, Number(values[f.key])]));
        update.mutate(change, {
          onSuccess: () => toast({ title: 'Settings updated', variant: 'success' }),
          onError: (err) => toastError('Error', err, 'Failed to update settings.'),
        });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <Field
            key={f.key}
            label={f.label}
            hint={f.hint}
            type="number"
            min={0}
            max={HOLD_SETTING_MAX}
            step={1}
            value={values[f.key]}
            onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
          />
        ))}
      </div>
      <Button type="submit" disabled={update.isPending}>
        <Save aria-hidden />
        Save holds
      </Button>
    </form>
  );
}

/** Admin → Safety: what makes a paste wait in Held besides the rules (admins change it). */
export function HoldSettingsCard() {
  const { data } = useAdminSettings();
  if (!data) return null;
  return (
    <Card>
      <CardContent className="space-y-3 p-4">
        <h2 className="font-semibold">Reports and holds</h2>
        <p className="text-sm text-muted-foreground">
          Each is off until you set it. Held pastes are read only by their author and staff until a moderator
          approves them in the Held tab.
        </p>
        <HoldForm settings={data} />
      </CardContent>
    </Card>
  );
}
