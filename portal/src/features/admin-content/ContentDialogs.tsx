import type { ContentTreeModule } from '@tessera/sdk';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { useState, type ReactNode } from 'react';
import { unwrap } from '../../api/queries';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { Text } from '../../ui/Page';
import { RadioGroup } from '../../ui/RadioGroup';
import { SearchField } from '../../ui/SearchField';
import { Select } from '../../ui/Select';
import { allModules, contentTree } from './contentCalls';

/** Spec 2.9: the copy questions, verbatim. */
export const COPY_COMPONENT_QUESTION = 'This will copy this component and all of its topics and items. Continue?';
export const COPY_TOPIC_QUESTION = 'This will copy this topic and all of its items. Continue?';

interface MoveDialogFrameProps {
  title: string;
  isPending: boolean;
  canMove: boolean;
  onMove(): void;
  onCancel(): void;
  children: ReactNode;
}

function MoveDialogFrame({ title, isPending, canMove, onMove, onCancel, children }: MoveDialogFrameProps) {
  return (
    <ModalDialog title={title} isOpen isDismissable onOpenChange={(open) => !open && onCancel()}>
      {children}
      <DialogActions>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button isDisabled={!canMove} isPending={isPending} onPress={onMove}>
          Move
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

export interface MoveDialogProps {
  tenantId: string;
  /** Where the row is now: not offered as a destination. */
  currentParentId: string;
  isPending: boolean;
  onMove(parentId: string): void;
  onCancel(): void;
}

/** Spec 2.9: the Move Component dialog chooses a destination module. */
export function MoveComponentDialog({ tenantId, currentParentId, isPending, onMove, onCancel }: MoveDialogProps) {
  const modules = useQuery({ queryKey: ['modules', tenantId, 'all'], queryFn: async () => unwrap(await allModules(tenantId)) });
  const [target, setTarget] = useState('');
  const choices = (modules.data ?? []).filter((module) => module.id !== currentParentId);
  return (
    <MoveDialogFrame title="Move Component" isPending={isPending} canMove={target !== ''} onMove={() => onMove(target)} onCancel={onCancel}>
      {modules.isPending ? (
        <Text>Loading...</Text>
      ) : choices.length ? (
        <Select
          label="Module"
          name="module_id"
          options={choices.map((module) => ({ id: module.id, label: module.name }))}
          value={target}
          onChange={setTarget}
        />
      ) : (
        <Text>No other modules found...</Text>
      )}
    </MoveDialogFrame>
  );
}

const TreeModule = styled('div', { fontWeight: '$bold', fontSize: '$2', marginTop: '$2' });

const TreeScroller = styled('div', { maxHeight: '360px', overflowY: 'auto', '& [role="radio"], & label': { marginLeft: '$4' } });

/** Our words (the spec has none): an inactive destination says so in its label. */
const INACTIVE = 'inactive';

/**
 * The components of the content tree as radio options, each module's name shown above its first component;
 * inactive components and those of inactive modules are offered too, marked. `search` keeps the components whose
 * name or module's name contains it (any letter case).
 */
function componentChoices(tree: ContentTreeModule[], currentComponentId: string, search: string) {
  const options: { id: string; label: string }[] = [];
  const before: Record<string, ReactNode> = {};
  const term = search.trim().toLocaleLowerCase();
  for (const module of tree) {
    const moduleMatches = module.name.toLocaleLowerCase().includes(term);
    const components = module.components.filter(
      (component) => component.id !== currentComponentId && (moduleMatches || component.name.toLocaleLowerCase().includes(term)),
    );
    const moduleLabel = module.is_active === false ? `${module.name}, ${INACTIVE}` : module.name;
    if (components[0]) before[components[0].id] = <TreeModule aria-hidden="true">{moduleLabel}</TreeModule>;
    for (const component of components) {
      const name = component.is_active === false ? `${component.name}, ${INACTIVE}` : component.name;
      options.push({ id: component.id, label: `${name} (${moduleLabel})` });
    }
  }
  return { options, before };
}

/** Spec 2.9: the Move Topic modal shows the content tree; only components can be selected. */
export function MoveTopicDialog({ tenantId, currentParentId, isPending, onMove, onCancel }: MoveDialogProps) {
  const tree = useQuery({ queryKey: ['content-tree', tenantId, 'with-inactive'], queryFn: async () => unwrap(await contentTree(tenantId)) });
  const [target, setTarget] = useState('');
  const [search, setSearch] = useState('');
  const { options, before } = componentChoices(tree.data ?? [], currentParentId, search);
  // A chosen component hidden by the search is no longer a choice.
  const chosen = options.some((option) => option.id === target) ? target : '';
  return (
    <MoveDialogFrame title="Move Topic" isPending={isPending} canMove={chosen !== ''} onMove={() => onMove(chosen)} onCancel={onCancel}>
      {tree.isPending ? (
        <Text>Loading...</Text>
      ) : (
        <>
          <SearchField placeholder="Search components" value={search} onChange={setSearch} onSubmit={setSearch} />
          {options.length ? (
            <TreeScroller>
              <RadioGroup label="Component" name="component_id" value={chosen} onChange={setTarget} options={options} before={before} />
            </TreeScroller>
          ) : (
            <Text>No other components found...</Text>
          )}
        </>
      )}
    </MoveDialogFrame>
  );
}
