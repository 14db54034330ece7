import type { MediaSummary } from '@tessera/sdk';
import { styled } from '@tessera/widgets/stitches';
import { Button } from '@tessera/widgets/ui';
import { useQuery } from '@tanstack/react-query';
import type { ApiOutcome } from '../../api/outcome';
import { unwrap } from '../../api/queries';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { Text } from '../../ui/Page';
import { ReadFailed } from '../../ui/ReadState';
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
  // One query per target: another target reads Loading... until its own arrives.
  const preview = useQuery({
    queryKey: [`${target?.kind ?? 'module'}s`, organization.id, 'preview', target],
    queryFn: async () => unwrap(await fetchPreview(organization.id, target as PreviewTarget)),
    enabled: target !== null,
  });
  const content = preview.data ?? null;

  const picture = content ? cardImageUrl(content.image) : null;
  return (
    <ModalDialog title={target?.name ?? ''} isOpen={target !== null} isDismissable onOpenChange={(open) => !open && onClose()}>
      {preview.isError ? (
        <ReadFailed error={preview.error} onRetry={() => void preview.refetch()} />
      ) : content === null ? (
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
