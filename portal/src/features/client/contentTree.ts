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
 * Spec 2.8 and section 4: a checkbox is checked when its module or component is not hidden; unchecking hides
 * it. Module and components stay consistent both ways (issue 14), so a learner never opens an empty module and
 * never keeps components of a module they hid:
 * - unchecking a module hides it and every component of it; checking it shows it and every component;
 * - checking a component shows its module too (first: a component cannot be seen inside a hidden module);
 * - unchecking the last shown component of a module hides the module too.
 */
export function toggleInTree(tree: ContentTreeModule[], target: TreeTarget, checked: boolean): TreeToggle {
  const hidden = !checked;
  const module = tree.find((candidate) => candidate.id === target.moduleId);
  if (!module) return { tree, changes: [] };
  const componentChange = (componentId: string): HiddenChange => ({ kind: 'component', moduleId: module.id, componentId, hidden });
  const moduleChange: HiddenChange = { kind: 'module', moduleId: module.id, hidden };

  if (target.kind === 'module') {
    const componentChanges = module.components.filter((component) => component.is_hidden !== hidden).map((component) => componentChange(component.id));
    const changes = [...(module.is_hidden !== hidden ? [moduleChange] : []), ...componentChanges];
    // Shown: the module before its components; hidden: the components before their module.
    if (hidden) changes.reverse();
    if (changes.length === 0) return { tree, changes };
    const next = withModule(tree, module.id, (current) => ({
      ...current,
      is_hidden: hidden,
      components: current.components.map((component) => ({ ...component, is_hidden: hidden })),
    }));
    return { tree: next, changes };
  }

  const component = module.components.find((candidate) => candidate.id === target.componentId);
  if (!component) return { tree, changes: [] };
  const components = module.components.map((candidate) => (candidate.id === component.id ? { ...candidate, is_hidden: hidden } : candidate));
  const moduleHidden = checked ? false : module.is_hidden || components.every((candidate) => candidate.is_hidden);
  const changes: HiddenChange[] = [];
  if (checked && module.is_hidden) changes.push(moduleChange);
  if (component.is_hidden !== hidden) changes.push(componentChange(component.id));
  if (!checked && moduleHidden && !module.is_hidden) changes.push(moduleChange);
  const next = withModule(tree, module.id, (current) => ({ ...current, is_hidden: moduleHidden, components }));
  return { tree: next, changes };
}

/** A shown module with some of its components hidden: its checkbox is neither checked nor unchecked. */
export function isPartlyShown(module: ContentTreeModule): boolean {
  return !module.is_hidden && module.components.some((component) => component.is_hidden) && module.components.some((component) => !component.is_hidden);
}
