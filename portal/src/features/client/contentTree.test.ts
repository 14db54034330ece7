import type { ContentTreeModule } from '@tessera/sdk';
import { describe, expect, it } from 'vitest';
import { isPartlyShown, toggleInTree } from './contentTree';

function tree(moduleHidden: boolean, componentsHidden: boolean[]): ContentTreeModule[] {
  return [
    {
      id: 'm1',
      name: 'Safety',
      order: 0,
      is_hidden: moduleHidden,
      components: componentsHidden.map((hidden, index) => ({ id: `c${index + 1}`, name: `Part ${index + 1}`, order: index, is_hidden: hidden, topics: [] })),
    },
    { id: 'm2', name: 'Other', order: 1, is_hidden: false, components: [] },
  ];
}

describe('content tree checkboxes', () => {
  it('unchecking a module hides it and its shown components (components first); checking it shows them all again', () => {
    const { tree: hiddenTree, changes } = toggleInTree(tree(false, [false, true]), { kind: 'module', moduleId: 'm1' }, false);
    expect(changes).toEqual([
      { kind: 'component', moduleId: 'm1', componentId: 'c1', hidden: true },
      { kind: 'module', moduleId: 'm1', hidden: true },
    ]);
    expect(hiddenTree[0].is_hidden).toBe(true);
    expect(hiddenTree[0].components.map((component) => component.is_hidden)).toEqual([true, true]);
    expect(hiddenTree[1]).toEqual(tree(false, [])[1]);

    const shown = toggleInTree(hiddenTree, { kind: 'module', moduleId: 'm1' }, true);
    expect(shown.changes).toEqual([
      { kind: 'module', moduleId: 'm1', hidden: false },
      { kind: 'component', moduleId: 'm1', componentId: 'c1', hidden: false },
      { kind: 'component', moduleId: 'm1', componentId: 'c2', hidden: false },
    ]);
    expect(shown.tree[0].components.map((component) => component.is_hidden)).toEqual([false, false]);
  });

  it('unchecking the last shown component hides its module too; a partly shown module is marked as such', () => {
    const partly = toggleInTree(tree(false, [false, false]), { kind: 'component', moduleId: 'm1', componentId: 'c1' }, false);
    expect(isPartlyShown(partly.tree[0])).toBe(true);
    const last = toggleInTree(partly.tree, { kind: 'component', moduleId: 'm1', componentId: 'c2' }, false);
    expect(last.changes).toEqual([
      { kind: 'component', moduleId: 'm1', componentId: 'c2', hidden: true },
      { kind: 'module', moduleId: 'm1', hidden: true },
    ]);
    expect(last.tree[0].is_hidden).toBe(true);
    expect(isPartlyShown(last.tree[0])).toBe(false);
  });

  it('checking a component of a hidden module shows the module first, then the component', () => {
    const { tree: next, changes } = toggleInTree(tree(true, [true, true]), { kind: 'component', moduleId: 'm1', componentId: 'c2' }, true);
    expect(changes).toEqual([
      { kind: 'module', moduleId: 'm1', hidden: false },
      { kind: 'component', moduleId: 'm1', componentId: 'c2', hidden: false },
    ]);
    expect(next[0].is_hidden).toBe(false);
    expect(next[0].components.map((component) => component.is_hidden)).toEqual([true, false]);
  });

  it('checking a component of a shown module changes only the component', () => {
    const { changes } = toggleInTree(tree(false, [true]), { kind: 'component', moduleId: 'm1', componentId: 'c1' }, true);
    expect(changes).toEqual([{ kind: 'component', moduleId: 'm1', componentId: 'c1', hidden: false }]);
  });

  it('unchecking a component hides it and leaves the module shown', () => {
    const { tree: next, changes } = toggleInTree(tree(false, [false, false]), { kind: 'component', moduleId: 'm1', componentId: 'c1' }, false);
    expect(changes).toEqual([{ kind: 'component', moduleId: 'm1', componentId: 'c1', hidden: true }]);
    expect(next[0].is_hidden).toBe(false);
    expect(next[0].components[0].is_hidden).toBe(true);
  });

  it('sends nothing when the state does not change or the target is unknown', () => {
    expect(toggleInTree(tree(false, [false]), { kind: 'module', moduleId: 'm1' }, true).changes).toEqual([]);
    expect(toggleInTree(tree(false, [false]), { kind: 'module', moduleId: 'nope' }, false).changes).toEqual([]);
    expect(toggleInTree(tree(false, [false]), { kind: 'component', moduleId: 'm1', componentId: 'nope' }, false).changes).toEqual([]);
  });
});
