import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { API_KEY_PREFIX } from '../../../common/constants';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account';
import { LoadingBlock } from '../../components/ui/spinner';
import { OneTimeKey } from '../../features/account/components/one-time-key';
import { revealApiKey } from '../../features/auth/api/reveal-api-key';
import { VerificationFailedCard, VerifiedCard } from '../../features/auth/components/verification-result';
import { oncePerKey } from '../../features/auth/lib/once-per-key';
import { errorMessage } from '../../lib/api-client';

/** What the server makes (`pb_` and 32 base64url characters): anything else in `?apiKey=` is no key. */
const API_KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{32}$`);

/** The reveal code works once: however often the effect runs, one request redeems it. */
const redeemOnce = oncePerKey(revealApiKey);

type Reveal =
  | { state: 'loading' }
  | { state: 'shown'; apiKey: string }
  | { state: 'failed'; message: string };

export function VerifyEmailSuccessPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // Read once: the code leaves the address bar right away, and the page must not lose it.
  const [query] = useState(() => ({
    code: searchParams.get('code')?.trim() || null,
    // The spec's form of the link (our mails send a code instead: see docs/decisions.md).
    apiKey: searchParams.get('apiKey')?.trim() || null,
    status: searchParams.get('status'),
    error: searchParams.get('error'),
  }));
  const [reveal, setReveal] = useState<Reveal>({ state: 'loading' });

  const { code, apiKey } = query;
  // A key in the address bar ends up in history: shown from memory, gone from the address at once.
  useEffect(() => {
    if (apiKey && !code) navigate({ search: '?status=verified' }, { replace: true });
  }, [apiKey, code, navigate]);
  useEffect(() => {
    if (!code) return;
    // A reload or a shared address must not carry the code; a reload shows the plain success card.
    navigate({ search: '?status=verified' }, { replace: true });
    let active = true;
    redeemOnce(code).then(
      (result) => active && setReveal({ state: 'shown', apiKey: result.apiKey }),
      (error) =>
        active &&
        setReveal({ state: 'failed', message: errorMessage(error, ACCOUNT_MESSAGES.revealInvalid) }),
    );
    return () => {
      active = false;
    };
  }, [code, navigate]);

  return <div className="flex justify-center px-4 py-12 sm:py-16">{content()}</div>;

  function content() {
    if (query.error !== null) {
      return (
        <VerificationFailedCard message={verificationFailure(query.error)}>
          {whatToDo(verificationFailure(query.error))}
        </VerificationFailedCard>
      );
    }
    if (query.code) {
      if (reveal.state === 'loading') return <LoadingBlock label="Loading your API key..." />;
      if (reveal.state === 'failed') {
        return (
          <VerificationFailedCard message={reveal.message}>
            If you followed the link from your email, your address may already be verified: try logging in.
          </VerificationFailedCard>
        );
      }
      return (
        <VerifiedCard
          title="Email Verified"
          description="Your email address is confirmed and your account is active. Here is your API key."
        >
          <OneTimeKey apiKey={reveal.apiKey} />
        </VerifiedCard>
      );
    }
    if (query.apiKey) {
      if (!API_KEY_SHAPE.test(query.apiKey)) {
        return <VerificationFailedCard message={ACCOUNT_MESSAGES.invalidVerificationLink} />;
      }
      return (
        <VerifiedCard
          title="Email Verified"
          description="Your email address is confirmed and your account is active. Here is your API key."
        >
          <OneTimeKey apiKey={query.apiKey} />
        </VerifiedCard>
      );
    }
    if (query.status === 'verified') {
      return (
        <VerifiedCard
          title="Email Verified"
          description="Your email address is confirmed and your account is active. You can now log in."
        />
      );
    }
    if (query.status === 'email-changed') {
      return (
        <VerifiedCard
          title="Email Changed"
          description="Your new email address is confirmed. Your account now uses it for sign-in mails and password resets."
        />
      );
    }
    return <VerificationFailedCard message={ACCOUNT_MESSAGES.invalidVerificationLink} />;
  }
}

/** Short codes (old links, hand-edited URLs) read as the sentences the server sends today. */
const CODES: Record<string, string> = {
  expired: ACCOUNT_MESSAGES.expiredVerificationLink,
  used: ACCOUNT_MESSAGES.usedVerificationLink,
  invalid: ACCOUNT_MESSAGES.invalidVerificationLink,
};

function verificationFailure(error: string): string {
  const text = error.trim();
  return CODES[text.toLowerCase()] ?? (text || ACCOUNT_MESSAGES.invalidVerificationLink);
}

/** What the person can do next, beside what happened. */
function whatToDo(message: string): string {
  if (message === ACCOUNT_MESSAGES.expiredVerificationLink) {
    return 'Log in with your username and password: the login form offers to send a new verification link.';
  }
  if (message === ACCOUNT_MESSAGES.usedVerificationLink)
    return 'Your address may already be verified: try logging in.';
  return 'Open the newest link we sent you, or log in to ask for a new one.';
}
