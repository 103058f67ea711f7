import { Save, Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { EMAIL_PROVIDERS, SMTP_DEFAULT_PORT } from '../../../../common/constants';
import type { Settings } from '../../../../common/schemas/settings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useTestEmailSettings, useUpdateSettings } from '../api/settings';

type Provider = 'none' | (typeof EMAIL_PROVIDERS)[number];
type EmailForm = Pick<
  Settings,
  | 'emailFrom'
  | 'emailFromName'
  | 'resendApiKey'
  | 'sendgridApiKey'
  | 'mailgunApiKey'
  | 'mailgunDomain'
  | 'smtpHost'
  | 'smtpUser'
  | 'smtpPassword'
  | 'smtpSecure'
> & { emailProvider: Provider; smtpPort: string };

const LABELS: Record<Provider, string> = {
  none: 'None',
  resend: 'Resend',
  sendgrid: 'SendGrid',
  mailgun: 'Mailgun',
  smtp: 'SMTP',
};

function formOf(s: Settings): EmailForm {
  return {
    emailProvider: s.emailProvider,
    emailFrom: s.emailFrom,
    emailFromName: s.emailFromName,
    resendApiKey: s.resendApiKey,
    sendgridApiKey: s.sendgridApiKey,
    mailgunApiKey: s.mailgunApiKey,
    mailgunDomain: s.mailgunDomain,
    smtpHost: s.smtpHost,
    smtpPort: String(s.smtpPort),
    smtpUser: s.smtpUser,
    smtpPassword: s.smtpPassword,
    smtpSecure: s.smtpSecure,
  };
}

/** What test and save send: the chosen provider's fields (the server fingerprints exactly these). */
function bodyOf(f: EmailForm) {
  const base = {
    emailProvider: f.emailProvider,
    emailFrom: f.emailFrom.trim(),
    emailFromName: f.emailFromName.trim(),
  };
  switch (f.emailProvider) {
    case 'resend':
      return { ...base, resendApiKey: f.resendApiKey.trim() };
    case 'sendgrid':
      return { ...base, sendgridApiKey: f.sendgridApiKey.trim() };
    case 'mailgun':
      return { ...base, mailgunApiKey: f.mailgunApiKey.trim(), mailgunDomain: f.mailgunDomain.trim() };
    case 'smtp':
      return {
        ...base,
        smtpHost: f.smtpHost.trim(),
        smtpPort: Number(f.smtpPort) || SMTP_DEFAULT_PORT,
        smtpUser: f.smtpUser.trim(),
        smtpPassword: f.smtpPassword,
        smtpSecure: f.smtpSecure,
      };
    default:
      return base;
  }
}

/** Spec §2/§4: Test Connection, then Save (enabled only after a successful test; any edit resets it). */
export function EmailSettings({ settings }: { settings: Settings }) {
  const [form, setForm] = useState(() => formOf(settings));
  const [tested, setTested] = useState<'untested' | 'success' | 'error'>('untested');
  useEffect(() => setForm(formOf(settings)), [settings]);
  const test = useTestEmailSettings();
  const update = useUpdateSettings();
  const providerId = useId();
  const tlsId = useId();
  const set = (patch: Partial<EmailForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setTested('untested');
  };
  const field = (key: keyof EmailForm) => ({
    value: String(form[key]),
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }),
  });
  const status =
    form.emailProvider === 'none' ? 'Not Configured' : tested === 'success' ? 'Connected' : 'Not Tested';

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <span className="text-sm text-muted-foreground">Status:</span>
        <Badge variant={status === 'Connected' ? 'success' : 'outline'}>{status}</Badge>
      </div>
      <div className="space-y-2">
        <Label htmlFor={providerId}>Email Provider</Label>
        <NativeSelect
          id={providerId}
          value={form.emailProvider}
          onChange={(e) => set({ emailProvider: e.target.value as Provider })}
        >
          {(['none', ...EMAIL_PROVIDERS] as const).map((p) => (
            <option key={p} value={p}>
              {LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {form.emailProvider === 'none' ? null : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="From Email" type="email" {...field('emailFrom')} />
            <Field label="From Name" {...field('emailFromName')} />
          </div>
          {form.emailProvider === 'resend' ? (
            <Field label="Resend API Key" type="password" autoComplete="off" {...field('resendApiKey')} />
          ) : null}
          {form.emailProvider === 'sendgrid' ? (
            <Field label="SendGrid API Key" type="password" autoComplete="off" {...field('sendgridApiKey')} />
          ) : null}
          {form.emailProvider === 'mailgun' ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Mailgun API Key" type="password" autoComplete="off" {...field('mailgunApiKey')} />
              <Field label="Mailgun Domain" {...field('mailgunDomain')} />
            </div>
          ) : null}
          {form.emailProvider === 'smtp' ? (
            <>
              <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
                <Field label="SMTP Host" {...field('smtpHost')} />
                <Field label="SMTP Port" inputMode="numeric" {...field('smtpPort')} />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="SMTP Username" autoComplete="off" {...field('smtpUser')} />
                <Field label="SMTP Password" type="password" autoComplete="off" {...field('smtpPassword')} />
              </div>
              <div className="flex items-center gap-3">
                <Switch
                  id={tlsId}
                  checked={form.smtpSecure}
                  onCheckedChange={(on) => set({ smtpSecure: on, smtpPort: on ? '465' : '587' })}
                />
                <Label htmlFor={tlsId}>Use TLS (port 465)</Label>
              </div>
            </>
          ) : null}
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={form.emailProvider === 'none' || test.isPending}
          onClick={() =>
            test.mutate(bodyOf(form) as Parameters<typeof test.mutate>[0], {
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
            update.mutate(bodyOf(form), {
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
