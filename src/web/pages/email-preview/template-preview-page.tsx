import { Mail } from 'lucide-react';
import type { EmailTemplateKind } from '../../../common/schemas/account';
import { Page } from '../../components/layouts/page';
import { Alert } from '../../components/ui/alert';
import { EmailFrame } from '../../features/auth/components/email-frame';

const TEMPLATES: Record<EmailTemplateKind, { title: string; description: string }> = {
  verification: {
    title: 'Verification Email Preview',
    description: 'The email a new user receives to confirm their address (link valid for 24 hours).',
  },
  'forgot-password': {
    title: 'Forgot Password Email Preview',
    description: 'The email sent when someone asks to reset their password (link valid for 1 hour).',
  },
};

/** One template as the admin configured it (or the default when blank), filled with sample values. */
function TemplatePreview({ template }: { template: EmailTemplateKind }) {
  const { title, description } = TEMPLATES[template];
  return (
    <Page icon={Mail} title={title} description={description}>
      <div className="space-y-4">
        <Alert variant="info" title="Sample values">
          The user johndoe (john.doe@example.com) and a link with a sample token that does not work. Save the
          template in the admin settings, then reload this page to see your changes.
        </Alert>
        <EmailFrame template={template} recipient="john.doe@example.com" />
      </div>
    </Page>
  );
}

export function VerificationEmailPreviewPage() {
  return <TemplatePreview template="verification" />;
}

export function ForgotPasswordEmailPreviewPage() {
  return <TemplatePreview template="forgot-password" />;
}
