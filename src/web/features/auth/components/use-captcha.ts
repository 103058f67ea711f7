import { useRef, useState } from 'react';
import { CAPTCHA_BYPASS_TOKEN } from '../../../../common/constants';
import type { TurnstileHandle } from './turnstile';

/**
 * The token a login or registration sends: the solved Turnstile token when captcha is enabled,
 * the bypass token otherwise (spec §4).
 */
export function useCaptcha(enabled: boolean) {
  const [solvedToken, setSolvedToken] = useState('');
  const widget = useRef<TurnstileHandle>(null);
  return {
    enabled,
    token: enabled ? solvedToken : CAPTCHA_BYPASS_TOKEN,
    setToken: setSolvedToken,
    widget,
    reset: () => widget.current?.reset(),
  };
}
