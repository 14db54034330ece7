import type { ReactNode } from 'react';
import { styled } from '../stitches.js';

const Box = /* @__PURE__ */ styled('div', {
  boxSizing: 'border-box',
  padding: '$3 $4',
  borderRadius: '$md',
  borderLeft: '4px solid currentColor',
  fontFamily: '$body',
  fontSize: '$2',
  lineHeight: '$body',
  variants: {
    tone: {
      error: { backgroundColor: '$dangerSurface', color: '$danger' },
      success: { backgroundColor: '$successSurface', color: '$success' },
      warning: { backgroundColor: '$warningSurface', color: '$warning' },
      info: { backgroundColor: '$infoSurface', color: '$info' },
    },
  },
});

export type AlertTone = 'error' | 'success' | 'warning' | 'info';

export interface AlertProps {
  tone: AlertTone;
  children: ReactNode;
}

/** Errors and warnings interrupt (role alert); success and information wait their turn (role status). */
export function Alert({ tone, children }: AlertProps) {
  const role = tone === 'error' || tone === 'warning' ? 'alert' : 'status';
  return (
    <Box tone={tone} role={role} data-tone={tone} part="alert">
      {children}
    </Box>
  );
}
