import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSiteTitle } from '../../features/settings/api/get-public-settings';

/** Logo and site title, linking home. */
export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  const siteTitle = useSiteTitle();
  return (
    <Link
      to={paths.home}
      onClick={onNavigate}
      className="flex min-w-0 items-center gap-2.5 rounded-lg font-semibold tracking-tight"
      aria-label={`${siteTitle} home`}
    >
      <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-indigo-400 to-purple-500 text-white shadow-sm">
        <ClipboardList aria-hidden className="size-4" />
      </span>
      <span className="truncate">{siteTitle}</span>
    </Link>
  );
}
