import { Save } from 'lucide-react';
import { useState } from 'react';
import type { AdminSettings as Settings } from '../../../../common/schemas/settings';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast, toastError } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { useUpdateSettings } from '../api/settings';
import { Section } from './settings-section';

/** Spec §2: both Save buttons save all three fields; blank means the default template. */
export function EmailTemplates({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const [t, setT] = useState({
    emailVerificationSubject: settings.emailVerificationSubject,
    emailVerificationTemplate: settings.emailVerificationTemplate,
    forgotPasswordTemplate: settings.forgotPasswordTemplate,
  });
  const save = () =>
    update.mutate(t, {
      onSuccess: () =>
        toast({ title: 'Settings updated', description: 'Email templates saved.', variant: 'success' }),
      onError: (err) => toastError('Error', err, 'Failed to save email template.'),
    });
  const area = (key: 'emailVerificationTemplate' | 'forgotPasswordTemplate', label: string, hint: string) => (
    <div className="space-y-2">
      <Label htmlFor={`tpl-${key}`}>{label}</Label>
      <Textarea
        id={`tpl-${key}`}
        rows={6}
        value={t[key]}
        onChange={(e) => setT({ ...t, [key]: e.target.value })}
      />
      <p className="text-xs text-muted-foreground">{hint}</p>
    </div>
  );
  const actions = (label: string, previewHref: string) => (
    <div className="flex flex-wrap gap-2">
      <Button onClick={save} disabled={update.isPending}>
        <Save aria-hidden />
        {label}
      </Button>
      <Button variant="outline" asChild>
        <a href={previewHref} target="_blank" rel="noreferrer">
          Preview
        </a>
      </Button>
    </div>
  );
  return (
    <Section title="Email Templates">
      <Field
        label="Verification email subject"
        value={t.emailVerificationSubject}
        onChange={(e) => setT({ ...t, emailVerificationSubject: e.target.value })}
        hint="Blank means the default."
      />
      {area(
        'emailVerificationTemplate',
        'Verification email',
        'Variables: {{SITE_NAME}}, {{USERNAME}}, {{USER_EMAIL}}, {{VERIFY_LINK}}, {{VERIFY_BUTTON}}. The link expires in 24 hours. Blank means the default.',
      )}
      {actions('Save Verification Template', paths.emailVerificationPreview)}
      {area(
        'forgotPasswordTemplate',
        'Forgot-password email',
        'Variables: {{resetLink}}, {{username}}, {{resetButton}}. The link expires in 1 hour. Blank means the default.',
      )}
      {actions('Save Forgot-Password Template', paths.forgotPasswordEmailPreview)}
    </Section>
  );
}
