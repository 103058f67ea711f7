import { FolderPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/select';
import { toast, toastError } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { useAddCollectionPaste } from '../api/add-collection-paste';
import { useCollections } from '../api/get-collections';

/** "Add to collection" on a paste's page, for its author: pick one of their collections. */
export function AddToCollection({ pasteId }: { pasteId: string }) {
  const collections = useCollections(1);
  const add = useAddCollectionPaste();
  const [chosen, setChosen] = useState('');
  const list = collections.data?.collections ?? [];
  if (collections.isPending) return null;
  if (list.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Link className="text-primary underline underline-offset-4" to={`${paths.account}#collections`}>
          Make a collection
        </Link>{' '}
        to keep this paste with others.
      </p>
    );
  }
  const target = chosen || list[0]!.id;
  return (
    <form
      data-testid="add-to-collection"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate(
          { id: target, pasteId },
          {
            onSuccess: (d) => toast({ title: `Added to ${d.collection.name}`, variant: 'success' }),
            onError: (err) => toastError('Not added', err),
          },
        );
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor="add-to-collection">Add to collection</Label>
        <NativeSelect id="add-to-collection" value={target} onChange={(e) => setChosen(e.target.value)}>
          {list.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline" disabled={add.isPending}>
        <FolderPlus aria-hidden />
        Add
      </Button>
    </form>
  );
}
