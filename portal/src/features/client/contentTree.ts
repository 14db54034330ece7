import type { ContentTreeModule } from '@tessera/sdk';

/** One hidden flag to send: POST .../hidden/{id} hides (unchecked), DELETE shows again (checked). */
export type HiddenChange =
  { kind: 'module'; moduleId: string; hidden: boolean } | { kind: 'component'; moduleId: string; componentId: string; hidden: boolean };

export type TreeTarget = { kind: 'module'; moduleId: string } | { kind: 'component'; moduleId: string; componentId: string };

export interface TreeToggle {
  tree: ContentTreeModule[];
  /** In the order to send them: a module is shown before its component. */
  changes: HiddenChange[];
}

function withModule(tree: ContentTreeModule[], moduleId: string, change: (module: ContentTreeModule) => ContentTreeModule) {
  return tree.map((module) => (module.id === moduleId ? change(module) : module));
}

/**
 * Spec 2.8 and section 4: a checkbox is checked when its module or component is not hidden;
 * unchecking hides it. Checking a component syncs its module: a component cannot be seen inside a
 * hidden module, so the module is checked (shown) too. Unchecking a component leaves its module as
 * it is, and a module's own checkbox changes only the module (its components keep their flags for
 * when it is shown again).
 */
export function toggleInTree(tree: ContentTreeModule[], target: TreeTarget, checked: boolean): TreeToggle {
  const hidden = !checked;
  const module = tree.find((candidate) => candidate.id === target.moduleId);
  if (!module) return { tree, changes: [] };
  if (target.kind === 'module') {
    if (module.is_hidden === hidden) return { tree, changes: [] };
    const next = withModule(tree, module.id, (current) => ({ ...current, is_hidden: hidden }));
    return { tree: next, changes: [{ kind: 'module', moduleId: module.id, hidden }] };
  }
  const component = module.components.find((candidate) => candidate.id === target.componentId);
  if (!component) return { tree, changes: [] };
  const changes: HiddenChange[] = [];
  const showModule = checked && module.is_hidden;
  if (showModule) changes.push({ kind: 'module', moduleId: module.id, hidden: false });
  if (component.is_hidden !== hidden) changes.push({ kind: 'component', moduleId: module.id, componentId: component.id, hidden });
  const next = withModule(tree, module.id, (current) => ({
    ...current,
    is_hidden: showModule ? false : current.is_hidden,
    components: current.components.map((candidate) => (candidate.id === component.id ? { ...candidate, is_hidden: hidden } : candidate)),
  }));
  return { tree: next, changes };
}
