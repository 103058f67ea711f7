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
import { GranteeEditor, type Grantees, namesOfGrantees } from '../../teams';
import { PRIVACY_HINTS, PRIVACY_LABELS } from './labels';

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
  const [grantees, setGrantees] = useState<Grantees>(c.shares ?? { users: [], teams: [] });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body: UpdateCollectionBody = {};
    if (name !== c.name) body.name = name;
    if (description !== c.description) body.description = description;
    if (c.canManage) {
      if (privacy !== c.privacy) body.privacy = privacy;
      if (privacy === 'shared') body.shares = namesOfGrantees(grantees);
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
        <fieldset className="space-y-2 rounded-lg border border-border p-4 text-sm">
          <legend className="px-1 font-medium">Shared with</legend>
          <GranteeEditor
            grantees={grantees}
            editable
            nobody="Nobody yet: only you, your team and staff can open it."
            onChange={(next, done) => {
              setGrantees(next);
              done?.();
            }}
          />
          <p className="text-xs text-muted-foreground">Saved with the other settings.</p>
        </fieldset>
      ) : null}
      {error ? <Alert variant="destructive">{errorMessage(error, 'Not saved')}</Alert> : null}
      <Button type="submit" disabled={busy}>
        <Save aria-hidden />
        Save
      </Button>
    </form>
  );
}
