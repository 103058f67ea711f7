import { useQueryClient } from '@tanstack/react-query';
import { FileQuestion, Flame, LoaderCircle, LockKeyhole } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import type { PasteView } from '../../../../../common/schemas/paste';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import { ProgressBar } from '../../../../components/ui/progress';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useAssemblyProgress } from '../../api/get-assembly-progress';

export function StatusCard({
  icon,
  title,
  children,
  level = 1,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** 2 under a paste's own header (its title is the page's h1). */
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Card className="mx-auto max-w-xl">
      <CardContent className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
          {icon}
        </span>
        <Heading className="text-2xl font-bold tracking-tight">{title}</Heading>
        {children}
      </CardContent>
    </Card>
  );
}

export function PasteNotFound() {
  return (
    <StatusCard icon={<FileQuestion aria-hidden className="size-6" />} title="Paste Not Found">
      <p className="text-muted-foreground">This paste may have expired or been deleted.</p>
      <Button asChild>
        <Link to={paths.home}>Create a New Paste</Link>
      </Button>
    </StatusCard>
  );
}

/** A burn paste's creator, coming back after it was read (the server tells only them, 410). */
export function PasteBurned({ burnedAt }: { burnedAt: string | undefined }) {
  const when = burnedAt ? new Date(burnedAt) : null;
  return (
    <StatusCard icon={<Flame aria-hidden className="size-6" />} title="Read and destroyed">
      <p className="text-muted-foreground" data-testid="burned-at">
        {when
          ? `This paste was read and destroyed at ${when.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })} on ${when.toLocaleDateString()}.`
          : 'This paste was read and destroyed.'}
      </p>
      <p className="text-sm text-muted-foreground">
        It was set to burn after reading: someone opened the link, and the server deleted it for good.
      </p>
      <Button asChild>
        <Link to={paths.home}>Create a New Paste</Link>
      </Button>
    </StatusCard>
  );
}

/** Any other failure after the retries: say so and offer another try. */
export function PasteLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StatusCard icon={<FileQuestion aria-hidden className="size-6" />} title="Could not load this paste">
      <p className="text-muted-foreground">{message}</p>
      <Button onClick={onRetry}>Try Again</Button>
    </StatusCard>
  );
}

/** A chunked upload being assembled: its progress, polled (spec §4), until the paste is ready. */
export function PasteProcessing({ id }: { id: string }) {
  const progress = useAssemblyProgress(id);
  const queryClient = useQueryClient();
  const complete = progress.data?.isComplete === true;
  useEffect(() => {
    // Assembled: read the paste now rather than at its next 2-second poll.
    if (complete) void queryClient.invalidateQueries({ queryKey: queryKeys.paste(id) });
  }, [complete, id, queryClient]);
  const error = progress.error;
  if (error instanceof ApiError && error.status === 422) {
    return (
      <StatusCard icon={<FileQuestion aria-hidden className="size-6" />} title="Upload failed">
        <p className="text-muted-foreground">{error.message}</p>
        <Button asChild>
          <Link to={paths.home}>Create a New Paste</Link>
        </Button>
      </StatusCard>
    );
  }
  return (
    <StatusCard icon={<LoaderCircle aria-hidden className="size-6 animate-spin" />} title="Processing Paste">
      <p className="text-muted-foreground">
        This large paste is still being assembled. The page updates by itself as soon as it is ready.
      </p>
      <ProgressBar
        className="w-full"
        label="Assembling..."
        value={progress.data ? progress.data.progress : null}
      />
    </StatusCard>
  );
}

export function PasteLocked({ onUnlock }: { onUnlock: () => void }) {
  return (
    <StatusCard icon={<LockKeyhole aria-hidden className="size-6" />} title="Password Protected">
      <p className="text-muted-foreground">This paste is protected. Enter its password to view it.</p>
      <Button onClick={onUnlock}>Enter Password</Button>
    </StatusCard>
  );
}

/**
 * A burn paste held back until its visitor asks for it: a link scanner that opens the page but
 * clicks nothing burns nothing.
 */
export function BurnRevealPrompt({
  paste,
  onReveal,
  revealing,
  error,
}: {
  paste: PasteView;
  onReveal: () => void;
  revealing: boolean;
  error?: string;
}) {
  return (
    <StatusCard icon={<Flame aria-hidden className="size-6" />} title="Burn After Reading">
      <p className="text-sm text-muted-foreground">
        {paste.title ? `“${paste.title}” by ` : 'By '}
        {paste.username}
      </p>
      <p className="font-medium">This paste will be destroyed after you view it</p>
      <p className="text-sm text-muted-foreground">
        Only one person can read it. Once shown it is deleted from the server, so copy or download it before
        you leave the page.
      </p>
      {error ? <Alert variant="destructive" title={error} className="w-full text-left" /> : null}
      <Button onClick={onReveal} disabled={revealing}>
        {revealing ? 'Opening...' : 'Show paste'}
      </Button>
    </StatusCard>
  );
}
