import { Mail, Send } from 'lucide-react';
import { SETUP_MESSAGES } from '../../../../common/messages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { EmailProviderFields } from '../../settings';
import { useTestEmail } from '../api/test-email';
import { FormSection } from './form-section';
import { type EmailFormState, testEmailBody } from './setup-form-state';

interface EmailSectionProps {
  value: EmailFormState;
  onChange: (patch: Partial<EmailFormState>) => void;
}

export function EmailSection({ value, onChange }: EmailSectionProps) {
  const testMutation = useTestEmail();

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
      <EmailProviderFields
        value={value}
        onChange={onChange}
        noneLabel="None (configure later)"
        placeholders={{
          emailFrom: 'noreply@example.com',
          emailFromName: 'Paste Sharing',
          mailgunDomain: 'mg.example.com',
          smtpHost: 'smtp.example.com',
        }}
      />
      {provider === 'none' ? null : (
        <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Field
              label="Send a test email to (optional)"
              type="email"
              placeholder="you@example.com"
              value={value.testRecipient}
              onChange={(event) => onChange({ testRecipient: event.target.value })}
            />
          </div>
          <Button type="button" variant="outline" onClick={runTest} disabled={testMutation.isPending}>
            <Send aria-hidden />
            {testMutation.isPending ? 'Testing...' : 'Test Email'}
          </Button>
        </div>
      )}
    </FormSection>
  );
}
