import { styled } from '@tessera/widgets/stitches';
import { Link } from 'react-router';

const List = styled('ul', { display: 'flex', gap: '$1', margin: 0, padding: 0, listStyle: 'none', borderBottom: '1px solid $borderSubtle' });

const Item = styled(Link, {
  display: 'block',
  padding: '$2 $4',
  borderBottom: '3px solid transparent',
  color: '$textMuted',
  fontFamily: '$body',
  fontSize: '$3',
  fontWeight: '$medium',
  textDecoration: 'none',
  outline: 'none',
  '&:hover': { color: '$text' },
  '&:focus-visible': { boxShadow: '$focus', borderRadius: '$sm' },
  '&[aria-current="page"]': { color: '$primary', borderBottomColor: '$primary' },
});

export type ReportName = 'snapshot' | 'knowledgecheck';

/** The reports of the Reports section (spec 2.9 and the knowledge checks document): the snapshot and the Knowledge Checks report. */
export function ReportsNav({ organization, current }: { organization: string; current: ReportName }) {
  const base = `/${encodeURIComponent(organization)}/admin/reports`;
  const links: { name: ReportName; label: string; to: string }[] = [
    { name: 'snapshot', label: 'Snapshot', to: base },
    { name: 'knowledgecheck', label: 'Knowledge Checks', to: `${base}/knowledgecheck` },
  ];
  return (
    <nav aria-label="Reports">
      <List>
        {links.map((link) => (
          <li key={link.name}>
            <Item to={link.to} aria-current={link.name === current ? 'page' : undefined}>
              {link.label}
            </Item>
          </li>
        ))}
      </List>
    </nav>
  );
}
