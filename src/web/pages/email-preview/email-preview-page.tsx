import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { API_KEY_PREFIX } from '../../../common/constants';
import { Page } from '../../components/layouts/page';
import { Badge } from '../../components/ui/badge';
import { OneTimeKey } from '../../features/account/components/one-time-key';
import { EmailFrame } from '../../features/auth/components/email-frame';
import { VerifiedCard } from '../../features/auth/components/verification-result';

const SAMPLE_RECIPIENT = 'john.doe@example.com';
const SAMPLE_KEY = `${API_KEY_PREFIX}${'x'.repeat(32)}`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex items-center gap-3">
        <h2 id={id} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        <Badge variant="outline">Sample</Badge>
      </div>
      {children}
    </section>
  );
}

/** /email-preview: the verification mail as configured now, and the page its link leads to. */
export function EmailPreviewPage() {
  return (
    <Page
      icon={Mail}
      title="Email Preview"
      description="What a new user receives after registering, and the page they see once they click the link."
    >
      <div className="space-y-10">
        <Section id="email-heading" title="Verification email">
          <EmailFrame template="verification" recipient={SAMPLE_RECIPIENT} />
        </Section>
        <Section id="after-heading" title="After verification">
          <div className="flex justify-center rounded-xl border border-dashed border-border p-4 sm:p-6" inert>
            <VerifiedCard
              title="Email Verified"
              description="Your email address is confirmed and your account is active. Here is your API key."
            >
              <OneTimeKey apiKey={SAMPLE_KEY} />
            </VerifiedCard>
          </div>
        </Section>
      </div>
    </Page>
  );
}
