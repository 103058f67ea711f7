import { Save } from 'lucide-react';
import { useId, useState } from 'react';
import {
  MB,
  PASTE_SIZE_LIMIT_DEFAULT_MB,
  PASTE_SIZE_LIMIT_MAX_MB,
  PASTE_SIZE_LIMIT_MIN_MB,
} from '../../../../common/constants';
import type { AdminSettings as Settings } from '../../../../common/schemas/settings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useUpdateSettings } from '../api/settings';
import { Section } from './settings-section';

/** The largest paste anyone may create, or none; its own Save. */
export function SizeLimitSettings({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const savedMb =
    settings.maxPasteSize === 'unlimited' ? null : Math.round(Number(settings.maxPasteSize) / MB);
  const [unlimited, setUnlimited] = useState(savedMb === null);
  const [mb, setMb] = useState(String(savedMb ?? PASTE_SIZE_LIMIT_DEFAULT_MB));
  const [error, setError] = useState<string>();
  const id = useId();
  return (
    <Section title="Paste Size Limits">
      <div className="flex items-center gap-2">
        <span className="text-sm text-muted-foreground">Current limit:</span>
        <Badge variant="outline">{savedMb === null ? 'Unlimited' : `${savedMb} MB`}</Badge>
      </div>
      <div className="flex items-center gap-3">
        <Switch
          id={id}
          checked={unlimited}
          onCheckedChange={(on) => {
            setUnlimited(on);
            if (!on) setMb(String(PASTE_SIZE_LIMIT_DEFAULT_MB));
          }}
        />
        <Label htmlFor={id}>Unlimited</Label>
      </div>
      {unlimited ? null : (
        <Field
          label="Limit (MB)"
          type="number"
          min={PASTE_SIZE_LIMIT_MIN_MB}
          max={PASTE_SIZE_LIMIT_MAX_MB}
          value={mb}
          error={error}
          onChange={(e) => {
            setMb(e.target.value);
            setError(undefined);
          }}
        />
      )}
      <Button
        disabled={update.isPending}
        onClick={() => {
          const n = Number(mb);
          if (
            !unlimited &&
            !(Number.isInteger(n) && n >= PASTE_SIZE_LIMIT_MIN_MB && n <= PASTE_SIZE_LIMIT_MAX_MB)
          ) {
            setError(`Enter a whole number from ${PASTE_SIZE_LIMIT_MIN_MB} to ${PASTE_SIZE_LIMIT_MAX_MB}.`);
            return;
          }
          update.mutate(
            { maxPasteSize: unlimited ? 'unlimited' : String(n * MB) },
            {
              onSuccess: () => toast({ title: 'Settings updated', variant: 'success' }),
              onError: (err) => toastError('Error', err, 'Failed to update settings.'),
            },
          );
        }}
      >
        <Save aria-hidden />
        Save
      </Button>
    </Section>
  );
}
