import { useId } from 'react';
import { EMAIL_PROVIDERS } from '../../../../common/constants';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { type EmailFields, type ProviderChoice, portForSecure } from '../lib/email-form';

const PROVIDER_LABELS: Record<ProviderChoice, string> = {
  none: 'None',
  resend: 'Resend',
  sendgrid: 'SendGrid',
  mailgun: 'Mailgun',
  smtp: 'SMTP',
};

interface EmailProviderFieldsProps {
  value: EmailFields;
  onChange: (patch: Partial<EmailFields>) => void;
  /** The wording of "no provider" (the setup wizard says it can be configured later). */
  noneLabel?: string;
  /** Example values shown in empty fields. */
  placeholders?: Partial<Record<keyof EmailFields, string>>;
}

/** Provider, sender and the chosen provider's fields: one form for the setup wizard and the admin panel. */
export function EmailProviderFields({
  value,
  onChange,
  noneLabel,
  placeholders = {},
}: EmailProviderFieldsProps) {
  const providerId = useId();
  const tlsId = useId();
  const field = (key: Exclude<keyof EmailFields, 'emailProvider' | 'smtpSecure'>) => ({
    value: value[key],
    placeholder: placeholders[key],
    onChange: (event: { target: { value: string } }) => onChange({ [key]: event.target.value }),
  });
  const provider = value.emailProvider;
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={providerId}>Email Provider</Label>
        <NativeSelect
          id={providerId}
          value={provider}
          onChange={(event) => onChange({ emailProvider: event.target.value as ProviderChoice })}
        >
          {(['none', ...EMAIL_PROVIDERS] as const).map((option) => (
            <option key={option} value={option}>
              {option === 'none' && noneLabel ? noneLabel : PROVIDER_LABELS[option]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {provider === 'none' ? null : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="From Email" type="email" {...field('emailFrom')} />
            <Field label="From Name" {...field('emailFromName')} />
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
              <Field label="Mailgun Domain" {...field('mailgunDomain')} />
            </div>
          ) : null}
          {provider === 'smtp' ? (
            <>
              <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
                <Field label="SMTP Host" {...field('smtpHost')} />
                <Field label="SMTP Port" inputMode="numeric" {...field('smtpPort')} />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="SMTP Username" autoComplete="off" {...field('smtpUser')} />
                <Field label="SMTP Password" type="password" autoComplete="off" {...field('smtpPassword')} />
              </div>
              <div className="flex flex-wrap items-center gap-3">
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
        </>
      )}
    </>
  );
}
