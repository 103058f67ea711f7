import { Mail, Send } from 'lucide-react';
import { useId } from 'react';
import { EMAIL_PROVIDERS } from '../../../../common/constants';
import { SETUP_MESSAGES } from '../../../../common/messages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useTestEmail } from '../api/test-email';
import { FormSection } from './form-section';
import { type EmailFormState, type ProviderChoice, portForSecure, testEmailBody } from './setup-form-state';

const PROVIDER_LABELS: Record<ProviderChoice, string> = {
  none: 'None (configure later)',
  resend: 'Resend',
  sendgrid: 'SendGrid',
  mailgun: 'Mailgun',
  smtp: 'SMTP',
};

interface EmailSectionProps {
  value: EmailFormState;
  onChange: (patch: Partial<EmailFormState>) => void;
}

export function EmailSection({ value, onChange }: EmailSectionProps) {
  const providerId = useId();
  const tlsId = useId();
  const testMutation = useTestEmail();
  const field = (key: keyof EmailFormState) => ({
    value: String(value[key]),
    onChange: (event: { target: { value: string } }) => onChange({ [key]: event.target.value }),
  });

  function runTest() {
    const { emailProvider } = value;
    if (emailProvider === 'none' || !value.emailFrom.trim()) {
      toast({
        title: 'Missing Information',
        description: SETUP_MESSAGES.emailNeedsProvider,
        variant: 'destructive',
      });
      return;
    }
    testMutation.mutate(testEmailBody({ ...value, emailProvider }), {
      onSuccess: (result) =>
        toast({
          title: 'Email Test Successful',
          description: result?.message || 'The email service answered.',
          variant: 'success',
        }),
      onError: (error) => toastError('Email Test Failed', error, 'Failed to connect to email service.'),
    });
  }

  const provider = value.emailProvider;
  return (
    <FormSection
      icon={Mail}
      title="Email Configuration"
      description="Optional. Needed for email verification and password resets; you can set it up later in the admin panel."
      badge={<Badge variant="outline">Optional</Badge>}
    >
      <div className="space-y-2">
        <Label htmlFor={providerId}>Email Provider</Label>
        <NativeSelect
          id={providerId}
          value={provider}
          onChange={(event) => onChange({ emailProvider: event.target.value as ProviderChoice })}
        >
          {(['none', ...EMAIL_PROVIDERS] as const).map((option) => (
            <option key={option} value={option}>
              {PROVIDER_LABELS[option]}
            </option>
          ))}
        </NativeSelect>
      </div>

      {provider === 'none' ? null : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="From Email"
              type="email"
              placeholder="noreply@example.com"
              {...field('emailFrom')}
            />
            <Field label="From Name" placeholder="Paste Sharing" {...field('emailFromName')} />
          </div>
          {provider === 'resend' ? (
            <Field label="Resend API Key" type="password" autoComplete="off" {...field('resendApiKey')} />
          ) : null}
          {provider === 'sendgrid' ? (
            <Field label="SendGrid API Key" type="password" autoComplete="off" {...field('sendgridApiKey')} />
          ) : null}
          {provider === 'mailgun' ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Mailgun API Key" type="password" autoComplete="off" {...field('mailgunApiKey')} />
              <Field label="Mailgun Domain" placeholder="mg.example.com" {...field('mailgunDomain')} />
            </div>
          ) : null}
          {provider === 'smtp' ? (
            <>
              <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
                <Field label="SMTP Host" placeholder="smtp.example.com" {...field('smtpHost')} />
                <Field label="SMTP Port" inputMode="numeric" {...field('smtpPort')} />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="SMTP Username" autoComplete="off" {...field('smtpUser')} />
                <Field label="SMTP Password" type="password" autoComplete="off" {...field('smtpPassword')} />
              </div>
              <div className="flex items-center gap-3">
                <Switch
                  id={tlsId}
                  checked={value.smtpSecure}
                  onCheckedChange={(checked) =>
                    onChange({ smtpSecure: checked, smtpPort: portForSecure(value.smtpPort, checked) })
                  }
                />
                <Label htmlFor={tlsId}>Use TLS (port 465)</Label>
                <span className="text-xs text-muted-foreground">Off means STARTTLS on port 587.</span>
              </div>
            </>
          ) : null}
          <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-end">
            <div className="flex-1">
              <Field
                label="Send a test email to (optional)"
                type="email"
                placeholder="you@example.com"
                {...field('testRecipient')}
              />
            </div>
            <Button type="button" variant="outline" onClick={runTest} disabled={testMutation.isPending}>
              <Send aria-hidden />
              {testMutation.isPending ? 'Testing...' : 'Test Email'}
            </Button>
          </div>
        </>
      )}
    </FormSection>
  );
}
