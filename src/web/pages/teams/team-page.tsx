import { Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { canManageTeam } from '../../../common/policies';
import { Page } from '../../components/layouts/page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadingBlock } from '../../components/ui/spinner';
import { toastError } from '../../components/ui/toast-store';
import { paths } from '../../config/paths';
import { useUser } from '../../features/auth/api/get-user';
import { useDeleteTeam } from '../../features/teams/api/delete-team';
import { useTeam } from '../../features/teams/api/get-team';
import { TeamMembers } from '../../features/teams/components/team-members';
import { errorMessage } from '../../lib/api-client';
import { LoginRequired } from './login-required';

/** /teams/:slug — a team, its members, and (for owners and staff) their management. */
export function TeamPage() {
  const { slug = '' } = useParams();
  const { data: user, isPending } = useUser();
  if (isPending) return <LoadingBlock />;
  if (!user) return <LoginRequired />;
  return <SignedInTeamPage slug={slug} me={user.username} role={user.role} />;
}

function SignedInTeamPage({
  slug,
  me,
  role,
}: {
  slug: string;
  me: string;
  role: Parameters<typeof canManageTeam>[0];
}) {
  const team = useTeam(slug);
  const remove = useDeleteTeam(slug);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  if (team.isPending) return <LoadingBlock />;
  if (!team.data) {
    return (
      <Page icon={Users} title="Team" width="narrow">
        <Alert variant="destructive">{errorMessage(team.error, 'Team not found')}</Alert>
      </Page>
    );
  }
  const { team: info } = team.data;
  const manage = canManageTeam(role, info.myRole);
  return (
    <Page
      icon={Users}
      title={info.name}
      description={info.description || `/teams/${info.slug}`}
      actions={
        manage ? (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden />
            Delete team
          </Button>
        ) : null
      }
    >
      <Card aria-labelledby="members-title">
        <CardHeader>
          <CardTitle id="members-title">Members ({info.memberCount})</CardTitle>
        </CardHeader>
        <CardContent>
          <TeamMembers detail={team.data} manage={manage} me={me} />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${info.name}?`}
        description="Its members lose every paste shared with the team (unless it names them too). This cannot be undone."
        confirmLabel="Delete team"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => navigate(paths.teams),
            onError: (e) => toastError('Could not delete the team', e),
          })
        }
      />
    </Page>
  );
}
