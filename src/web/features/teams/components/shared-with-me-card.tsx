import { ChevronLeft, ChevronRight, Share2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSharedWithMe } from '../api/get-shared-with-me';

/** The Account page's "Shared with me": newest first, with the team each came through. */
export function SharedWithMeCard() {
  const [page, setPage] = useState(1);
  const query = useSharedWithMe(page);
  const data = query.data;
  return (
    <Card id="shared-with-me" aria-labelledby="shared-with-me-title" className="scroll-mt-24">
      <CardHeader>
        <CardTitle id="shared-with-me-title" className="flex items-center gap-2">
          <Share2 aria-hidden className="size-5 text-primary" />
          Shared with me
        </CardTitle>
        <CardDescription>
          Pastes whose authors shared them with you or with a{' '}
          <Link className="text-primary underline underline-offset-4" to={paths.teams}>
            team
          </Link>{' '}
          you are in.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {query.isError ? (
          <Alert variant="destructive">{errorMessage(query.error, 'Could not load the list')}</Alert>
        ) : null}
        {!data ? (
          query.isPending ? (
            <Spinner />
          ) : null
        ) : data.pastes.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing is shared with you yet.</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {data.pastes.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <Link className="font-medium text-primary hover:underline" to={paths.paste(p.id)}>
                    {p.title || 'Untitled paste'}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    by {p.username} · shared {formatDateTime(p.sharedAt)}
                  </p>
                </div>
                {p.team ? (
                  <Badge variant="outline">
                    <Users aria-hidden className="size-3" />
                    {p.team.name}
                  </Badge>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {data && (page > 1 || data.hasMore) ? (
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
              <ChevronLeft aria-hidden />
              Newer
            </Button>
            <Button size="sm" variant="outline" disabled={!data.hasMore} onClick={() => setPage(page + 1)}>
              Older
              <ChevronRight aria-hidden />
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
