import {
  CalendarClock,
  Clock,
  Eye,
  EyeOff,
  Flame,
  GitFork,
  Globe,
  Infinity as InfinityIcon,
  Lock,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import type { PasteView, ReadablePasteView } from '../../../../../common/schemas/paste';
import { AuthorBadge } from '../../../../components/author-badge';
import { Badge } from '../../../../components/ui/badge';
import { paths } from '../../../../config/paths';
import { expiryLabel } from '../../../../lib/expiration';
import { formatCountOf, formatDateTime, formatRelativeTime, formatSize } from '../../../../lib/format';
import { usePageNow } from '../../../../lib/page-clock';
import { pasteTitle } from '../../../../lib/paste-title';
import { TagLinks } from '../../../search';

function ExpiryBadge({ paste }: { paste: PasteView }) {
  const { state, text } = expiryLabel(paste, usePageNow());
  const exact = paste.expiresAt ? formatDateTime(paste.expiresAt) : undefined;
  if (state === 'burn') {
    return (
      <Badge variant="destructive">
        <Flame aria-hidden className="size-3" />
        {text}
      </Badge>
    );
  }
  if (state === 'never') {
    return (
      <Badge variant="outline">
        <InfinityIcon aria-hidden className="size-3" />
        {text}
      </Badge>
    );
  }
  return (
    <Badge variant={state === 'expired' ? 'destructive' : 'outline'} title={exact}>
      <CalendarClock aria-hidden className="size-3" />
      {text}
    </Badge>
  );
}

const PRIVACY = {
  public: {
    icon: Globe,
    text: 'Public',
    title: 'Anyone with the link can read it; it may appear on Top Views.',
  },
  unlisted: { icon: EyeOff, text: 'Unlisted', title: 'Only people with the link can find it.' },
  password: { icon: Lock, text: 'Password', title: 'The password is needed to read it.' },
  shared: {
    icon: Users,
    text: 'Shared',
    title: 'Only its author, the people and teams it names, and staff can read it.',
  },
} as const;

function PrivacyBadge({ paste }: { paste: PasteView }) {
  const { icon: Icon, text, title } = PRIVACY[paste.privacy];
  return (
    <Badge variant="outline" title={title} data-testid="privacy-badge">
      <Icon aria-hidden className="size-3" />
      {text}
    </Badge>
  );
}

/** Said on an end-to-end encrypted paste's page: its text was opened here, not by the server. */
function EncryptedBadge() {
  return (
    <Badge
      variant="outline"
      title="Decrypted in this browser with the key in the link; the server cannot read it."
      data-testid="encrypted-badge"
    >
      <ShieldCheck aria-hidden className="size-3" />
      End-to-end encrypted
    </Badge>
  );
}

/** "Forked from {source}", under the title as long as the source can still be read and forked. */
function ForkedFrom({ source }: { source: NonNullable<PasteView['forkedFrom']> }) {
  return (
    <p className="-mt-2 flex items-center gap-1 text-sm text-muted-foreground" data-testid="forked-from">
      <GitFork aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 break-words">
        Forked from{' '}
        <Link
          to={paths.paste(source.id)}
          className="font-medium text-foreground underline-offset-4 hover:underline"
        >
          {pasteTitle(source)}
        </Link>
      </span>
    </p>
  );
}

/**
 * Title (and the paste it was forked from), author badge, created and edited times (exact on
 * hover), privacy and expiry badges, views and size.
 */
export function PasteHeader({ paste }: { paste: ReadablePasteView }) {
  const now = usePageNow();
  return (
    <header className="space-y-3">
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{pasteTitle(paste)}</h1>
      {paste.forkedFrom ? <ForkedFrom source={paste.forkedFrom} /> : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
        <AuthorBadge username={paste.username} role={paste.userRole} />
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden className="size-4" />
          <time dateTime={paste.createdAt} title={formatDateTime(paste.createdAt)}>
            {formatRelativeTime(paste.createdAt, now)}
          </time>
        </span>
        {paste.editedAt ? (
          <Link
            to={paths.pasteRevisions(paste.id)}
            // Named by where it leads: a screen reader's list of controls would otherwise hold
            // two that start with "edit" (this one and the author's Edit).
            aria-label={`Revision history: edited ${formatRelativeTime(paste.editedAt, now)}`}
            className="underline decoration-dotted underline-offset-4 hover:text-foreground"
          >
            edited{' '}
            <time dateTime={paste.editedAt} title={formatDateTime(paste.editedAt)}>
              {formatRelativeTime(paste.editedAt, now)}
            </time>
          </Link>
        ) : null}
        <PrivacyBadge paste={paste} />
        {paste.encrypted ? <EncryptedBadge /> : null}
        <ExpiryBadge paste={paste} />
        <span className="inline-flex items-center gap-1">
          <Eye aria-hidden className="size-4" />
          {formatCountOf(paste.viewCount, 'view')}
        </span>
        <span>{formatSize(paste.sizeBytes)}</span>
      </div>
      <TagLinks tags={paste.tags} />
    </header>
  );
}
