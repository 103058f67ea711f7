import { Eye, Flame, Lock, Search, Trash2 } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast, toastError } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { expiryLabel } from '../../../lib/expiration';
import { formatRelativeTime } from '../../../lib/format';
import { type AdminPasteItem, useAllPastes, useDeletePaste } from '../api/pastes';
import { Pager, usePaged } from './pager';

function DeletePasteDialog({ paste, onClose }: { paste: AdminPasteItem; onClose: () => void }) {
  const remove = useDeletePaste();
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <div className="space-y-4">
          <div className="space-y-2 pr-6">
            <DialogTitle>Delete Paste</DialogTitle>
            <DialogDescription>
              Are you sure you want to delete this paste? This action cannot be undone.
            </DialogDescription>
          </div>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(paste.id, {
                  onSuccess: () => {
                    toast({ title: 'Paste deleted', variant: 'success' });
                    onClose();
                  },
                  onError: (e) => toastError('Error', e, 'Failed to delete paste. Please try again.'),
                })
              }
            >
              <Trash2 aria-hidden />
              Delete
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Spec §2 Pastes tab: every paste, searchable by id or title, 10 a page, each deletable. */
export function PastesTab() {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const { data, isPending } = useAllPastes(deferred);
  const paged = usePaged(data?.pastes ?? []);
  const [deleting, setDeleting] = useState<AdminPasteItem | null>(null);

  return (
    <section aria-label="Pastes" className="space-y-3">
      <div className="relative">
        <Search
          aria-hidden
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          className="pl-9"
          placeholder="Search by id or title..."
          aria-label="Search pastes"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {data && data.total > data.pastes.length ? (
        <p className="text-xs text-muted-foreground">
          Showing the newest {data.pastes.length} of {data.total}; search to find older ones.
        </p>
      ) : null}
      {isPending ? (
        <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Loading…
        </div>
      ) : paged.items.length === 0 ? (
        <Card className="border-dashed">
          <CardContent className="py-10 text-center text-muted-foreground">No pastes found</CardContent>
        </Card>
      ) : (
        <>
          {paged.items.map((p) => (
            <Card key={p.id}>
              <CardContent className="flex flex-wrap items-start justify-between gap-3 p-4">
                <div className="min-w-0 space-y-1.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link className="font-mono text-sm text-primary hover:underline" to={paths.paste(p.id)}>
                      {p.id}
                    </Link>
                    <Link className="truncate font-semibold hover:underline" to={paths.paste(p.id)}>
                      {p.title?.trim() || 'Untitled'}
                    </Link>
                    {p.privacy === 'password' ? (
                      <Badge variant="outline">
                        <Lock aria-hidden className="mr-1 size-3" />
                        Protected
                      </Badge>
                    ) : null}
                    {p.burnAfterReading ? (
                      <Badge variant="destructive">
                        <Flame aria-hidden className="mr-1 size-3" />
                        Burn
                      </Badge>
                    ) : null}
                  </div>
                  <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                    <span>{p.username}</span>
                    <span>·</span>
                    <span className="inline-flex items-center gap-1">
                      <Eye aria-hidden className="size-3" />
                      {p.viewCount}
                    </span>
                    <span>·</span>
                    <span>{formatRelativeTime(p.createdAt)}</span>
                    <span>·</span>
                    <span>{expiryLabel(p).text}</span>
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setDeleting(p)}
                  aria-label={`Delete paste ${p.id}`}
                >
                  <Trash2 aria-hidden />
                  Delete
                </Button>
              </CardContent>
            </Card>
          ))}
          <Pager page={paged.page} pages={paged.pages} setPage={paged.setPage} />
        </>
      )}
      {deleting ? <DeletePasteDialog paste={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}
