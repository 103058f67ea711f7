import { Clock, Eye, Flame, Loader, Lock, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { expiryLabel } from '../../../lib/expiration';
import { formatCountOf, formatDateTime, formatRelativeTime } from '../../../lib/format';
import type { MyPaste } from '../api/get-my-pastes';
import { RequestDeleteDialog } from './request-delete-dialog';

const PRIVACY_LABELS: Record<MyPaste['privacy'], string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  password: 'Protected',
  shared: 'Shared',
};

/** One of the user's pastes: title link, badges, views, times and the deletion request. */
export function MyPasteItem({
  paste,
  requested,
  onRequested,
  onTag,
}: {
  paste: MyPaste;
  requested: boolean;
  onRequested: () => void;
  /** Shows only the pastes with this tag. */
  onTag: (tag: string) => void;
}) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const label = paste.title?.trim() || `Paste #${paste.id}`;
  const expiry = expiryLabel(paste);

  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="my-paste"
    >
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={paths.paste(paste.id)}
            className="truncate font-medium text-foreground hover:text-primary hover:underline"
          >
            {label}
          </Link>
          <Badge variant={paste.privacy === 'password' ? 'default' : 'outline'}>
            {paste.privacy === 'password' ? <Lock aria-hidden className="size-3" /> : null}
            {PRIVACY_LABELS[paste.privacy]}
          </Badge>
          {paste.burnAfterReading ? (
            <Badge variant="destructive">
              <Flame aria-hidden className="size-3" />
              Burn
            </Badge>
          ) : null}
          {paste.isProcessing ? (
            <Badge variant="outline">
              <Loader aria-hidden className="size-3" />
              Processing
            </Badge>
          ) : null}
          {requested ? <Badge variant="outline">Deletion requested</Badge> : null}
          {paste.tags?.map((tag) => (
            <button
              key={tag}
              type="button"
              onClick={() => onTag(tag)}
              aria-label={`Show only pastes tagged ${tag}`}
              className="rounded-full border border-border px-2 py-0.5 text-xs hover:border-primary hover:text-primary"
            >
              #{tag}
            </button>
          ))}
        </div>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden className="size-3.5" />
            {formatCountOf(paste.viewCount, 'view')}
          </span>
          <time dateTime={paste.createdAt} title={formatDateTime(paste.createdAt)}>
            Created {formatRelativeTime(paste.createdAt)}
          </time>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden className="size-3.5" />
            {expiry.text}
          </span>
          <span className="font-mono">#{paste.id}</span>
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start sm:self-center"
        disabled={requested}
        onClick={() => setDialogOpen(true)}
      >
        <Trash2 aria-hidden />
        Request Deletion
      </Button>
      <RequestDeleteDialog
        pasteId={paste.id}
        pasteLabel={label}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        onRequested={onRequested}
      />
    </li>
  );
}
