import type { MediaSummary } from '@tessera/sdk';
import { styled } from '@tessera/widgets/theme';
import { Button } from '@tessera/widgets/ui';
import { useEffect, useState } from 'react';
import type { ApiOutcome } from '../../api/outcome';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { Text } from '../../ui/Page';
import { useOrganization } from '../organization/organizationContext';
import { fetchComponent, fetchModule, fetchTopic } from './clientCalls';
import { cardImageUrl } from './ContentCards';

export type PreviewTarget =
  | { kind: 'module'; name: string; moduleId: string }
  | { kind: 'component'; name: string; moduleId: string; componentId: string }
  | { kind: 'topic'; name: string; componentId: string; topicId: string };

interface PreviewContent {
  description: string;
  image: MediaSummary | null;
  /** "3 components", "12 items": what the folder holds. */
  summary: string | null;
}

const Picture = styled('img', { width: '100%', maxHeight: '240px', objectFit: 'cover', borderRadius: '$md' });

const count = (value: number | undefined, one: string) => (value === undefined ? null : `${value} ${one}${value === 1 ? '' : 's'}`);

async function fetchPreview(tenantId: string, target: PreviewTarget): Promise<ApiOutcome<PreviewContent>> {
  if (target.kind === 'module') {
    const outcome = await fetchModule(tenantId, target.moduleId);
    if (!outcome.ok) return outcome;
    const module = outcome.data.data;
    return { ok: true, data: { description: module.description, image: module.main_image, summary: count(module.components_count, 'component') } };
  }
  if (target.kind === 'component') {
    const outcome = await fetchComponent(tenantId, target.moduleId, target.componentId);
    if (!outcome.ok) return outcome;
    const component = outcome.data.data;
    return { ok: true, data: { description: component.description, image: component.main_image, summary: count(component.topics_count, 'topic') } };
  }
  const outcome = await fetchTopic(tenantId, target.componentId, target.topicId);
  if (!outcome.ok) return outcome;
  const topic = outcome.data.data;
  return { ok: true, data: { description: topic.description, image: null, summary: count(topic.items_count, 'item') } };
}

/** The content tree's preview of a module, component or topic (spec 2.8): Loading... while it is fetched. */
export function ContentPreview({ target, onClose }: { target: PreviewTarget | null; onClose(): void }) {
  const { organization } = useOrganization();
  // The content shown belongs to the target it was fetched for: another target reads Loading... until its own arrives.
  const [fetched, setFetched] = useState<{ target: PreviewTarget; content: PreviewContent } | null>(null);
  const content = fetched && fetched.target === target ? fetched.content : null;

  useEffect(() => {
    if (!target) return;
    let current = true;
    void fetchPreview(organization.id, target).then((outcome) => current && outcome.ok && setFetched({ target, content: outcome.data }));
    return () => {
      current = false;
    };
  }, [organization.id, target]);

  const picture = content ? cardImageUrl(content.image) : null;
  return (
    <ModalDialog title={target?.name ?? ''} isOpen={target !== null} isDismissable onOpenChange={(open) => !open && onClose()}>
      {content === null ? (
        <Text role="status">Loading...</Text>
      ) : (
        <>
          {picture ? <Picture src={picture} alt="" /> : null}
          <Text>{content.description}</Text>
          {content.summary ? <Text tone="muted">{content.summary}</Text> : null}
        </>
      )}
      <DialogActions>
        <Button variant="secondary" onPress={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
