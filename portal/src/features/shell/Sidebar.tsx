import { styled } from '@tessera/widgets/stitches';
import { Link, useLocation } from 'react-router';
import { isCurrentLink, type SidebarLink } from './sidebar';

const Nav = styled('nav', {
  flex: '0 0 200px',
  padding: '$4 $3',
  backgroundColor: '$surface',
  borderRight: '1px solid $borderSubtle',
  '@media (max-width: 575.98px)': { flexBasis: 'auto', borderRight: 'none', borderBottom: '1px solid $borderSubtle' },
});

const List = styled('ul', { display: 'flex', flexDirection: 'column', gap: '$1', margin: 0, padding: 0, listStyle: 'none' });

const Item = styled(Link, {
  display: 'block',
  padding: '$2 $3',
  borderRadius: '$md',
  color: '$text',
  fontSize: '$2',
  fontWeight: '$medium',
  textDecoration: 'none',
  outline: 'none',
  '&:hover': { backgroundColor: '$surfaceMuted' },
  '&:focus-visible': { boxShadow: '$focus' },
  '&[aria-current="page"]': { backgroundColor: '$infoSurface', color: '$info' },
});

/** The sidebar of spec 2.3; the current section is marked (aria-current), also on the pages that belong to it. */
export function Sidebar({ label, links }: { label: string; links: SidebarLink[] }) {
  const { pathname } = useLocation();
  return (
    <Nav aria-label={label}>
      <List>
        {links.map((link) => (
          <li key={link.to}>
            <Item to={link.to} aria-current={isCurrentLink(link, pathname) ? 'page' : undefined}>
              {link.label}
            </Item>
          </li>
        ))}
      </List>
    </Nav>
  );
}
