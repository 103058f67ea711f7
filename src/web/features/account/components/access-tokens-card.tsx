import { KeySquare, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Role } from '../../../../common/constants';
import type { AccessToken } from '../../../../common/schemas/access-tokens';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast, toastError } from '../../../components/ui/toast-store';
import { formatDate, formatRelativeTime } from '../../../lib/format';
import { useAccessTokens } from '../api/get-access-tokens';
import { useRevokeAccessToken } from '../api/revoke-access-token';
import { NewAccessTokenForm } from './new-access-token-form';
import { OneTimeKey } from './one-time-key';

function TokenRow({ token, onRevoke }: { token: AccessToken; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="access-token">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="break-all">{token.name}</span>
          <code className="font-mono text-xs text-muted-foreground">{token.hint}</code>
          {token.expired ? <Badge variant="outline">Expired</Badge> : null}
        </p>
        <p className="flex flex-wrap gap-1">
          {token.scopes.map((scope) => (
            <Badge key={scope}>{scope}</Badge>
          ))}
        </p>
        <p className="text-xs text-muted-foreground">
          {token.lastUsedAt ? `Last used ${formatRelativeTime(token.lastUsedAt)}` : 'Never used'} ·{' '}
          {token.expiresAt
            ? `${token.expired ? 'Expired' : 'Expires'} ${formatDate(token.expiresAt)}`
            : 'Never expires'}
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={onRevoke}
        aria-label={`Revoke ${token.name}`}
      >
        <Trash2 aria-hidden />
        Revoke
      </Button>
    </li>
  );
}

/**
 * Account → Access tokens: named tokens limited to scopes, beside the one API key; each shown once
 * when made. Shown only while the site has them turned on (or the person still holds some).
 */
export function AccessTokensCard({ role }: { role: Role }) {
  const tokens = useAccessTokens();
  const revoke = useRevokeAccessToken();
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);

  if (tokens.isSuccess && !tokens.data.enabled && tokens.data.tokens.length === 0) return null;

  function confirmRevoke() {
    const token = revoking;
    setRevoking(null);
    if (!token) return;
    revoke.mutate(token.id, {
      onSuccess: () => toast({ title: 'Token revoked', description: token.name, variant: 'success' }),
      onError: (error) => toastError('Token not revoked', error, 'Could not revoke the token.'),
    });
  }

  return (
    <Card aria-labelledby="access-tokens-title">
      <CardHeader>
        <CardTitle id="access-tokens-title" className="flex items-center gap-2">
          <KeySquare aria-hidden className="size-5 text-primary" />
          Access Tokens
        </CardTitle>
        <CardDescription>
          Tokens for scripts that need less than your API key: each does only what its scopes allow. Send one
          in the X-API-Key header or as Authorization: Bearer.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {tokens.isPending ? (
          <Spinner label="Loading access tokens" />
        ) : tokens.isError ? (
          <p className="text-sm text-destructive">Could not load your access tokens.</p>
        ) : tokens.data.tokens.length === 0 ? (
          <p className="text-sm text-muted-foreground">No access tokens yet.</p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Your access tokens">
            {tokens.data.tokens.map((token) => (
              <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
            ))}
          </ul>
        )}
        {created ? (
          <>
            <OneTimeKey apiKey={created} label="Your new access token (shown only now)" />
            <Button type="button" variant="outline" onClick={() => setCreated(null)}>
              I have copied my token
            </Button>
          </>
        ) : tokens.data?.enabled ? (
          <NewAccessTokenForm role={role} onCreated={setCreated} />
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description="It stops working immediately. Scripts that use it will be refused."
        icon={<Trash2 aria-hidden />}
        confirmLabel="Revoke"
        onConfirm={confirmRevoke}
      />
    </Card>
  );
}
