import { ShieldCheck } from 'lucide-react';
import { usePublicSettings, useSiteTitle } from '../../features/settings/api/get-public-settings';
import { LegalDocument, type LegalSection } from './legal-document';

function privacySections(site: string, auditDays: number | string): LegalSection[] {
  return [
    {
      title: 'Information We Collect',
      body: (
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong className="text-foreground">Pastes</strong>: the title, content and options you choose
            (privacy, expiration, burn after reading). Paste passwords are stored only as a one-way hash.
          </li>
          <li>
            <strong className="text-foreground">Account</strong>: if you register, your username, email
            address, a one-way hash of your password and, once created, a hash of your API key.
          </li>
          <li>
            <strong className="text-foreground">Network addresses (IP)</strong>, and how long each is kept:
            <ul className="mt-1 list-[circle] space-y-1 pl-6">
              <li>the address an account was registered from, with the account, until it is deleted;</li>
              <li>
                the address of a paste's creator, with the paste, until it is deleted or expires (staff can
                delete everything sent from one address);
              </li>
              <li>
                an address or range that staff ban, with the ban, until it ends or is lifted (a list of bans
                the moderators keep);
              </li>
              <li>
                the address a report was sent from, with the report; reports stay after they are decided and
                are not deleted automatically;
              </li>
              <li>
                the email address a visitor may give with a report to be told the decision, only until the
                report is decided: it is then erased (an account is told at its own verified address);
              </li>
              <li>
                the address of each sign-in of an administrator or manager and of each action they take (in
                the admin panel, and each time they open a password-protected paste), in the audit log, for{' '}
                {auditDays} days;
              </li>
              <li>
                the address and browser each signed-in device was last seen from, with your sessions (Account
                Settings lists them), until the session ends: when you sign out or sign it out there, or when
                it expires;
              </li>
              <li>
                counters per address that stop abuse (rate limits), and which address (with the account, if
                signed in) has viewed a paste, so that a view counts once: for at most an hour;
              </li>
              <li>
                the address of every request, in the server's request log, kept for as long as the site's
                operator keeps that log.
              </li>
            </ul>
          </li>
          <li>
            <strong className="text-foreground">Backups</strong>: a backup of the site (downloaded by an
            administrator, or written on a schedule, where newer ones replace the oldest) holds the accounts,
            pastes and reports above, with their addresses; not the audit log.
          </li>
        </ul>
      ),
    },
    {
      title: 'How We Use Information',
      body: (
        <p>
          Only to run the service: to store and show your pastes, sign you in, send the emails you ask for
          (verification and password reset), count paste views for the Top Views page, and protect the service
          from spam and attacks. We do not sell or rent your data and do not use it for advertising.
        </p>
      ),
    },
    {
      title: 'Cookies',
      body: (
        <p>
          We use exactly one cookie: a session cookie that keeps you signed in. It is HttpOnly, is sent only
          to this site and is deleted when you log out or when it expires. Your theme choice is kept in your
          browser's local storage and never sent to us. There are no advertising, analytics or tracking
          cookies.
        </p>
      ),
    },
    {
      title: 'No Tracking',
      body: (
        <p>
          {site} uses no analytics, tracking pixels, fingerprinting or third-party advertising scripts. When
          an administrator enables captcha, the login and registration forms load Cloudflare Turnstile to tell
          people from bots; its use is governed by Cloudflare's privacy policy. Images that a Markdown paste
          links from other sites are not loaded until you press Load images; then {site} fetches them for you
          and passes them on, so the other site sees {site}'s address, never yours, and gets no cookie or
          referrer.
        </p>
      ),
    },
    {
      title: 'Data Retention',
      body: (
        <p>
          Pastes are deleted when they expire, right after their single reading when burn after reading is on,
          or when they are removed by you (through a deletion request) or by an administrator. Account data is
          kept until your account is deleted; pastes of a deleted account remain but are no longer linked to
          you.
        </p>
      ),
    },
    {
      title: 'Sharing and Visibility',
      body: (
        <p>
          Public pastes can be read by anyone who has the link, and popular public pastes may be listed on the
          Top Views page. Password-protected pastes are shown to people who know the password, and to
          administrators and managers: they can open any password-protected paste, for example to review a
          report or a deletion request. Every such opening is recorded in the audit log with their name and
          address (at most once an hour per paste and staff member). End-to-end encrypted pastes stay
          unreadable to them unless a reporter shares the key. The title and text of public and unlisted
          pastes are checked against the site's content rules when they are created or edited; which rules a
          paste matched is kept with it for the moderators. Where the operator connects a malware scanner
          (ClamAV, run by the operator, not by a third party), the content of every new paste but an
          end-to-end encrypted one passes through it as it arrives, and its verdict is kept with the paste. We
          disclose data to authorities only when the law requires it.
        </p>
      ),
    },
    {
      title: 'Security',
      body: (
        <p>
          Passwords, API keys and tokens are stored as hashes, sessions can be ended at any time by logging
          out, and the site is served with strict security headers. No system is perfectly secure, so please
          avoid pasting secrets you cannot rotate.
        </p>
      ),
    },
    {
      title: 'Your Rights',
      body: (
        <p>
          You can view and change your email address and password in Account Settings, with your current
          password (a new address is confirmed by a link sent to it when this site sends email), request the
          deletion of your pastes, and ask the administrators of this site for a copy or the deletion of your
          account data.
        </p>
      ),
    },
    {
      title: 'Changes to This Policy',
      body: <p>If this policy changes, the date at the top of this page changes with it.</p>,
    },
  ];
}

export function PrivacyPage() {
  const site = useSiteTitle();
  const { data: settings } = usePublicSettings();
  // The site's own setting (AUDIT_RETENTION_DAYS); an ellipsis while it loads.
  return (
    <LegalDocument
      icon={ShieldCheck}
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what {site} stores about you, why, and for how long. In short: only what is
          needed to share your pastes, one session cookie, and no tracking.
        </p>
      }
      sections={privacySections(site, settings?.auditRetentionDays ?? '…')}
    />
  );
}
