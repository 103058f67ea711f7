import { Users } from 'lucide-react';
import { Link } from 'react-router';
import type { Team } from '../../../../common/schemas/teams';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';

/** Teams as links, with how many are in each and the reader's role. */
export function TeamList({ teams, empty }: { teams: Team[]; empty: string }) {
  if (teams.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="divide-y divide-border rounded-lg border border-border">
      {teams.map((team) => (
        <li key={team.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
          <div className="min-w-0">
            <Link className="font-medium text-primary hover:underline" to={paths.team(team.slug)}>
              {team.name}
            </Link>
            <p className="truncate text-xs text-muted-foreground">
              /teams/{team.slug}
              {team.description ? ` · ${team.description}` : ''}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Badge variant="outline">
              <Users aria-hidden className="size-3" />
              {team.memberCount}
            </Badge>
            {team.myRole ? <Badge>{team.myRole === 'owner' ? 'Owner' : 'Member'}</Badge> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
