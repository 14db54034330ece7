import { styled } from '@tessera/widgets/stitches';
import { Button, Heading } from '@tessera/widgets/ui';
import { useState } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { loadRecord, param } from '../../guards/records';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { useRowActions } from '../../lists/useRowActions';
import { AppLink } from '../../ui/AppLink';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { FormFailure } from '../../ui/FormFailure';
import { Row, Stack, Text } from '../../ui/Page';
import { PersonBadges, PersonCell } from '../../ui/PersonCell';
import { useDeleteQuestion } from '../../ui/ConfirmDialog';
import { useOrganization } from '../organization/organizationContext';
import { DELETE_SUGGESTION_QUESTION, deleteSuggestion, getSuggestion, markSuggestion, type Suggestion } from './suggestionCalls';
import { suggestionsPath } from './SuggestionsPage';

/** /:organization/admin/suggestions/:suggestion: the suggestion with its sender, images and relations. */
export function suggestionLoader({ params, request }: LoaderFunctionArgs): Promise<Suggestion | null> {
  const [tenantId, suggestionId] = [param(params, 'organization'), param(params, 'suggestion')];
  return loadRecord(request, ['suggestions', tenantId, suggestionId], () => getSuggestion(tenantId, suggestionId));
}

const Details = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$3 $5',
  margin: 0,
  '& dt': { fontWeight: '$bold' },
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
});

const Message = styled('p', { margin: 0, whiteSpace: 'pre-wrap' });

const Images = styled('ul', { display: 'flex', flexWrap: 'wrap', gap: '$3', margin: 0, padding: 0, listStyle: 'none' });

const ImageLink = styled('a', { display: 'block', borderRadius: '$sm', outline: 'none', '&:focus-visible': { boxShadow: '$focus' } });

const Thumbnail = styled('img', { display: 'block', maxWidth: '200px', maxHeight: '150px', border: '1px solid $borderSubtle' });

const Relations = styled('ul', { display: 'flex', flexDirection: 'column', gap: '$1', margin: 0, paddingLeft: '$4' });

/** Spec 2.9: Relates To links to the module's components, the component's topics and the topic's items (admin views). */
export function relationLinks(organizationSlug: string, suggestion: Pick<Suggestion, 'module' | 'component' | 'topic'>) {
  const admin = `/${encodeURIComponent(organizationSlug)}/admin`;
  const links: { label: string; to: string }[] = [];
  if (suggestion.module) links.push({ label: `Module: ${suggestion.module.name}`, to: `${admin}/modules/${suggestion.module.id}/components` });
  if (suggestion.component) {
    links.push({ label: `Component: ${suggestion.component.name}`, to: `${admin}/components/${suggestion.component.id}/topics` });
  }
  if (suggestion.topic) links.push({ label: `Topic: ${suggestion.topic.name}`, to: `${admin}/topics/${suggestion.topic.id}/items` });
  return links;
}

function SuggestionDetails({ suggestion }: { suggestion: Suggestion }) {
  const { organization } = useOrganization();
  const links = relationLinks(organization.slug, suggestion);
  return (
    <Details>
      <dt>Suggestion ID</dt>
      <dd>{suggestion.id}</dd>
      <dt>Text</dt>
      <dd>
        <Message>{suggestion.text}</Message>
      </dd>
      <dt>Images</dt>
      <dd>
        {suggestion.media.length ? (
          <Images>
            {suggestion.media.map((image, index) => (
              <li key={image.id}>
                <ImageLink href={image.url} target="_blank" rel="noopener" aria-label={`Open image ${index + 1} (${image.name}) in a new window`}>
                  <Thumbnail src={image.thumbnail?.url ?? image.url} alt="" />
                </ImageLink>
              </li>
            ))}
          </Images>
        ) : (
          'None'
        )}
      </dd>
      <dt>From</dt>
      <dd>
        <PersonCell name={suggestion.user.name} email={suggestion.user.email} badges={<PersonBadges user={suggestion.user} />} />
      </dd>
      <dt>Relates To</dt>
      <dd>
        {links.length ? (
          <Relations>
            {links.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to}>{link.label}</AppLink>
              </li>
            ))}
          </Relations>
        ) : (
          'None'
        )}
      </dd>
      <dt>Sent</dt>
      <dd>{formatDate(suggestion.created_at)}</dd>
    </Details>
  );
}

/** Mark read or unread, and delete (back to the inbox). */
function SuggestionActions({ suggestion, onChange }: { suggestion: Suggestion; onChange(next: Suggestion): void }) {
  const { organization } = useOrganization();
  const navigate = useNavigate();
  const actions = useRowActions();
  const deletion = useDeleteQuestion({
    question: DELETE_SUGGESTION_QUESTION,
    name: (asked: Suggestion) => `the suggestion from ${asked.user.name}`,
    actions,
    remove: (asked: Suggestion) => deleteSuggestion(organization.id, asked),
    deleted: () => ({ title: 'Suggestion deleted' }),
    // Back to the inbox.
    onDeleted: () => navigate(suggestionsPath(organization.slug)),
  });
  const unread = suggestion.is_active;

  async function mark() {
    const outcome = await markSuggestion(organization.id, suggestion, !unread);
    if (outcome.ok) onChange(outcome.data.data);
    return outcome;
  }

  return (
    <>
      <FormFailure messages={actions.messages} />
      <Row>
        <Text>{unread ? 'Unread' : 'Read'}</Text>
        <Button
          variant="secondary"
          isDisabled={!suggestion.abilities.update}
          onPress={() => void actions.run(suggestion.id, mark, { title: unread ? 'Suggestion marked read' : 'Suggestion marked unread' })}
        >
          {unread ? 'Mark Read' : 'Mark Unread'}
        </Button>
        <Button variant="danger" isDisabled={!suggestion.abilities.delete} onPress={() => deletion.ask(suggestion)}>
          Delete
        </Button>
      </Row>
      {deletion.dialog}
    </>
  );
}

/** /:organization/admin/suggestions/:suggestion (spec 2.9): Suggestion view, breadcrumb Suggestions > View. */
export function SuggestionPage() {
  usePageTitle('Suggestion');
  const loaded = useLoaderData() as Suggestion | null;
  const { organization } = useOrganization();
  if (!loaded) return null;
  return (
    <Stack>
      <Breadcrumbs crumbs={[{ label: 'Suggestions', to: suggestionsPath(organization.slug) }, { label: 'View' }]} />
      <Heading level={1}>Suggestion</Heading>
      <SuggestionView key={loaded.id} loaded={loaded} />
    </Stack>
  );
}

/** The suggestion as last answered by the server (marking it read answers the new state). */
function SuggestionView({ loaded }: { loaded: Suggestion }) {
  const [suggestion, setSuggestion] = useState(loaded);
  return (
    <>
      <SuggestionActions suggestion={suggestion} onChange={setSuggestion} />
      <SuggestionDetails suggestion={suggestion} />
    </>
  );
}
