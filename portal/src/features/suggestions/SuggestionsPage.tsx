import { Heading } from '@tessera/widgets/ui';
import { useNavigate } from 'react-router';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { ServerTable } from '../../lists/ServerTable';
import { useRowActions } from '../../lists/useRowActions';
import { useServerList } from '../../lists/useServerList';
import { FormFailure } from '../../ui/FormFailure';
import { Stack } from '../../ui/Page';
import { PersonBadges, PersonCell } from '../../ui/PersonCell';
import { RowActions, RowButton, RowLink } from '../../ui/RowButton';
import type { TableColumn } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { useDeleteQuestion } from '../../ui/ConfirmDialog';
import { useOrganization } from '../organization/organizationContext';
import { cutText } from './cutText';
import { DELETE_SUGGESTION_QUESTION, deleteSuggestion, listSuggestions, markSuggestion, type Suggestion, type SuggestionOrder } from './suggestionCalls';
import { useUrlTab } from '../../lists/listParams';

/** The page's tabs; the first is the default (lists/listParams.ts keeps the choice in the URL). */
const SUGGESTIONS_TABS = ['unread', 'read'] as const;

export function suggestionsPath(organizationSlug: string) {
  return `/${encodeURIComponent(organizationSlug)}/admin/suggestions`;
}

function useSuggestionColumns(unread: boolean, actions: ReturnType<typeof useRowActions>, askDelete: (suggestion: Suggestion) => void) {
  const { organization } = useOrganization();
  const base = suggestionsPath(organization.slug);
  const from = (suggestion: Suggestion) => suggestion.user.name || suggestion.user.email;
  const columns: TableColumn<Suggestion>[] = [
    {
      id: 'from',
      title: 'From',
      sortKey: 'user',
      isRowHeader: true,
      render: (suggestion) => <PersonCell name={suggestion.user.name} email={suggestion.user.email} badges={<PersonBadges user={suggestion.user} />} />,
    },
    { id: 'text', title: 'Text', render: (suggestion) => cutText(suggestion.text) },
    { id: 'sent', title: 'Sent', sortKey: 'sent', render: (suggestion) => formatDate(suggestion.created_at) },
    {
      id: 'actions',
      title: 'Actions',
      render: (suggestion) => (
        <RowActions>
          <RowLink to={`${base}/${suggestion.id}`} aria-label={`View the suggestion from ${from(suggestion)}`}>
            View
          </RowLink>
          <RowButton
            aria-label={`${unread ? 'Mark Read' : 'Mark Unread'}: the suggestion from ${from(suggestion)}`}
            isDisabled={!suggestion.abilities.update || actions.isPending}
            onPress={() =>
              void actions.run(suggestion.id, () => markSuggestion(organization.id, suggestion, !unread), {
                title: unread ? 'Suggestion marked read' : 'Suggestion marked unread',
                description: `The suggestion from ${from(suggestion)} is in the ${unread ? 'Read' : 'Unread'} tab.`,
              })
            }
          >
            {unread ? 'Mark Read' : 'Mark Unread'}
          </RowButton>
          <RowButton
            aria-label={`Delete the suggestion from ${from(suggestion)}`}
            tone="danger"
            isDisabled={!suggestion.abilities.delete || actions.isPending}
            onPress={() => askDelete(suggestion)}
          >
            Delete
          </RowButton>
        </RowActions>
      ),
    },
  ];
  return columns;
}

function SuggestionList({ unread }: { unread: boolean }) {
  const { organization } = useOrganization();
  const navigate = useNavigate();
  // Spec section 9: suggestions sort by sent, newest first.
  const list = useServerList({
    key: ['suggestions', organization.id, unread],
    load: listSuggestions(organization.id, unread),
    defaultOrder: 'sent' as SuggestionOrder,
    defaultDesc: true,
  });
  const actions = useRowActions();
  const deletion = useDeleteQuestion({
    question: DELETE_SUGGESTION_QUESTION,
    name: (suggestion: Suggestion) => `the suggestion from ${suggestion.user.name}`,
    actions,
    remove: (suggestion: Suggestion) => deleteSuggestion(organization.id, suggestion),
    deleted: () => ({ title: 'Suggestion deleted' }),
  });
  const columns = useSuggestionColumns(unread, actions, deletion.ask);

  return (
    <Stack>
      <FormFailure messages={actions.messages} />
      <ServerTable
        label={unread ? 'Unread suggestions' : 'Read suggestions'}
        list={list}
        columns={columns}
        rowKey={(suggestion) => suggestion.id}
        emptyText="No suggestions found..."
        searchPlaceholder="Search name, email or text"
        rowAction={(suggestion) => () => navigate(`${suggestionsPath(organization.slug)}/${suggestion.id}`)}
      />
      {deletion.dialog}
    </Stack>
  );
}

/** /:organization/admin/suggestions (spec 2.9): the inbox, tabs Unread and Read; masters and owners. */
export function SuggestionsPage() {
  usePageTitle('Suggestions');
  const [tab, setTab] = useUrlTab(SUGGESTIONS_TABS);
  return (
    <Stack>
      <Heading level={1}>Suggestions</Heading>
      <Tabs
        label="Suggestions"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'unread', title: 'Unread', panel: <SuggestionList key="unread" unread /> },
          { id: 'read', title: 'Read', panel: <SuggestionList key="read" unread={false} /> },
        ]}
      />
    </Stack>
  );
}
