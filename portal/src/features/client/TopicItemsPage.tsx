import { useQueryClient } from '@tanstack/react-query';
import type { Topic } from '@tessera/sdk';
import { TopicViewer } from '@tessera/widgets';
import { Alert, Button } from '@tessera/widgets/ui';
import { useState } from 'react';
import { useLoaderData, useSearchParams } from 'react-router';
import { client } from '../../api/client';
import { usePageTitle } from '../../lib/usePageTitle';
import { AppLink } from '../../ui/AppLink';
import { Row, Stack, Text } from '../../ui/Page';
import { readPreviewItems } from '../items-editor/previewDraft';
import { useOrganization } from '../organization/organizationContext';
import { actsAsMember, ClientHeader } from './ClientHeader';
import { clientPaths } from './clientPaths';
import { SUGGESTION_SENT, SuggestEditDialog } from './SuggestEdit';

export { clientTopicLoader } from './clientCalls';

/** Spec 2.8: preview mode is for authors checking their work, with the way back to the items editor. */
function PreviewBanner({ editorPath }: { editorPath: string }) {
  return (
    <Alert tone="info">
      <Row justify="between">
        <span>You are previewing this topic as learners see it.</span>
        <AppLink to={editorPath}>Back to editing</AppLink>
      </Row>
    </Alert>
  );
}

function SuggestEdit({ topic }: { topic: Topic }) {
  const [isOpen, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <>
      <Row>
        <Button
          variant="secondary"
          onPress={() => {
            setSent(false);
            setOpen(true);
          }}
        >
          Suggest an edit
        </Button>
      </Row>
      {sent ? <Alert tone="success">{SUGGESTION_SENT}</Alert> : null}
      {isOpen ? (
        <SuggestEditDialog
          topic={topic}
          isOpen
          onClose={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            setSent(true);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * /:organization/modules/:module/components/:component/topics/:topic/items (spec 2.8): the topic
 * in the TopicViewer widget. `?preview` (from the items editor) shows the banner and no procedure
 * toggles; the owner, who has no progress of their own, sees no toggles either. With `dontFetch`
 * the editor has left its unsaved list in the preview draft, and the viewer shows that list instead of the saved one.
 */
export function TopicItemsPage() {
  const topic = useLoaderData() as Topic | null;
  usePageTitle(topic?.name ?? 'Items');
  const { organization, role } = useOrganization();
  const [query] = useSearchParams();
  const queries = useQueryClient();
  const isPreview = query.has('preview');
  // Read once: the viewer fetches again whenever it is handed a different array.
  const [draftItems] = useState(() => (topic && isPreview && query.has('dontFetch') ? (readPreviewItems(topic.id) ?? undefined) : undefined));
  if (!topic) return null;
  const paths = clientPaths(organization.slug);
  const moduleId = topic.component.module.id;
  return (
    <Stack>
      <ClientHeader
        title={topic.name}
        crumbs={[
          { label: 'Modules', to: paths.modules },
          { label: 'Components', to: paths.components(moduleId) },
          { label: 'Topics', to: paths.topics(moduleId, topic.component_id) },
          { label: 'Items' },
        ]}
        adminPath={paths.admin.items(topic.id)}
      />
      {isPreview ? <PreviewBanner editorPath={paths.admin.items(topic.id)} /> : null}
      {topic.description ? <Text tone="muted">{topic.description}</Text> : null}
      {!isPreview && actsAsMember(role) ? <SuggestEdit topic={topic} /> : null}
      <TopicViewer
        key={topic.id}
        client={client}
        organization={organization.id}
        topic={topic.id}
        preview={isPreview}
        items={draftItems}
        readOnly={!actsAsMember(role)}
        // The widget's own write (a procedure row ticked) changes the topics' counts of completed rows.
        onComplete={() => void queries.invalidateQueries({ queryKey: ['topics'] })}
        showTitle={false}
        // The page's h1 is the topic's name (ClientHeader): the rows are the h2s under it.
        headingLevel={1}
      />
    </Stack>
  );
}
