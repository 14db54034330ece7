import type { ContentTreeModule } from '@tessera/sdk';
import { styled } from '@tessera/widgets/stitches';
import { Heading } from '@tessera/widgets/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Checkbox as AriaCheckbox } from 'react-aria-components/Checkbox';
import { useLocation, useNavigate } from 'react-router';
import { unwrap, useApiMutation } from '../../api/queries';
import { usePageTitle } from '../../lib/usePageTitle';
import { AppLink } from '../../ui/AppLink';
import { CheckMark } from '../../ui/CheckMark';
import { Stack, Text } from '../../ui/Page';
import { ReadState } from '../../ui/ReadState';
import { useOrganization } from '../organization/organizationContext';
import { loadContentTree, setComponentHidden, setModuleHidden } from './clientCalls';
import { clientPaths } from './clientPaths';
import { isPartlyShown, toggleInTree, type HiddenChange, type TreeTarget } from './contentTree';
import { ContentPreview, type PreviewTarget } from './ContentPreview';

const CONTENT_TREE_TITLE = 'Select modules and components you would like to see';

const Branch = styled('ul', {
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '& &': { paddingLeft: '$6' },
});

const Line = styled('div', { display: 'flex', alignItems: 'center', gap: '$2', minHeight: '36px' });

const FolderToggle = styled('button', {
  minWidth: '36px',
  height: '28px',
  padding: '0 $1',
  border: '1px solid $borderSubtle',
  borderRadius: '$sm',
  backgroundColor: '$surface',
  color: '$text',
  fontFamily: '$mono',
  fontSize: '$2',
  cursor: 'pointer',
  outline: 'none',
  '&:hover': { backgroundColor: '$secondary' },
  '&:focus-visible': { boxShadow: '$focus' },
});

/** Topics have no folder toggle: this keeps their names in line with their siblings'. */
const Spacer = styled('span', { display: 'inline-block', width: '36px' });

const CheckboxRoot = styled(AriaCheckbox, { display: 'inline-flex', alignItems: 'center', cursor: 'pointer' });

const NameButton = styled('button', {
  padding: '$1',
  border: 'none',
  borderRadius: '$sm',
  backgroundColor: 'transparent',
  color: '$link',
  fontFamily: '$body',
  fontSize: '$3',
  textAlign: 'left',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  outline: 'none',
  '&:focus-visible': { boxShadow: '$focus' },
  variants: { kind: { module: { fontWeight: '$bold' }, component: { fontWeight: '$medium' }, topic: {} } },
});

interface VisibilityCheckboxProps {
  name: string;
  isSelected: boolean;
  /** A shown module with some components hidden: mixed; a press shows it all. */
  isIndeterminate?: boolean;
  onChange(checked: boolean): void;
}

/** A module's or component's checkbox: checked while it is shown, named after what it shows. */
function VisibilityCheckbox({ name, isSelected, isIndeterminate = false, onChange }: VisibilityCheckboxProps) {
  return (
    <CheckboxRoot aria-label={`Show ${name}`} isSelected={isSelected && !isIndeterminate} isIndeterminate={isIndeterminate} onChange={onChange}>
      <CheckMark aria-hidden="true">{isIndeterminate ? '–' : isSelected ? '✓' : null}</CheckMark>
    </CheckboxRoot>
  );
}

interface FolderProps {
  name: string;
  kind: 'module' | 'component';
  checkbox: ReactNode;
  onOpenName(): void;
  children: ReactNode;
}

/** A folder of the tree: [+] / [-] shows or hides what it holds (a labelled disclosure button). */
function Folder({ name, kind, checkbox, onOpenName, children }: FolderProps) {
  const [isOpen, setOpen] = useState(false);
  const contentId = useId();
  return (
    <li>
      <Line>
        <FolderToggle
          type="button"
          aria-expanded={isOpen}
          aria-controls={contentId}
          aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${name}`}
          onClick={() => setOpen((open) => !open)}
        >
          {isOpen ? '[-]' : '[+]'}
        </FolderToggle>
        {checkbox}
        <NameButton type="button" kind={kind} onClick={onOpenName}>
          {name}
        </NameButton>
      </Line>
      <div id={contentId} hidden={!isOpen}>
        {isOpen ? children : null}
      </div>
    </li>
  );
}

/** The caller's content tree; a hidden flag's change shows at once in it (the cache's copy) and goes out after. */
function useContentTree(tenantId: string) {
  const queries = useQueryClient();
  const key = ['content-tree', tenantId, 'mine'];
  const tree = useQuery({ queryKey: key, queryFn: async () => unwrap(await loadContentTree(tenantId)).data });
  // Changes go out one after another, in the order the person made them.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // What a learner sees in the client lists changes with them (the tree itself already shows it).
  const { run: send } = useApiMutation(
    (change: HiddenChange) =>
      change.kind === 'module'
        ? setModuleHidden(tenantId, change.moduleId, change.hidden)
        : setComponentHidden(tenantId, change.moduleId, change.componentId, change.hidden),
    [['modules'], ['components'], ['topics']],
  );

  const toggle = (target: TreeTarget, checked: boolean) => {
    if (!tree.data) return;
    const { tree: next, changes } = toggleInTree(tree.data, target, checked);
    queries.setQueryData(key, next);
    queue.current = queue.current.then(async () => {
      for (const change of changes) {
        const outcome = await send(change);
        // What the server holds is what the tree shows: read it again after a refusal.
        if (!outcome.ok) return queries.invalidateQueries({ queryKey: key });
      }
    });
  };

  return { tree, toggle };
}

interface TreeOfContentProps {
  tree: ContentTreeModule[];
  onToggle(target: TreeTarget, checked: boolean): void;
  onPreview(target: PreviewTarget): void;
}

/** Modules hold components, components hold topics; names open the preview. */
function TreeOfContent({ tree, onToggle, onPreview }: TreeOfContentProps) {
  return (
    <Branch aria-label="Modules and components">
      {tree.map((module) => (
        <Folder
          key={module.id}
          name={module.name}
          kind="module"
          checkbox={
            <VisibilityCheckbox
              name={module.name}
              isSelected={!module.is_hidden}
              isIndeterminate={isPartlyShown(module)}
              onChange={(checked) => onToggle({ kind: 'module', moduleId: module.id }, checked)}
            />
          }
          onOpenName={() => onPreview({ kind: 'module', name: module.name, moduleId: module.id })}
        >
          <Branch aria-label={`Components of ${module.name}`}>
            {module.components.map((component) => (
              <Folder
                key={component.id}
                name={component.name}
                kind="component"
                checkbox={
                  <VisibilityCheckbox
                    name={component.name}
                    isSelected={!component.is_hidden}
                    onChange={(checked) => onToggle({ kind: 'component', moduleId: module.id, componentId: component.id }, checked)}
                  />
                }
                onOpenName={() => onPreview({ kind: 'component', name: component.name, moduleId: module.id, componentId: component.id })}
              >
                <Branch aria-label={`Topics of ${component.name}`}>
                  {component.topics.map((topic) => (
                    <li key={topic.id}>
                      <Line>
                        <Spacer />
                        <NameButton
                          type="button"
                          kind="topic"
                          onClick={() => onPreview({ kind: 'topic', name: topic.name, componentId: component.id, topicId: topic.id })}
                        >
                          {topic.name}
                        </NameButton>
                      </Line>
                    </li>
                  ))}
                </Branch>
              </Folder>
            ))}
          </Branch>
        </Folder>
      ))}
    </Branch>
  );
}

/** A plain left click, which a link may handle itself (modified clicks open new tabs or windows as usual). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Spec 2.8 "A Go back link": a real link (focusable, Enter follows it) to the client modules page, which is
 * where it leads when this page was opened directly; after navigating here inside the portal it goes back
 * to the previous page instead.
 */
function GoBackLink({ fallback, hasHistory, onBack }: { fallback: string; hasHistory: boolean; onBack(): void }) {
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hasHistory || !isPlainClick(event)) return;
    event.preventDefault();
    onBack();
  };
  return (
    <AppLink to={fallback} onClick={back}>
      Go back
    </AppLink>
  );
}

/** /:organization/content-tree (spec 2.8): which modules and components the person wants to see. */
export function ContentTreePage() {
  usePageTitle(CONTENT_TREE_TITLE);
  const { organization } = useOrganization();
  const navigate = useNavigate();
  const location = useLocation();
  const { tree, toggle } = useContentTree(organization.id);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  return (
    <Stack>
      <div>
        <GoBackLink fallback={clientPaths(organization.slug).modules} hasHistory={location.key !== 'default'} onBack={() => void navigate(-1)} />
      </div>
      <Heading level={1}>{CONTENT_TREE_TITLE}</Heading>
      <ReadState query={tree}>
        {(modules) =>
          modules.length ? <TreeOfContent tree={modules} onToggle={toggle} onPreview={setPreview} /> : <Text role="status">No modules found...</Text>
        }
      </ReadState>
      <ContentPreview target={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}
