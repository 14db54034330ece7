/** The pieces the knowledge-check screens share (plain components: a styled one cannot be exported with its types). */
import type { ReactNode } from 'react';
import { styled } from '../stitches.js';

/** The widget's own surface: the host page's background must not sit behind our text. */
export const rootStyle = {
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$3',
  lineHeight: '$body',
  textAlign: 'left',
  padding: '$4',
  backgroundColor: '$background',
  borderRadius: '$lg',
} as const;

const RootBox = /* @__PURE__ */ styled('div', rootStyle);
const RowBox = /* @__PURE__ */ styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$2' });
const MutedText = /* @__PURE__ */ styled('p', { display: 'flex', alignItems: 'center', gap: '$2', margin: 0, color: '$textMuted', fontSize: '$2' });

export function KcRoot({ children, ...data }: { children: ReactNode; [data: `data-${string}`]: string | undefined }) {
  return <RootBox {...data}>{children}</RootBox>;
}

export function Row({ children }: { children: ReactNode }) {
  return <RowBox>{children}</RowBox>;
}

export function Muted({ children, id, role }: { children: ReactNode; id?: string; role?: 'status' }) {
  return (
    <MutedText id={id} role={role}>
      {children}
    </MutedText>
  );
}
