import { FilePlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Turns the form's single editor into a list of files, or adds one to the list. */
export function AddFileButton({
  disabled,
  onAdd,
  title,
}: {
  disabled: boolean;
  onAdd: () => void;
  /** Why it is disabled, when it is for a reason other than the form being busy. */
  title?: string;
}) {
  return (
    <Button variant="outline" size="sm" disabled={disabled} onClick={onAdd} title={title}>
      <FilePlus aria-hidden />
      Add file
    </Button>
  );
}
