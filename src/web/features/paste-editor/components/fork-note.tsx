import { GitFork } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { pasteTitle } from '../../../lib/paste-title';
import type { ForkSource } from '../../pastes';

/** "Forking {source}" above the editor, with a way to create a paste of its own instead. */
export function ForkNote({
  source,
  disabled,
  onDrop,
}: {
  source: ForkSource;
  disabled: boolean;
  onDrop: () => void;
}) {
  return (
    <p
      className="flex flex-wrap items-center gap-x-1 gap-y-1 rounded-lg border border-border bg-muted/40 px-3 py-2 text-sm text-muted-foreground"
      data-testid="fork-note"
    >
      <GitFork aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 break-words">
        Forking{' '}
        <Link
          to={paths.paste(source.id)}
          className="font-medium text-foreground underline-offset-4 hover:underline"
        >
          {pasteTitle(source)}
        </Link>
      </span>
      <span aria-hidden>·</span>
      <Button
        variant="link"
        size="sm"
        className="h-auto text-sm"
        disabled={disabled}
        onClick={onDrop}
        title="Create it as a paste of its own, not linked to the source"
      >
        Unlink
      </Button>
    </p>
  );
}
