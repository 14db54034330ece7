import type { MediaSummary } from '@tessera/sdk';
import { styled } from '@tessera/widgets/stitches';
import { Link as RouterLink } from 'react-router';
import type { ServerList } from '../../lists/useServerList';
import { Pagination } from '../../ui/Pagination';
import { ReadFailed } from '../../ui/ReadState';
import { SearchField } from '../../ui/SearchField';
import { Stack, Text } from '../../ui/Page';

const Grid = styled('ul', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: '$4',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '&[aria-busy="true"]': { opacity: 0.6 },
});

const CardLink = styled(RouterLink, {
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  overflow: 'hidden',
  border: '1px solid $borderSubtle',
  borderRadius: '$lg',
  backgroundColor: '$surface',
  boxShadow: '$card',
  color: '$text',
  textDecoration: 'none',
  outline: 'none',
  '&:hover': { borderColor: '$primary' },
  '&:focus-visible': { boxShadow: '$focus' },
});

const Picture = styled('img', { width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', backgroundColor: '$surfaceMuted' });

const NoPicture = styled('div', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  aspectRatio: '16 / 9',
  color: '#ffffff',
  fontSize: '2.5rem',
  fontWeight: '$bold',
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

/** Calm tints for cards without an image, chosen by the name so a card keeps its colour. */
const PLACEHOLDER_TINTS = [
  ['#1d4ed8', '#3b82f6'],
  ['#0f766e', '#14b8a6'],
  ['#7c3aed', '#a78bfa'],
  ['#b45309', '#f59e0b'],
  ['#be185d', '#f472b6'],
  ['#334155', '#64748b'],
] as const;

/** A card without an image: its initials on a tint of its own (decorative; the card's name says what it is). */
function placeholderOf(name: string): { initials: string; background: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const initials = words
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('');
  const hash = [...name].reduce((sum, character) => (sum * 31 + (character.codePointAt(0) ?? 0)) >>> 0, 7);
  const [from, to] = PLACEHOLDER_TINTS[hash % PLACEHOLDER_TINTS.length];
  return { initials, background: `linear-gradient(135deg, ${from}, ${to})` };
}

function CardPlaceholder({ name }: { name: string }) {
  const { initials, background } = placeholderOf(name);
  return (
    <NoPicture aria-hidden="true" data-placeholder="" style={{ background }}>
      {initials}
    </NoPicture>
  );
}

const Body = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2', padding: '$3 $4 $4' });

const Name = styled('h2', { margin: 0, fontSize: '$3', fontWeight: '$bold', lineHeight: '$tight', color: '$link' });

const Description = styled('p', { margin: 0, fontSize: '$2', color: '$textMuted', lineHeight: '$body' });

const Empty = styled(Text, { padding: '$4', textAlign: 'center', color: '$textMuted' });

/** A card's picture: the thumbnail when the image has one (spec 2.8), else the image itself. */
export function cardImageUrl(image: MediaSummary | null): string | null {
  if (!image) return null;
  return image.thumbnail?.url ?? image.url;
}

export interface ContentCard {
  id: string;
  name: string;
  description: string;
  main_image: MediaSummary | null;
}

export interface ContentCardsProps<T extends ContentCard, O extends string> {
  /** Names the list and its paging ("Modules" -> "Modules pages"). */
  label: string;
  list: ServerList<T, O>;
  /** Where a card leads (the module's components, the component's topics). */
  linkTo(row: T): string;
  emptyText: string;
  searchPlaceholder: string;
}

/** Modules or components as cards (picture, name, description), with the list's search and paging. */
export function ContentCards<T extends ContentCard, O extends string>({ label, list, linkTo, emptyText, searchPlaceholder }: ContentCardsProps<T, O>) {
  const { meta } = list;
  const showsNothing = list.rows.length === 0;
  // A first page that failed shows its failure alone (not an empty list's words).
  const failedFirst = list.error !== null && !meta;
  return (
    <Stack>
      <SearchField placeholder={searchPlaceholder} value={list.searchText} onChange={list.changeSearch} onSubmit={list.submitSearch} />
      <ReadFailed error={list.error} onRetry={list.reload} />
      {failedFirst ? null : showsNothing ? (
        <Empty role="status">{list.isLoading && !meta ? 'Loading...' : emptyText}</Empty>
      ) : (
        <Grid aria-label={label} aria-busy={list.isLoading || undefined}>
          {list.rows.map((row) => {
            const picture = cardImageUrl(row.main_image);
            return (
              <li key={row.id}>
                <CardLink to={linkTo(row)}>
                  {/* Decorative: the card's name says what it is. */}
                  {picture ? <Picture src={picture} alt="" loading="lazy" /> : <CardPlaceholder name={row.name} />}
                  <Body>
                    <Name>{row.name}</Name>
                    {row.description ? <Description>{row.description}</Description> : null}
                  </Body>
                </CardLink>
              </li>
            );
          })}
        </Grid>
      )}
      {meta && meta.total > 0 ? (
        <Pagination
          label={`${label} pages`}
          page={meta.current_page}
          lastPage={meta.last_page}
          total={meta.total}
          perPage={meta.per_page}
          onPage={list.goToPage}
        />
      ) : null}
    </Stack>
  );
}
