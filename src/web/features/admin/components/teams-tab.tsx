import { Alert } from '../../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { TeamList } from '../../teams';
import { useAdminTeams } from '../../teams/api/get-admin-teams';

/** Every team on the site; each opens on its own page, where staff manage it like its owners. */
export function TeamsTab() {
  const query = useAdminTeams();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Teams</CardTitle>
        <CardDescription>
          Staff manage every team (members, roles, deletion); each change is in the audit log.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <Alert variant="destructive">{errorMessage(query.error, 'Could not load the teams')}</Alert>
        ) : query.data ? (
          <TeamList teams={query.data.teams} empty="No team has been created yet." />
        ) : (
          <Spinner />
        )}
      </CardContent>
    </Card>
  );
}
