import { styled } from '@tessera/widgets/stitches';
import { Link } from '@tessera/widgets/ui';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../../ui/AppLink';
import { VisuallyHidden } from '../../ui/VisuallyHidden';

/** The external help page (spec 2.3); a deployment may point it elsewhere with VITE_HELP_URL. */
export const HELP_URL: string = import.meta.env.VITE_HELP_URL ?? 'https://tessera.example/help';

const Details = styled('details', { position: 'relative', minWidth: 0, flexShrink: 1 });

const Summary = styled('summary', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  maxWidth: '320px',
  listStyle: 'none',
  '&::-webkit-details-marker': { display: 'none' },
  '@media (max-width: 575.98px)': { maxWidth: '45vw' },
  backgroundColor: '$surface',
  '&:hover': { backgroundColor: '$surfaceMuted' },
  padding: '$2 $3',
  borderRadius: '$md',
  border: '1px solid $borderSubtle',
  cursor: 'pointer',
  fontSize: '$2',
  outline: 'none',
  '&:focus-visible': { boxShadow: '$focus' },
});

const Email = styled('span', { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

const Avatar = styled('span', {
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '24px',
  height: '24px',
  borderRadius: '$round',
  backgroundColor: '$primary',
  color: '$primaryText',
  fontSize: '$1',
  fontWeight: '$bold',
  textTransform: 'uppercase',
});

const Chevron = styled('span', { flexShrink: 0, fontSize: '$1', color: '$textMuted', 'details[open] &': { transform: 'rotate(180deg)' } });

const Items = styled('ul', {
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 4px)',
  zIndex: 20,
  minWidth: '180px',
  margin: 0,
  padding: '$2 0',
  listStyle: 'none',
  backgroundColor: '$surface',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  boxShadow: '$card',
  '& li': { padding: 0 },
  // Menu entries: whole-width rows, not underlined links.
  '& li > a': {
    display: 'block',
    padding: '$2 $4',
    color: '$text',
    textDecoration: 'none',
    outline: 'none',
    '&:hover': { backgroundColor: '$surfaceMuted' },
    '&:focus-visible': { boxShadow: 'inset 0 0 0 2px $colors$focus' },
  },
});

/**
 * The account menu of the top bar (spec 2.3): the user's email opens Profile, Settings (inside an
 * organization, not for owners: the content tree where a member picks what to see), Logout and the
 * external Help. A native
 * disclosure (details/summary) keeps it keyboard-usable; it closes on navigation, Escape and
 * a click elsewhere.
 */
export function UserMenu({ email, settingsPath }: { email: string; settingsPath: string | null }) {
  const details = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [pathname]);

  useEffect(() => {
    function closeOutside(event: MouseEvent) {
      if (details.current && !details.current.contains(event.target as Node)) details.current.open = false;
    }
    document.addEventListener('click', closeOutside);
    return () => document.removeEventListener('click', closeOutside);
  }, []);

  function closeOnEscape(event: React.KeyboardEvent) {
    if (event.key !== 'Escape' || !details.current?.open) return;
    details.current.open = false;
    details.current.querySelector('summary')?.focus();
  }

  return (
    <Details ref={details} onKeyDown={closeOnEscape}>
      <Summary>
        <Avatar aria-hidden="true">{email.charAt(0)}</Avatar>
        <Email>
          <VisuallyHidden>Account menu for </VisuallyHidden>
          {email}
        </Email>
        <Chevron aria-hidden="true">▾</Chevron>
      </Summary>
      <Items>
        <li>
          <AppLink to="/profile">Profile</AppLink>
        </li>
        {settingsPath ? (
          <li>
            <AppLink to={settingsPath}>Settings</AppLink>
          </li>
        ) : null}
        <li>
          <AppLink to="/logout">Logout</AppLink>
        </li>
        <li>
          <Link href={HELP_URL} target="_blank" rel="noopener noreferrer">
            Help<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Link>
        </li>
      </Items>
    </Details>
  );
}
