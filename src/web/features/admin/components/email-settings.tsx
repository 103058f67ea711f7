import { Save, Send } from 'lucide-react';
import { useState } from 'react';
import type { AdminSettings as Settings } from '../../../../common/schemas/settings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast, toastError } from '../../../components/ui/toast-store';
import { type EmailFields, EmailProviderFields, emailBody, emailFieldsOf } from '../../settings';
import { useTestEmailSettings, useUpdateSettings } from '../api/settings';
import { useSettingsDraft } from '../hooks/use-settings-draft';

/** Spec §2/§4: Test Connection, then Save (enabled only after a successful test; any edit resets it). */
export function EmailSettings({ settings }: { settings: Settings }) {
  const [form, setForm] = useSettingsDraft(emailFieldsOf(settings));
  const [tested, setTested] = useState<'untested' | 'success' | 'error'>('untested');
  const test = useTestEmailSettings();
  const update = useUpdateSettings();
  const set = (patch: Partial<EmailFields>) => {
    setForm(patch);
    setTested('untested');
  };
  const status =
    form.emailProvider === 'none' ? 'Not Configured' : tested === 'success' ? 'Connected' : 'Not Tested';

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <span className="text-sm text-muted-foreground">Status:</span>
        <Badge variant={status === 'Connected' ? 'success' : 'outline'}>{status}</Badge>
      </div>
      <EmailProviderFields value={form} onChange={set} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={form.emailProvider === 'none' || test.isPending}
          onClick={() =>
            test.mutate(emailBody(form) as Parameters<typeof test.mutate>[0], {
              onSuccess: (r) => {
                setTested('success');
                toast({ title: 'Connection successful', description: r.message, variant: 'success' });
              },
              onError: (err) => {
                setTested('error');
                toastError('Connection failed', err, 'Failed to connect to email service.');
              },
            })
          }
        >
          <Send aria-hidden />
          Test Connection
        </Button>
        <Button
          disabled={tested !== 'success' || update.isPending}
          onClick={() =>
            update.mutate(emailBody(form), {
              onSuccess: () =>
                toast({
                  title: 'Settings updated',
                  description: 'Email settings saved.',
                  variant: 'success',
                }),
              onError: (err) => toastError('Error', err, 'Failed to save email settings.'),
            })
          }
        >
          <Save aria-hidden />
          Save Email Settings
        </Button>
      </div>
    </div>
  );
}
