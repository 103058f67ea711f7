import { KeyRound, RefreshCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toastError } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { useStepUp } from '../../identity';
import { useApiKeyStatus } from '../api/get-api-key-status';
import { useRegenerateApiKey } from '../api/regenerate-api-key';
import { OneTimeKey } from './one-time-key';

const FAILED = 'API Key Regeneration Failed';

function CardFrame({ children, description }: { children: ReactNode; description: string }) {
  return (
    <Card aria-labelledby="api-key-title">
      <CardHeader>
        <CardTitle id="api-key-title" className="flex items-center gap-2">
          <KeyRound aria-hidden className="size-5 text-primary" />
          API Key
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}

/** Key status (never the key), and a new key shown once after regenerating. */
export function ApiKeyCard({ enabled }: { enabled: boolean }) {
  const status = useApiKeyStatus({ enabled });
  const regenerate = useRegenerateApiKey();
  const stepUp = useStepUp();
  const [confirming, setConfirming] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);

  if (!enabled) {
    return (
      <CardFrame description="Use the API from scripts and the terminal with your personal key.">
        <Alert variant="info" title="API keys are turned off">
          The administrator has disabled API key authentication on this site, so keys cannot be created or
          used right now.
        </Alert>
        <Button type="button" disabled>
          <RefreshCw aria-hidden />
          Regenerate API Key
        </Button>
      </CardFrame>
    );
  }

  function run() {
    setConfirming(false);
    stepUp.run(
      (code) => regenerate.mutateAsync(code).then((result) => setNewKey(result.apiKey)),
      (error) => toastError(FAILED, error, 'Could not create a new API key.'),
    );
  }

  const hasKey = status.data?.hasApiKey ?? false;
  const label = hasKey ? 'Regenerate API Key' : 'Generate API Key';

  return (
    <CardFrame description="Send it in the X-API-Key header to create and list pastes from scripts.">
      {newKey ? (
        <>
          <OneTimeKey apiKey={newKey} label="Your new API key" />
          <Button type="button" variant="outline" onClick={() => setNewKey(null)}>
            I have copied my key
          </Button>
        </>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="api-key-status">
            {status.isPending ? (
              <Spinner label="Loading API key status" />
            ) : status.isError ? (
              <span className="text-destructive">Could not load the key status.</span>
            ) : hasKey ? (
              <>
                <Badge variant="success">Active</Badge>
                <span className="text-muted-foreground">Your key:</span>
                <code className="font-mono">{status.data?.hint}</code>
              </>
            ) : (
              <>
                <Badge variant="outline">No API key</Badge>
                <span className="text-muted-foreground">Generate one to use the API.</span>
              </>
            )}
          </div>
          <p className="text-xs text-muted-foreground">
            Keys are shown only once. See the{' '}
            <Link to={paths.apiDocs} className="font-medium text-primary hover:underline">
              API documentation
            </Link>{' '}
            for curl examples.
          </p>
          <Button
            type="button"
            variant={hasKey ? 'outline' : 'default'}
            disabled={regenerate.isPending || status.isPending}
            onClick={() => (hasKey ? setConfirming(true) : run())}
          >
            <RefreshCw aria-hidden className={regenerate.isPending ? 'animate-spin' : undefined} />
            {regenerate.isPending ? 'Generating...' : label}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Regenerate your API key?"
        description="Your current key stops working immediately. Scripts that use it will need the new key."
        icon={<RefreshCw aria-hidden />}
        confirmLabel="Regenerate"
        onConfirm={run}
      />
      {stepUp.dialog}
    </CardFrame>
  );
}
