import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { COMPACT_CAPTCHA_BELOW_PX } from '../../../../common/constants';
import { storedTheme } from '../../../lib/theme';

interface TurnstileRenderOptions {
  sitekey: string;
  size: 'normal' | 'compact';
  theme: 'light' | 'dark' | 'auto';
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
}

interface TurnstileApi {
  render(element: HTMLElement, options: TurnstileRenderOptions): string;
  reset(widgetId?: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let scriptPromise: Promise<TurnstileApi> | null = null;

/** Loads Cloudflare's script once, and only when captcha is enabled (the caller decides). */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  scriptPromise ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile missing'));
    script.onerror = () => {
      scriptPromise = null;
      script.remove();
      reject(new Error('Could not load the captcha'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

export interface TurnstileHandle {
  /** Clears the solved challenge, e.g. after a failed login: a token is single-use. */
  reset(): void;
}

interface TurnstileProps {
  siteKey: string;
  /** The solved token, or '' when it expired or failed. */
  onToken: (token: string) => void;
  ref?: Ref<TurnstileHandle>;
}

export function Turnstile({ siteKey, onToken, ref }: TurnstileProps) {
  const container = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;
  const [loadError, setLoadError] = useState<string | null>(null);

  useImperativeHandle(ref, () => ({
    reset() {
      onTokenRef.current('');
      if (widgetId.current) window.turnstile?.reset(widgetId.current);
    },
  }));

  useEffect(() => {
    let cancelled = false;
    loadTurnstile()
      .then((turnstile) => {
        if (cancelled || !container.current) return;
        widgetId.current = turnstile.render(container.current, {
          sitekey: siteKey,
          size: window.innerWidth < COMPACT_CAPTCHA_BELOW_PX ? 'compact' : 'normal',
          theme: storedTheme(),
          callback: (token) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(''),
          'error-callback': () => onTokenRef.current(''),
        });
      })
      .catch((error: Error) => {
        if (!cancelled) setLoadError(error.message);
      });
    return () => {
      cancelled = true;
      if (widgetId.current) window.turnstile?.remove(widgetId.current);
      widgetId.current = null;
    };
  }, [siteKey]);

  return (
    <div className="flex min-h-16 justify-center">
      <div ref={container} />
      {loadError ? <p className="text-sm text-destructive">{loadError}. Please reload the page.</p> : null}
    </div>
  );
}
