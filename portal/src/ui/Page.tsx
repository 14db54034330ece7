import { Card, Heading } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { useId, type ReactNode } from 'react';
import { usePageTitle } from '../lib/usePageTitle';

export const Stack = styled('div', { display: 'flex', flexDirection: 'column', gap: '$4' });

export const Row = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3',
  variants: { justify: { between: { justifyContent: 'space-between' }, end: { justifyContent: 'flex-end' } } },
});

export const Text = styled('p', {
  margin: 0,
  variants: { tone: { muted: { color: '$textMuted', fontSize: '$2' } } },
});

export interface CardPageProps {
  /** The page's h1 and document title. */
  title: string;
  children: ReactNode;
}

/** A one-task screen: a card whose heading is the page's h1 (login, sign-up, exception pages...). */
export function CardPage({ title, children }: CardPageProps) {
  usePageTitle(title);
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <Heading level={1} id={headingId}>
        {title}
      </Heading>
      {children}
    </Card>
  );
}
