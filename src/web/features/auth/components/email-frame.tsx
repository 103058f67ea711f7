import type { EmailTemplateKind } from '../../../../common/schemas/account';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useEmailPreview } from '../api/get-email-preview';

/**
 * A mail template rendered by the server with sample values. The HTML is admin-authored, so it
 * lives in a fully sandboxed frame (no scripts, no same-origin access, no navigation of ours) and
 * never in our own DOM.
 */
export function EmailFrame({ template, recipient }: { template: EmailTemplateKind; recipient?: string }) {
  const preview = useEmailPreview(template);

  if (preview.isPending) {
    return (
      <Card className="flex min-h-60 items-center justify-center">
        <Spinner label="Loading the email preview" />
      </Card>
    );
  }
  if (preview.isError) {
    return (
      <Alert variant="destructive" title="Could not load the email preview">
        {errorMessage(preview.error, 'Please reload the page.')}
      </Alert>
    );
  }

  const { subject, html, text } = preview.data;
  return (
    <Card className="overflow-hidden">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-b border-border bg-muted/50 px-4 py-3 text-sm sm:px-6">
        {recipient ? (
          <>
            <dt className="text-muted-foreground">To</dt>
            <dd className="break-all">{recipient}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Subject</dt>
        <dd className="font-medium break-words" data-testid="email-subject">
          {subject}
        </dd>
      </dl>
      <iframe
        title={`Preview: ${subject}`}
        sandbox=""
        srcDoc={html}
        referrerPolicy="no-referrer"
        className="block h-96 w-full bg-white"
      />
      <details className="border-t border-border px-4 py-3 text-sm sm:px-6">
        <summary className="cursor-pointer font-medium text-muted-foreground hover:text-foreground">
          Plain-text version
        </summary>
        <pre className="mt-3 overflow-x-auto font-mono text-xs whitespace-pre-wrap text-foreground/90">
          {text}
        </pre>
      </details>
    </Card>
  );
}
