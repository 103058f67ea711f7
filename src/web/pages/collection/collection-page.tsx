import { FolderOpen, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Page } from '../../components/layouts/page';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadingBlock } from '../../components/ui/spinner';
import { toastError } from '../../components/ui/toast-store';
import { paths } from '../../config/paths';
import {
  CollectionPastes,
  CollectionSettings,
  ownerLabel,
  PRIVACY_LABELS,
  useCollection,
  useDeleteCollection,
  useRemoveCollectionPaste,
  useUpdateCollection,
} from '../../features/collections';
import { errorMessage } from '../../lib/api-client';

/** /c/:id — a collection: its pastes in order (those this reader may read), and its editing. */
export function CollectionPage() {
  const { id = '' } = useParams();
  const query = useCollection(id);
  const update = useUpdateCollection(id);
  const removePaste = useRemoveCollectionPaste(id);
  const remove = useDeleteCollection(id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const busy = update.isPending || removePaste.isPending;
  // After a move the moved row's button keeps the focus; at the top or bottom, its other button.
  const moved = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (busy || !moved.current || !query.data) return;
    const { id: pasteId, direction } = moved.current;
    moved.current = null;
    const same = document.getElementById(`move-${direction}-${pasteId}`) as HTMLButtonElement | null;
    const other = document.getElementById(`move-${direction === 'up' ? 'down' : 'up'}-${pasteId}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [busy, query.data]);
  if (query.isPending) return <LoadingBlock />;
  if (!query.data) {
    return (
      <Page icon={FolderOpen} title="Collection" width="narrow">
        <Alert variant="destructive">{errorMessage(query.error, 'Collection not found')}</Alert>
      </Page>
    );
  }
  const detail = query.data;
  const c = detail.collection;
  return (
    <Page
      icon={FolderOpen}
      title={c.name}
      description={c.description || undefined}
      actions={
        c.canManage ? (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden />
            Delete collection
          </Button>
        ) : null
      }
    >
      <div className="space-y-6">
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="outline">{PRIVACY_LABELS[c.privacy]}</Badge>
          {ownerLabel(c.owner)}
          {c.staffAccess ? <Badge variant="outline">Staff access (recorded)</Badge> : null}
        </p>
        <Card aria-labelledby="collection-pastes-title">
          <CardHeader>
            <CardTitle id="collection-pastes-title" as="h2">
              Pastes
            </CardTitle>
          </CardHeader>
          <CardContent>
            <CollectionPastes
              pastes={detail.pastes}
              editable={c.canEdit}
              busy={busy}
              onMove={(order, which) => {
                moved.current = which;
                update.mutate({ order }, { onError: (e) => toastError('Not moved', e) });
              }}
              onRemove={(pasteId) =>
                removePaste.mutate(pasteId, { onError: (e) => toastError('Not removed', e) })
              }
            />
          </CardContent>
        </Card>
        {c.canEdit ? (
          <Card aria-labelledby="collection-settings-title">
            <CardHeader>
              <CardTitle id="collection-settings-title" as="h2">
                Settings
              </CardTitle>
            </CardHeader>
            <CardContent>
              <CollectionSettings
                key={c.updatedAt}
                detail={detail}
                busy={update.isPending}
                error={update.error}
                onSave={(body) => update.mutate(body)}
              />
            </CardContent>
          </Card>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${c.name}?`}
        description="The collection goes; the pastes in it stay as they are."
        confirmLabel="Delete collection"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => navigate(`${paths.account}#collections`),
            onError: (e) => toastError('Not deleted', e),
          })
        }
      />
    </Page>
  );
}
