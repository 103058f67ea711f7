import { X } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useAccountNotices, useDismissNotice } from '../api/notices';

/** At the top of every page for a signed-in reporter: how their reports were decided, until dismissed. */
export function ReportNotices({ signedIn }: { signedIn: boolean }) {
  const { data: notices } = useAccountNotices(signedIn);
  const dismiss = useDismissNotice();
  if (!signedIn || !notices?.length) return null;
  return (
    <section aria-label="Notices" className="mx-auto w-full max-w-6xl space-y-2 px-4 pt-4 sm:px-6">
      {notices.map((n) => (
        <div key={n.id} className="relative">
          <Alert
            variant={n.outcome === 'deleted' ? 'success' : 'info'}
            title="Your report was decided"
            className="pr-12"
          >
            {n.message}
            {n.outcome === 'kept' ? (
              <>
                {' '}
                <Link to={`/paste/${n.pasteId}`} className="underline">
                  Open the paste
                </Link>
              </>
            ) : null}
          </Alert>
          <Button
            variant="ghost"
            size="icon"
            className="absolute top-2 right-2"
            aria-label="Dismiss notice"
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate(n.id)}
          >
            <X aria-hidden />
          </Button>
        </div>
      ))}
    </section>
  );
}
