import type {} from 'altcha/types/react';
import { globalCss, styled } from '@tessera/widgets/stitches';
import { useEffect, useEffectEvent, useRef } from 'react';

/** Where the ALTCHA widget fetches its proof-of-work challenge (served by the API). */
const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

/**
 * ALTCHA lays its (invisible until checked) checkmark over the checkbox without pointer-events: none,
 * so a click on the box's middle landed on the mark instead of the checkbox.
 */
const captchaFixes = globalCss({ 'altcha-widget .altcha-checkbox svg': { pointerEvents: 'none' } });

const Errors = styled('div', { display: 'flex', flexDirection: 'column', fontSize: '$1', color: '$danger' });

interface AltchaStateDetail {
  state: string;
  payload?: string;
}

export interface CaptchaProps {
  /** The solved payload once verified; null whenever the widget is not verified. */
  onChange(payload: string | null): void;
  /** Server messages for `recaptcha_token`. */
  errors: string[];
}

/**
 * The sign-up captcha: ALTCHA's self-hosted proof of work (the field keeps the spec's name,
 * recaptcha_token). Its script is imported here, so only the sign-up screen downloads it.
 * Remount it (change its key) to ask for a fresh proof after a failed sign-up.
 */
export function Captcha({ onChange, errors }: CaptchaProps) {
  captchaFixes();
  const widget = useRef<HTMLElement>(null);
  // The newest onChange, for a state change the widget reports later.
  const report = useEffectEvent((payload: string | null) => onChange(payload));

  useEffect(() => {
    void import('altcha');
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const follow = (event: Event) => {
      const { state, payload } = (event as CustomEvent<AltchaStateDetail>).detail;
      report(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', follow);
    return () => element.removeEventListener('statechange', follow);
  }, []);

  return (
    <div>
      <altcha-widget ref={widget} challenge={CAPTCHA_CHALLENGE_URL} name="recaptcha_token" />
      {errors.length ? (
        <Errors>
          {errors.map((message) => (
            <span key={message}>{message}</span>
          ))}
        </Errors>
      ) : null}
    </div>
  );
}
