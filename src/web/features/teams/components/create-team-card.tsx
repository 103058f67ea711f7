import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { TEAM_SLUG_MAX_LENGTH } from '../../../../common/constants';
import { TEAM_MESSAGES, TEAM_SLUG_PATTERN } from '../../../../common/schemas/teams';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { toastError } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { useCreateTeam } from '../api/create-team';

/** A suggested address from the name: lower-case words joined by hyphens. */
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TEAM_SLUG_MAX_LENGTH);

/** Creates a team; its creator is its first owner. */
export function CreateTeamCard() {
  const create = useCreateTeam();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const address = slug ?? slugOf(name);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = !name.trim()
      ? TEAM_MESSAGES.nameRequired
      : !TEAM_SLUG_PATTERN.test(address)
        ? TEAM_MESSAGES.slugInvalid
        : null;
    setProblem(invalid);
    if (invalid) return;
    create.mutate(
      { name, slug: address, description },
      {
        onSuccess: (detail) => navigate(paths.team(detail.team.slug)),
        onError: (error) => {
          setProblem(error.message);
          toastError('Could not create the team', error);
        },
      },
    );
  }

  return (
    <Card aria-labelledby="create-team-title">
      <CardHeader>
        <CardTitle id="create-team-title">New team</CardTitle>
        <CardDescription>
          Name the people you work with once, then share pastes with all of them at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <Field label="Name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
          <Field
            label="Address"
            value={address}
            hint={`/teams/${address || '…'}`}
            onChange={(e) => setSlug(e.target.value)}
          />
          <Field
            label="Description (optional)"
            value={description}
            maxLength={500}
            onChange={(e) => setDescription(e.target.value)}
          />
          {problem ? (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
          <Button type="submit" disabled={create.isPending}>
            <Plus aria-hidden />
            Create team
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
