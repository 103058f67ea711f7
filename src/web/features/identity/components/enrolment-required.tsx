import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { SECOND_FACTOR_MESSAGES } from '../../../../common/messages';
import { Page } from '../../../components/layouts/page';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toastError } from '../../../components/ui/toast-store';
import { queryKeys } from '../../../lib/query-keys';
import { useStartTotp } from '../api/second-factor';

const TotpEnrolment = lazy(() => import('./totp-enrolment').then((m) => ({ default: m.TotpEnrolment })));

/**
 * What an account whose role requires two-factor authentication sees instead of every page until
 * it has set it up (the server refuses everything else meanwhile). Once the recovery codes are
 * saved, the user is read again and the site opens.
 */
export function EnrolmentRequired() {
  const start = useStartTotp();
  const queryClient = useQueryClient();
  return (
    <Page icon={ShieldAlert} title="Set up two-factor authentication" width="narrow">
      <Card>
        <CardContent className="space-y-4 pt-6">
          <Alert variant="info" title={SECOND_FACTOR_MESSAGES.enrolmentRequired}>
            From now on, signing in asks for a code from an authenticator app (Google Authenticator, Aegis,
            1Password…) after your password.
          </Alert>
          {start.data ? (
            <Suspense fallback={<LoadingBlock />}>
              <TotpEnrolment
                enrolment={start.data}
                onDone={() => void queryClient.invalidateQueries({ queryKey: queryKeys.user })}
              />
            </Suspense>
          ) : (
            <Button
              type="button"
              disabled={start.isPending}
              onClick={() =>
                start.mutate(undefined, {
                  onError: (e) => toastError('Could not start', e, 'Please try again.'),
                })
              }
            >
              Set up an authenticator app
            </Button>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
