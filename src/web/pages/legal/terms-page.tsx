import { Scale } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSiteTitle } from '../../features/settings/api/get-public-settings';
import { LegalDocument, type LegalSection } from './legal-document';

function termsSections(site: string): LegalSection[] {
  return [
    {
      title: 'Acceptance of Terms',
      body: (
        <p>
          By using {site} — creating, viewing or sharing pastes, registering an account or calling the API —
          you agree to these Terms. If you do not agree, please do not use the service.
        </p>
      ),
    },
    {
      title: 'Description of Service',
      body: (
        <p>
          {site} lets you store text and code as pastes and share them by link. Pastes can be public or
          password protected, can expire after a chosen time or after their first reading, and can be created
          through the website or the API.
        </p>
      ),
    },
    {
      title: 'User Accounts',
      body: (
        <p>
          You may use the service anonymously or with an account. You are responsible for keeping your
          password and API key secret and for everything done with them. Tell us at once if you believe your
          account was misused. We may suspend accounts that break these Terms.
        </p>
      ),
    },
    {
      title: 'Acceptable Use',
      body: (
        <>
          <p>You agree not to use the service to store or share content that:</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>is illegal, or infringes someone else's copyright, trademark or privacy;</li>
            <li>contains malware, phishing pages or stolen credentials or personal data;</li>
            <li>harasses, threatens or exploits anyone;</li>
            <li>is spam, or is meant to overload or attack the service or others.</li>
          </ul>
          <p>Automated use must go through the documented API and respect its rate limits.</p>
        </>
      ),
    },
    {
      title: 'Content Ownership and License',
      body: (
        <p>
          You keep all rights to what you paste. You grant us only the permission we need to store it, show it
          to the people you share it with and delete it when it expires or when you or an administrator remove
          it.
        </p>
      ),
    },
    {
      title: 'Moderation and Removal',
      body: (
        <p>
          Anyone can report a paste. Administrators and managers review reports and deletion requests, and may
          remove any paste that breaks these Terms, without notice. Administrators and managers can open any
          password-protected paste; each time they do is recorded in the site's audit log.
        </p>
      ),
    },
    {
      title: 'VIP Membership',
      body: (
        <p>
          A VIP license unlocks unlimited expiration and a personal banner on your pastes. A license key can
          be activated once, on one account. Banners must follow the same rules as pastes and may be removed
          if they do not.
        </p>
      ),
    },
    {
      title: 'Disclaimer and Limitation of Liability',
      body: (
        <p>
          The service is provided "as is", without warranties of any kind. Do not use it as the only copy of
          important data: pastes expire, burn or may be removed. To the extent the law allows, we are not
          liable for any loss arising from your use of the service.
        </p>
      ),
    },
    {
      title: 'Changes to These Terms',
      body: (
        <p>
          We may update these Terms; the date above shows the latest version. Continuing to use the service
          after a change means you accept it. How we handle your data is described in our{' '}
          <Link to={paths.privacy} className="text-primary underline underline-offset-2">
            Privacy Policy
          </Link>
          .
        </p>
      ),
    },
  ];
}

export function TermsPage() {
  const site = useSiteTitle();
  return (
    <LegalDocument
      icon={Scale}
      title="Terms of Service"
      intro={<p>Please read these Terms of Service carefully before using {site}.</p>}
      sections={termsSections(site)}
    />
  );
}
