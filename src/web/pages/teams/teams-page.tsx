import { Users } from 'lucide-react';
import { Page } from '../../components/layouts/page';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadingBlock } from '../../components/ui/spinner';
import { useUser } from '../../features/auth/api/get-user';
import { useTeams } from '../../features/teams/api/get-teams';
import { CreateTeamCard } from '../../features/teams/components/create-team-card';
import { TeamList } from '../../features/teams/components/team-list';
import { LoginRequired } from './login-required';

/** /teams: the teams I am in, and a new one. */
export function TeamsPage() {
  const { data: user, isPending } = useUser();
  const teams = useTeams(Boolean(user));
  if (isPending) return <LoadingBlock />;
  if (!user) return <LoginRequired />;
  return (
    <Page icon={Users} title="Teams" description="Share pastes with the people you work with.">
      <div className="space-y-6">
        <Card aria-labelledby="my-teams-title">
          <CardHeader>
            <CardTitle id="my-teams-title">Your teams</CardTitle>
          </CardHeader>
          <CardContent>
            {teams.data ? (
              <TeamList teams={teams.data.teams} empty="You are in no team yet." />
            ) : (
              <LoadingBlock />
            )}
          </CardContent>
        </Card>
        <CreateTeamCard />
      </div>
    </Page>
  );
}
