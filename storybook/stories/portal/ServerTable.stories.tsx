import { ROLE_NAMES, type MemberOrder } from '@portal/features/members/memberCalls';
import { formatDate } from '@portal/lib/dates';
import { ServerTable } from '@portal/lists/ServerTable';
import { useRowActions } from '@portal/lists/useRowActions';
import { SEARCH_DEBOUNCE_MS, useServerList } from '@portal/lists/useServerList';
import { Badge } from '@portal/ui/Badge';
import { FormFailure } from '@portal/ui/FormFailure';
import { Stack } from '@portal/ui/Page';
import { PersonCell } from '@portal/ui/PersonCell';
import { RowButton } from '@portal/ui/RowButton';
import type { TableColumn } from '@portal/ui/Table';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { styled } from '@tessera/widgets/stitches';
import { useState, useSyncExternalStore } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createFakeList, fakeCall, fieldErrors, type FakeList, type FakeListOptions } from './fakeApi';
import { MEMBERS, MEMBERS_BY_NAME, type StoryMember } from './members';
import { withPortalRouter } from './PortalRouter';

/**
 * The portal's one server-paged table (ServerTable with useServerList and useRowActions), shown as the
 * Members list of spec 2.9 against an in-memory server. Under the table the stories show what was
 * sent to that server, so sorting, paging and the search's timing can be followed.
 */
const meta = {
  title: 'Portal/ServerTable',
  parameters: { layout: 'padded' },
  decorators: [withPortalRouter()],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const SORTS: Record<string, (a: StoryMember, b: StoryMember) => number> = {
  user: (a, b) => a.name.localeCompare(b.name),
  role: (a, b) => a.role.localeCompare(b.role) || a.name.localeCompare(b.name),
  joined: (a, b) => a.joined.localeCompare(b.joined),
};

/** Somebody archived this member in another tab: archiving again is refused (the server's 422). */
const ARCHIVED_ELSEWHERE = MEMBERS_BY_NAME[2];
const ALREADY_ARCHIVED = 'This member is already archived.';

function archive(server: FakeList<StoryMember>, member: StoryMember) {
  if (member.id === ARCHIVED_ELSEWHERE.id) return fakeCall(fieldErrors({ is_deleted: [ALREADY_ARCHIVED] }));
  server.update((rows) => rows.filter((row) => row.id !== member.id));
  return fakeCall({ status: 204 });
}

function memberColumns(server: FakeList<StoryMember>, actions: ReturnType<typeof useRowActions>): TableColumn<StoryMember>[] {
  return [
    { id: 'name', title: 'Name', sortKey: 'user', isRowHeader: true, render: (member) => <PersonCell name={member.name} email={member.email} /> },
    { id: 'role', title: 'Role', sortKey: 'role', render: (member) => ROLE_NAMES[member.role] },
    {
      id: 'status',
      title: 'Status',
      render: (member) => <Badge tone={member.status === 'active' ? 'neutral' : 'bad'}>{member.status === 'active' ? 'Active' : 'Suspended'}</Badge>,
    },
    { id: 'joined', title: 'Joined', sortKey: 'joined', render: (member) => formatDate(member.joined) },
    {
      id: 'actions',
      title: 'Actions',
      render: (member) => (
        <RowButton
          aria-label={`Archive ${member.name}`}
          tone="danger"
          isDisabled={actions.isPending}
          onPress={() => void actions.run(member.id, () => archive(server, member), { title: 'Member archived' })}
        >
          Archive
        </RowButton>
      ),
    },
  ];
}

const Log = styled('section', { marginTop: '$4', color: '$textMuted', fontSize: '$1', fontFamily: 'monospace' });

/** What the table asked the fake server, as a person following the story reads it. */
function RequestLog({ server }: { server: FakeList<StoryMember> }) {
  const count = useSyncExternalStore(server.subscribe, () => server.requests.length);
  const last = server.requests.at(-1);
  return (
    <Log aria-label="Requests sent">
      {count} requests sent.
      {last ? ` Last: page=${last.page} order=${last.order} desc=${last.desc} search="${last.search}"` : null}
    </Log>
  );
}

function MembersTable({ server, selectable = false }: { server: FakeList<StoryMember>; selectable?: boolean }) {
  const list = useServerList({ key: ['story-members'], load: server.load, defaultOrder: 'user' as MemberOrder });
  const actions = useRowActions();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <Stack>
      <FormFailure messages={actions.messages} />
      <ServerTable
        label="Members"
        list={list}
        columns={memberColumns(server, actions)}
        rowKey={(member) => member.id}
        emptyText="No members found..."
        searchPlaceholder="Search by name or email"
        selection={selectable ? { selected, onChange: setSelected } : undefined}
        tools={selectable ? <span>{selected.size} selected</span> : undefined}
      />
      <RequestLog server={server} />
    </Stack>
  );
}

/** One fake server per story (made once, kept across re-renders). */
function Members({ selectable, ...options }: Partial<FakeListOptions<StoryMember>> & { selectable?: boolean }) {
  const [server] = useState(() =>
    createFakeList({
      rows: MEMBERS,
      matches: (member, term) => member.name.toLowerCase().includes(term) || member.email.includes(term),
      sorts: SORTS,
      ...options,
    }),
  );
  return <MembersTable server={server} selectable={selectable} />;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The table once its first page is shown. */
async function shown(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByText(MEMBERS_BY_NAME[0].email);
  return canvas;
}

const dataRows = (canvas: ReturnType<typeof within>) => canvas.getAllByRole('row').slice(1);

/** The first request is in flight: the table says Loading..., no rows and no paging yet. */
export const Loading: Story = {
  render: () => <Members answer="never" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(within(canvas.getByRole('grid', { name: 'Members' })).getByText('Loading...')).toBeInTheDocument();
    await expect(canvas.queryByText(MEMBERS_BY_NAME[0].email)).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Members pages' })).toBeNull();
  },
};

/** Name, Role and Joined sort on the server (a header click or Enter); sorting goes back to page 1. */
export const SortableColumns: Story = {
  render: () => <Members />,
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const name = canvas.getByRole('columnheader', { name: /Name/ });
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await expect(canvas.getByRole('columnheader', { name: 'Status' })).not.toHaveAttribute('aria-sort');
    await expect(dataRows(canvas)).toHaveLength(25);

    await userEvent.click(canvas.getByRole('button', { name: 'Page 2' }));
    await expect(await canvas.findByText('26–50 of 60')).toBeInTheDocument();

    await userEvent.click(name);
    await expect(await canvas.findByText('Tim Turing')).toBeInTheDocument();
    await expect(canvas.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(canvas.getByText('1–25 of 60')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(dataRows(canvas)[0]).toHaveTextContent('Tim Turing');
    await expect(canvas.getByRole('region', { name: 'Requests sent' })).toHaveTextContent('Last: page=1 order=user desc=true search=""');

    await userEvent.click(canvas.getByRole('columnheader', { name: /Joined/ }));
    await waitFor(() => expect(dataRows(canvas)[0]).toHaveTextContent(MEMBERS[0].name));
    await expect(canvas.getByRole('columnheader', { name: /Joined/ })).toHaveAttribute('aria-sort', 'ascending');
  },
};

/** Twelve pages of five: the first, the last and two either side of the current one, with gaps between. */
export const Pagination: Story = {
  render: () => <Members perPage={5} />,
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const paging = within(canvas.getByRole('navigation', { name: 'Members pages' }));
    await expect(paging.getByText('1–5 of 60')).toBeInTheDocument();
    await expect(paging.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(paging.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(paging.queryByRole('button', { name: 'Page 4' })).toBeNull();
    await expect(paging.getByText('…')).toBeInTheDocument();

    await userEvent.click(paging.getByRole('button', { name: 'Page 12' }));
    await expect(await paging.findByText('56–60 of 60')).toBeInTheDocument();
    await expect(paging.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(dataRows(canvas)).toHaveLength(5);

    await userEvent.click(paging.getByRole('button', { name: 'Previous page' }));
    await expect(await paging.findByText('51–55 of 60')).toBeInTheDocument();
    await expect(paging.getByRole('button', { name: 'Page 11' })).toHaveAttribute('aria-current', 'page');
    await expect(paging.getByRole('button', { name: 'Page 9' })).toBeInTheDocument();
  },
};

/** Typing sends nothing; the term goes to the server 750 ms after the last keystroke, from page 1. */
export const SearchAfterIdle: Story = {
  render: () => <Members />,
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const log = canvas.getByRole('region', { name: 'Requests sent' });
    await userEvent.click(canvas.getByRole('button', { name: 'Page 2' }));
    await expect(await canvas.findByText('26–50 of 60')).toBeInTheDocument();
    await expect(log).toHaveTextContent('2 requests sent.');

    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search by name or email' }), 'lovelace');
    await sleep(SEARCH_DEBOUNCE_MS / 2);
    await expect(log).toHaveTextContent('2 requests sent.');

    await waitFor(() => expect(log).toHaveTextContent('3 requests sent. Last: page=1 order=user desc=false search="lovelace"'), { timeout: 2000 });
    await expect(await canvas.findByText('1–12 of 12')).toBeInTheDocument();
    await expect(dataRows(canvas)[0]).toHaveTextContent('Ada Lovelace');
  },
};

/** Enter sends the term at once (and the idle timer does not send it a second time). */
export const SearchOnEnter: Story = {
  render: () => <Members />,
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const log = canvas.getByRole('region', { name: 'Requests sent' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search by name or email' }), 'turing{Enter}');
    await waitFor(() => expect(log).toHaveTextContent('2 requests sent. Last: page=1 order=user desc=false search="turing"'), {
      timeout: SEARCH_DEBOUNCE_MS / 2,
    });
    await expect(await canvas.findByText('1–12 of 12')).toBeInTheDocument();
    await sleep(SEARCH_DEBOUNCE_MS + 250);
    await expect(log).toHaveTextContent('2 requests sent.');

    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await expect(await canvas.findByText('1–25 of 60')).toBeInTheDocument();
  },
};

/** A search that finds nobody: the spec's empty-state text. */
export const NoMatches: Story = {
  render: () => <Members />,
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search by name or email' }), 'nobody{Enter}');
    await expect(await canvas.findByText('No members found...')).toBeInTheDocument();
    await expect(canvas.queryByText(/of 0/)).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Next page' })).toBeNull();
  },
};

/** An organization without members. */
export const Empty: Story = {
  render: () => <Members rows={[]} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No members found...')).toBeInTheDocument();
    await expect(canvas.queryByText(/of 0/)).toBeNull();
  },
};

/** The server fails (500): the portal's global error routing shows its error page. */
export const LoadError: Story = {
  render: () => <Members answer={{ status: 500, body: { message: 'Something went wrong.', code: 'internal_error', request_id: 'req-1' } }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: '500 - Something went wrong' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'GO TO HOME PAGE' })).toBeInTheDocument();
    await expect(canvas.queryByRole('grid')).toBeNull();
  },
};

/** No answer at all (offline): the No Response From Server page. */
export const NoResponse: Story = {
  render: () => <Members answer="no-response" />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'No Response From Server' })).toBeInTheDocument();
  },
};

/** Row actions run one at a time: a success reloads the page, a refusal (422) shows above the table. */
export const RowActions: Story = {
  render: () => <Members />,
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const archived = MEMBERS_BY_NAME[1];
    await userEvent.click(canvas.getByRole('button', { name: `Archive ${archived.name}` }));
    await expect(await canvas.findByText('1–25 of 59')).toBeInTheDocument();
    await expect(canvas.queryByText(archived.email)).toBeNull();

    await userEvent.click(canvas.getByRole('button', { name: `Archive ${ARCHIVED_ELSEWHERE.name}` }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(ALREADY_ARCHIVED);
    await expect(canvas.getByText(ARCHIVED_ELSEWHERE.email)).toBeInTheDocument();
  },
};

/** Select mode: a checkbox per row, a row click toggles it (the Members list's Remove All builds on it). */
export const SelectMode: Story = {
  render: () => <Members selectable />,
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const [first, second] = dataRows(canvas);
    await userEvent.click(within(first).getByRole('checkbox'));
    await userEvent.click(within(second).getByText(MEMBERS_BY_NAME[1].email));
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(within(first).getByRole('checkbox'));
    await expect(canvas.getByText('1 selected')).toBeInTheDocument();
  },
};
