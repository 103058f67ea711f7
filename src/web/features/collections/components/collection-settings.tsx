import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_NAME_MAX_LENGTH,
  COLLECTION_PRIVACIES,
  type CollectionPrivacy,
} from '../../../../common/constants';
import type { CollectionDetail, UpdateCollectionBody } from '../../../../common/schemas/collections';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { PRIVACY_HINTS, PRIVACY_LABELS } from './labels';

const names = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * A collection's name and description (its editors), privacy and whom a shared one names (its
 * owner, or its team's owners). Sends only what changed.
 */
export function CollectionSettings({
  detail,
  busy,
  error,
  onSave,
}: {
  detail: CollectionDetail;
  busy: boolean;
  error: unknown;
  onSave(body: UpdateCollectionBody): void;
}) {
  const c = detail.collection;
  const [name, setName] = useState(c.name);
  const [description, setDescription] = useState(c.description);
  const [privacy, setPrivacy] = useState<CollectionPrivacy>(c.privacy);
  const [users, setUsers] = useState(c.shares?.users.map((u) => u.username).join(', ') ?? '');
  const [teams, setTeams] = useState(c.shares?.teams.map((t) => t.slug).join(', ') ?? '');

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body: UpdateCollectionBody = {};
    if (name !== c.name) body.name = name;
    if (description !== c.description) body.description = description;
    if (c.canManage) {
      if (privacy !== c.privacy) body.privacy = privacy;
      if (privacy === 'shared') body.shares = { users: names(users), teams: names(teams) };
    }
    onSave(body);
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor="collection-name">Name</Label>
        <Input
          id="collection-name"
          value={name}
          maxLength={COLLECTION_NAME_MAX_LENGTH}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="collection-description">Description</Label>
        <Textarea
          id="collection-description"
          value={description}
          maxLength={COLLECTION_DESCRIPTION_MAX_LENGTH}
          rows={3}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      {c.canManage ? (
        <div className="space-y-1.5">
          <Label htmlFor="collection-privacy">Privacy</Label>
          <NativeSelect
            id="collection-privacy"
            value={privacy}
            aria-describedby="collection-privacy-hint"
            onChange={(e) => setPrivacy(e.target.value as CollectionPrivacy)}
          >
            {COLLECTION_PRIVACIES.map((p) => (
              <option key={p} value={p}>
                {PRIVACY_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
          <p id="collection-privacy-hint" className="text-xs text-muted-foreground">
            {PRIVACY_HINTS[privacy]} Each paste in it is still shown only to those who may read it.
          </p>
        </div>
      ) : null}
      {c.canManage && privacy === 'shared' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor="collection-share-users">People (usernames)</Label>
            <Input id="collection-share-users" value={users} onChange={(e) => setUsers(e.target.value)} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="collection-share-teams">Teams (their addresses)</Label>
            <Input id="collection-share-teams" value={teams} onChange={(e) => setTeams(e.target.value)} />
          </div>
        </div>
      ) : null}
      {error ? <Alert variant="destructive">{errorMessage(error, 'Not saved')}</Alert> : null}
      <Button type="submit" disabled={busy}>
        <Save aria-hidden />
        Save
      </Button>
    </form>
  );
}
