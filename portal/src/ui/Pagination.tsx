import { styled } from '@tessera/widgets/stitches';

const Nav = styled('nav', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '$3' });

const Pages = styled('ul', { display: 'flex', flexWrap: 'wrap', gap: '$1', margin: 0, padding: 0, listStyle: 'none' });

const Summary = styled('p', { margin: 0, color: '$textMuted', fontSize: '$2' });

const PageButton = styled('button', {
  minWidth: '36px',
  minHeight: '36px',
  padding: '0 $2',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  backgroundColor: '$surface',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$2',
  cursor: 'pointer',
  outline: 'none',
  '&:hover:not(:disabled)': { backgroundColor: '$secondary' },
  '&:focus-visible': { boxShadow: '$focus' },
  '&:disabled': { cursor: 'not-allowed', color: '$disabledText', backgroundColor: '$disabledSurface' },
  '&[aria-current="page"]': { backgroundColor: '$primary', borderColor: '$primary', color: '$primaryText' },
});

const Gap = styled('li', { alignSelf: 'center', padding: '0 $1', color: '$textMuted' });

/** The page numbers to offer: the first, the last, and two either side of the current one. */
export function visiblePages(current: number, last: number): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  for (let page = 1; page <= last; page += 1) {
    const near = Math.abs(page - current) <= 2;
    if (page === 1 || page === last || near) pages.push(page);
    else if (pages.at(-1) !== 'gap') pages.push('gap');
  }
  return pages;
}

export interface PaginationProps {
  /** Names the navigation landmark ("Users pages"). */
  label: string;
  page: number;
  lastPage: number;
  total: number;
  perPage: number;
  onPage(page: number): void;
}

/** Paging of a server list: previous, numbered pages (current marked) and next, all labelled buttons. */
export function Pagination({ label, page, lastPage, total, perPage, onPage }: PaginationProps) {
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  return (
    <Nav aria-label={label}>
      <Summary>
        {first}–{last} of {total}
      </Summary>
      {lastPage > 1 ? (
        <Pages>
          <li>
            <PageButton type="button" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
              ‹
            </PageButton>
          </li>
          {visiblePages(page, lastPage).map((entry, index) =>
            entry === 'gap' ? (
              <Gap key={`gap-${index}`} aria-hidden="true">
                …
              </Gap>
            ) : (
              <li key={entry}>
                <PageButton type="button" aria-label={`Page ${entry}`} aria-current={entry === page ? 'page' : undefined} onClick={() => onPage(entry)}>
                  {entry}
                </PageButton>
              </li>
            ),
          )}
          <li>
            <PageButton type="button" aria-label="Next page" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
              ›
            </PageButton>
          </li>
        </Pages>
      ) : null}
    </Nav>
  );
}
