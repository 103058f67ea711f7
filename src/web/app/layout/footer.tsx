import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSiteTitle } from '../../features/settings/api/get-public-settings';

const footerLinks = [
  { to: paths.terms, label: 'Terms of Service' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.apiDocs, label: 'API Documentation' },
];

export function Footer() {
  const siteTitle = useSiteTitle();
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} {siteTitle}. Share text and code securely.
        </p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2">
          {footerLinks.map(({ to, label }) => (
            <Link key={to} to={to} className="transition-colors hover:text-foreground">
              {label}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
