import { KeyRound, LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { type DecryptedRead, readDecryptedPaste } from '../../encryption/api/read-decrypted';
import { getReportKey } from '../api/moderation';

type State = { kind: 'idle' } | { kind: 'reading' } | { kind: 'failed'; message: string } | DecryptedRead;

const PROBLEMS: Record<'processing' | 'wrong-key' | 'undecryptable', string> = {
  processing: 'The paste is still being assembled from its upload. Try again in a moment.',
  'wrong-key': 'The key the reporter shared does not open this paste.',
  undecryptable: 'The key is right, but the encrypted text does not match it: it cannot be read.',
};

/**
 * "Read decrypted" on a report of an encrypted paste whose reporter shared its key (issue 21): the
 * key from the server, the paste's sealed bytes through the normal reads, opened in this browser.
 * The text is shown as text (a <pre>), never as HTML.
 */
export function DecryptedReport({ reportId, pasteId }: { reportId: number; pasteId: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function read(burn: boolean) {
    setState({ kind: 'reading' });
    try {
      const { key } = await getReportKey(reportId);
      setState(await readDecryptedPaste(pasteId, key, { burn }));
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error, 'Could not read the paste.') });
    }
  }

  if (state.kind === 'idle' || state.kind === 'failed') {
    return (
      <div className="space-y-2">
        {state.kind === 'failed' ? <Alert variant="destructive" title={state.message} /> : null}
        <Button size="sm" variant="outline" onClick={() => read(false)}>
          <KeyRound aria-hidden />
          Read decrypted
        </Button>
      </div>
    );
  }
  if (state.kind === 'reading') {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> Decrypting…
      </p>
    );
  }
  if (state.kind === 'burn') {
    return (
      <Alert variant="warning" title="This paste burns after reading">
        <p>Reading it here destroys it: nobody will be able to open it afterwards.</p>
        <div className="mt-3 flex gap-2">
          <Button size="sm" variant="destructive" onClick={() => read(true)}>
            Read and destroy it
          </Button>
          <Button size="sm" variant="outline" onClick={() => setState({ kind: 'idle' })}>
            Cancel
          </Button>
        </div>
      </Alert>
    );
  }
  if (state.kind === 'too-large') {
    return (
      <Alert variant="info" title="Too large to show here">
        <p>
          This paste is over 10 MB. Its page, opened with the shared key, downloads it decrypted in your
          browser.
        </p>
        <Button asChild size="sm" variant="outline" className="mt-3">
          <Link to={state.link}>Open the paste with the key</Link>
        </Button>
      </Alert>
    );
  }
  if (state.kind !== 'text') return <Alert variant="destructive" title={PROBLEMS[state.kind]} />;
  return (
    <div className="space-y-1" data-testid="decrypted-paste">
      <p className="flex items-center gap-1 text-xs text-muted-foreground">
        <LockKeyhole aria-hidden className="size-3" />
        Decrypted in this browser{state.title ? ` · “${state.title}”` : ''}
      </p>
      <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-3 font-mono text-xs">
        {state.content}
      </pre>
    </div>
  );
}
