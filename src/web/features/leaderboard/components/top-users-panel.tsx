import { Users } from 'lucide-react';
import { roleTextColour } from '../../../components/author-badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatCountOf } from '../../../lib/format';
import { useTopUsers } from '../api/get-top-users';
import { Rank } from './rank';

/** Spec §2: 'Top 10 Users' with rank, username in role colour and total views. */
export function TopUsersPanel() {
  const { data, isPending, isError, error } = useTopUsers();
  return (
    <Card className="h-fit" aria-labelledby="top-users-title">
      <CardHeader>
        <CardTitle id="top-users-title" className="flex items-center gap-2">
          <Users aria-hidden className="size-5 text-primary" />
          Top 10 Users
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? <Spinner /> : null}
        {isError ? (
          <p className="text-sm text-destructive">{errorMessage(error, 'Could not load users')}</p>
        ) : null}
        {data && data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No user data available yet</p>
        ) : null}
        {data && data.length > 0 ? (
          <ol className="space-y-2" aria-label="Top users">
            {data.map((user, index) => (
              <li key={user.userId} className="flex items-center gap-3 text-sm">
                <Rank rank={index + 1} />
                <span className={cn('min-w-0 flex-1 truncate font-semibold', roleTextColour(user.role))}>
                  {user.username}
                </span>
                <span className="text-muted-foreground tabular-nums">
                  {formatCountOf(user.totalViews, 'view')}
                </span>
              </li>
            ))}
          </ol>
        ) : null}
      </CardContent>
    </Card>
  );
}
