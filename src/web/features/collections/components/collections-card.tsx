import { FolderOpen, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { COLLECTION_NAME_MAX_LENGTH } from '../../../../common/constants';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useCreateCollection } from '../api/create-collection';
import { useCollections } from '../api/get-collections';
import { ownerLabel, PRIVACY_LABELS } from './labels';

/** The Account page's Collections: mine and my teams', and a new one by name. */
export function CollectionsCard() {
  const query = useCollections(1);
  const create = useCreateCollection();
  const navigate = useNavigate();
  const [name, setName] = useState('');

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    create.mutate({ name }, { onSuccess: (d) => navigate(paths.collection(d.collection.id)) });
  }

  return (
    <Card id="collections" aria-labelledby="collections-title" className="scroll-mt-24">
      <CardHeader>
        <CardTitle id="collections-title" className="flex items-center gap-2">
          <FolderOpen aria-hidden className="size-5 text-primary" />
          Collections
        </CardTitle>
        <CardDescription>
          Named, ordered sets of pastes with a link of their own. Readers see only the pastes in one that they
          may read.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 space-y-1.5">
            <Label htmlFor="new-collection-name">New collection</Label>
            <Input
              id="new-collection-name"
              value={name}
              maxLength={COLLECTION_NAME_MAX_LENGTH}
              onChange={(e) => setName(e.target.value)}
              placeholder="Incident runbook"
            />
          </div>
          <Button type="submit" disabled={create.isPending || name.trim() === ''}>
            <Plus aria-hidden />
            Create
          </Button>
        </form>
        {create.isError ? (
          <Alert variant="destructive">{errorMessage(create.error, 'Not created')}</Alert>
        ) : null}
        {query.isError ? (
          <Alert variant="destructive">{errorMessage(query.error, 'Could not load the list')}</Alert>
        ) : null}
        {!query.data ? (
          query.isPending ? (
            <Spinner />
          ) : null
        ) : query.data.collections.length === 0 ? (
          <p className="text-sm text-muted-foreground">No collections yet.</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {query.data.collections.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <Link className="font-medium text-primary hover:underline" to={paths.collection(c.id)}>
                    {c.name}
                  </Link>
                  <p className="text-xs text-muted-foreground">{ownerLabel(c.owner)}</p>
                </div>
                <Badge variant="outline">{PRIVACY_LABELS[c.privacy]}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
