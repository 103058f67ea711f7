import { Eye, EyeOff, Flame, Globe, Lock, Search, ShieldCheck, Trash2, Users } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PRIVACIES, type Privacy } from '../../../../common/constants';
import {
  ADMIN_PASTE_SORTS,
  type AdminPasteSort,
  type AdminPastesQuery,
} from '../../../../common/schemas/admin';
import { AuthorBadge } from '../../../components/author-badge';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/select';
import { paths } from '../../../config/paths';
import { expiryLabel } from '../../../lib/expiration';
import { formatRelativeTime, formatSize } from '../../../lib/format';
import { type AdminPasteItem, useAllPastes } from '../api/pastes';
import { DeletePasteDialog } from './delete-paste-dialog';
import { EmptyList, ListLoading } from './list-states';
import { Pager, usePaged } from './pager';

/** Every privacy named, so an unlisted paste does not pass for a public one. */
const PRIVACY_BADGES = {
  public: { icon: Globe, text: 'Public' },
  unlisted: { icon: EyeOff, text: 'Unlisted' },
  password: { icon: Lock, text: 'Protected' },
  shared: { icon: Users, text: 'Shared' },
} as const;

function PrivacyBadge({ privacy }: { privacy: AdminPasteItem['privacy'] }) {
  const { icon: Icon, text } = PRIVACY_BADGES[privacy];
  return (
    <Badge variant="outline">
      <Icon aria-hidden className="mr-1 size-3" />
      {text}
    </Badge>
  );
}

const isSort = (value: string | null): value is AdminPasteSort =>
  ADMIN_PASTE_SORTS.includes(value as AdminPasteSort);
const isPrivacy = (value: string | null): value is Privacy => PRIVACIES.includes(value as Privacy);

/**
 * What the list shows, kept in the address (`?q=…&sort=…&privacy=…`) so that a reload, Back or a
 * link keeps it; the defaults are left out of it.
 */
function useListQuery() {
  const [params, setParams] = useSearchParams();
  const sort = params.get('sort');
  const privacy = params.get('privacy');
  const query: AdminPastesQuery = {
    search: params.get('q') ?? '',
    sort: isSort(sort) ? sort : 'newest',
    privacy: isPrivacy(privacy) ? privacy : undefined,
  };
  const set = (name: 'q' | 'sort' | 'privacy', value: string, byDefault: string) => {
    const next = new URLSearchParams(params);
    if (value === byDefault) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return {
    query,
    setSearch: (value: string) => set('q', value, ''),
    setSort: (value: string) => set('sort', value, 'newest'),
    setPrivacy: (value: string) => set('privacy', value, ''),
  };
}

/**
 * Spec §2 Pastes tab: every paste, searchable by id, title or author, of one privacy or all,
 * sorted, 10 a page, each deletable.
 */
export function PastesTab() {
  const { query, setSearch, setSort, setPrivacy } = useListQuery();
  const search = useDeferredValue(query.search.trim());
  const { data, isPending } = useAllPastes({ ...query, search });
  const paged = usePaged(data?.pastes ?? []);
  const [deleting, setDeleting] = useState<AdminPasteItem | null>(null);

  return (
    <section aria-label="Pastes" className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <div className="relative min-w-56 flex-1">
          <Search
            aria-hidden
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            className="pl-9"
            placeholder="Search by id, title or author..."
            aria-label="Search pastes"
            value={query.search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <NativeSelect
          aria-label="Privacy"
          className="w-auto"
          value={query.privacy ?? ''}
          onChange={(e) => setPrivacy(e.target.value)}
        >
          <option value="">All privacies</option>
          <option value="public">Public</option>
          <option value="unlisted">Unlisted</option>
          <option value="password">Protected</option>
        </NativeSelect>
        <NativeSelect
          aria-label="Sort pastes"
          className="w-auto"
          value={query.sort}
          onChange={(e) => setSort(e.target.value)}
        >
          <option value="newest">Newest first</option>
          <option value="size">Largest first</option>
          <option value="views">Most viewed first</option>
        </NativeSelect>
      </div>
      {data && data.total > data.pastes.length ? (
        <p className="text-xs text-muted-foreground">
          Showing the first {data.pastes.length} of {data.total}; search to narrow them down.
        </p>
      ) : null}
      {isPending ? (
        <ListLoading />
      ) : paged.items.length === 0 ? (
        <EmptyList>No pastes found</EmptyList>
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
                    <PrivacyBadge privacy={p.privacy} />
                    {p.encrypted ? (
                      <Badge variant="outline" title="End-to-end encrypted: the server cannot read it">
                        <ShieldCheck aria-hidden className="mr-1 size-3" />
                        Encrypted
                      </Badge>
                    ) : null}
                    {p.burnAfterReading ? (
                      <Badge variant="destructive">
                        <Flame aria-hidden className="mr-1 size-3" />
                        Burn
                      </Badge>
                    ) : null}
                  </div>
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                    <AuthorBadge username={p.username} role={p.userRole} />
                    <span className="inline-flex items-center gap-1">
                      <Eye aria-hidden className="size-3" />
                      {p.viewCount}
                    </span>
                    <span>·</span>
                    <span>{formatSize(p.sizeBytes)}</span>
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
      {deleting ? <DeletePasteDialog pasteId={deleting.id} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}
