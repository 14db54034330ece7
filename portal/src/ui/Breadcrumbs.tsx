import { styled } from '@tessera/widgets/stitches';
import { AppLink } from './AppLink';

const List = styled('ol', { display: 'flex', flexWrap: 'wrap', gap: '$2', margin: 0, padding: 0, listStyle: 'none', fontSize: '$2' });

const Item = styled('li', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  '&:not(:last-child)::after': { content: '">"', color: '$textMuted' },
});

export interface Crumb {
  label: string;
  /** Absent on the current page. */
  to?: string;
}

/** "Organizations > Edit": links back up, the current page last and marked. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <List>
        {crumbs.map((crumb) => (
          <Item key={crumb.label}>{crumb.to ? <AppLink to={crumb.to}>{crumb.label}</AppLink> : <span aria-current="page">{crumb.label}</span>}</Item>
        ))}
      </List>
    </nav>
  );
}
