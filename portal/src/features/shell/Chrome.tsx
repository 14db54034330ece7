import { styled } from '@tessera/widgets/stitches';
import { Link as RouterLink } from 'react-router';

/** The page's banner landmark. */
export const Header = styled('header', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$4',
  padding: '$3 $5',
  backgroundColor: '$surface',
  borderBottom: '1px solid $borderSubtle',
  // A phone (375 px): the bar fits its width; long names and the email are shortened with an ellipsis.
  '@media (max-width: 575.98px)': { gap: '$2', padding: '$2 $3' },
});

/** The page's main landmark; screens render inside it. */
export const Main = styled('main', {
  // The skip link's target takes focus programmatically; it needs no ring of its own.
  outline: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  padding: '$5',
  '@media (max-width: 575.98px)': { padding: '$3' },
  variants: {
    layout: {
      centered: { alignItems: 'center', paddingTop: '$6' },
      wide: { maxWidth: '960px', width: '100%', margin: '0 auto' },
      // Beside a sidebar: takes the rest of the row, wide enough for tables. The width is for a phone, where the
      // sidebar stacks above it (a column): auto margins would otherwise shrink it to its content, so the page
      // would jump sideways when a list's rows arrive.
      app: { flex: 1, minWidth: 0, width: '100%', maxWidth: '1200px', margin: '0 auto' },
    },
  },
});

/** The logo link home. */
export const Logo = styled(RouterLink, {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  color: '$primary',
  fontSize: '$4',
  fontWeight: '$bold',
  letterSpacing: '0.02em',
  textDecoration: 'none',
  borderRadius: '$sm',
  outline: 'none',
  '&:focus-visible': { boxShadow: '$focus' },
});

/** The Tessera mark: four tiles of a mosaic. */
export function LogoMark() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="10" height="10" rx="2" fill="currentColor" />
      <rect x="13" y="1" width="10" height="10" rx="2" fill="currentColor" opacity="0.55" />
      <rect x="1" y="13" width="10" height="10" rx="2" fill="currentColor" opacity="0.55" />
      <rect x="13" y="13" width="10" height="10" rx="2" fill="currentColor" />
    </svg>
  );
}
