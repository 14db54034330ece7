import type { Topic } from '@tessera/sdk';
import { styled } from '@tessera/widgets/stitches';
import { RouterProvider } from 'react-aria-components';
import { Link as AriaLink } from 'react-aria-components/Link';
import { ToggleButton } from 'react-aria-components/ToggleButton';
import { useHref, useNavigate } from 'react-router';
import { Badge } from '../../ui/Badge';
import { VisuallyHidden } from '../../ui/VisuallyHidden';

export type ProcedureStatus = 'complete' | 'incomplete' | 'none';

/**
 * Spec 2.8: green when every procedure row is complete, red otherwise, no badge without procedure rows (nor
 * for a `short` list's topic, which carries no counts).
 */
function procedureStatus(topic: Pick<Topic, 'total_procedures' | 'completed_procedures'>): ProcedureStatus {
  const total = topic.total_procedures ?? 0;
  if (total === 0) return 'none';
  return (topic.completed_procedures ?? 0) >= total ? 'complete' : 'incomplete';
}

const ProgressBadge = styled(Badge, {
  variants: {
    status: {
      complete: { backgroundColor: '$successSurface', color: '$success', border: '1px solid $success' },
      incomplete: { backgroundColor: '$dangerSurface', color: '$danger', border: '1px solid $danger' },
    },
  },
});

/** completed/total procedure rows of the topic for the caller. */
export function ProcedureBadge({ topic }: { topic: Pick<Topic, 'total_procedures' | 'completed_procedures'> }) {
  const status = procedureStatus(topic);
  if (status === 'none') return null;
  return (
    <ProgressBadge status={status} data-status={status}>
      {topic.completed_procedures}/{topic.total_procedures}
      <VisuallyHidden> procedures complete</VisuallyHidden>
    </ProgressBadge>
  );
}

const BadgeLink = styled(AriaLink, {
  borderRadius: '$round',
  outline: 'none',
  cursor: 'pointer',
  '&[data-focus-visible]': { boxShadow: '$focus' },
  '&[data-hovered] > *': { textDecoration: 'underline' },
});

/**
 * The knowledge-check badge of spec 2.8: a link to the topic's client check (spec section 2, client routes), or
 * nothing when the topic has no check. A react-aria link, so a press on it is its own and not the row's action
 * (opening the topic's items); it navigates through the portal's router.
 */
export function KnowledgeCheckBadge({ topic, to, label }: { topic: Pick<Topic, 'knowledgecheck_id'>; to?: string; label?: string }) {
  const navigate = useNavigate();
  if (topic.knowledgecheck_id === null) return null;
  if (!to) return <Badge tone="info">Knowledge Check</Badge>;
  return (
    <RouterProvider navigate={(path) => void navigate(path)} useHref={useHref}>
      <BadgeLink href={to} aria-label={label}>
        <Badge tone="info">Knowledge Check</Badge>
      </BadgeLink>
    </RouterProvider>
  );
}

const Star = styled(ToggleButton, {
  width: '32px',
  height: '32px',
  padding: 0,
  border: '1px solid transparent',
  borderRadius: '$round',
  backgroundColor: 'transparent',
  color: '$textMuted',
  fontSize: '$4',
  lineHeight: 1,
  cursor: 'pointer',
  outline: 'none',
  '&[data-hovered]': { backgroundColor: '$secondary' },
  '&[data-selected]': { color: '$warning' },
  '&[data-focus-visible]': { boxShadow: '$focus' },
  '&[data-disabled]': { cursor: 'progress' },
});

export interface StarToggleProps {
  topicName: string;
  isStarred: boolean;
  isPending?: boolean;
  onChange(isStarred: boolean): void;
}

/** A toggle button (aria-pressed) named after its topic: ★ when starred, ☆ otherwise. */
export function StarToggle({ topicName, isStarred, isPending = false, onChange }: StarToggleProps) {
  return (
    <Star aria-label={`Star ${topicName}`} isSelected={isStarred} isDisabled={isPending} onChange={onChange}>
      <span aria-hidden="true">{isStarred ? '★' : '☆'}</span>
    </Star>
  );
}
