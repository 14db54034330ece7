import { styled } from '@tessera/widgets/theme';
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
});

/** The page's main landmark; screens render inside it. */
export const Main = styled('main', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  padding: '$5',
  variants: {
    layout: {
      centered: { alignItems: 'center', paddingTop: '$6' },
      wide: { maxWidth: '960px', width: '100%', margin: '0 auto' },
    },
  },
});

/** The wordmark, linking home. */
export const Logo = styled(RouterLink, {
  color: '$primary',
  fontSize: '$4',
  fontWeight: '$bold',
  letterSpacing: '0.02em',
  textDecoration: 'none',
  borderRadius: '$sm',
  outline: 'none',
  '&:focus-visible': { boxShadow: '$focus' },
});
