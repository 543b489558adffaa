import type { QueueOptionNode } from "./types";

/** The tree with `node` in place of the option of the same id (its subtree as the server answered it). */
export function replaceOption(tree: QueueOptionNode[], node: QueueOptionNode): QueueOptionNode[] {
  return tree.map((o) => (o.id === node.id ? node : { ...o, children: replaceOption(o.children, node) }));
}

/** The tree with `node` added after the last child of `parentId` (null: the top level). */
export function appendOption(tree: QueueOptionNode[], parentId: number | null, node: QueueOptionNode): QueueOptionNode[] {
  if (parentId === null) return tree.some((o) => o.id === node.id) ? tree : [...tree, node];
  return tree.map((o) =>
    o.id === parentId
      ? { ...o, children: o.children.some((c) => c.id === node.id) ? o.children : [...o.children, node] }
      : { ...o, children: appendOption(o.children, parentId, node) },
  );
}

/** How many options sit under this one, at any depth. */
export function descendantCount(node: QueueOptionNode): number {
  return node.children.reduce((n, c) => n + 1 + descendantCount(c), 0);
}

/** The ids whose ordinal differs between two versions of the tree (what a delete renumbered). */
export function renumberedIds(before: QueueOptionNode[], after: QueueOptionNode[]): Set<number> {
  const ordinals = new Map<number, string>();
  const walk = (nodes: QueueOptionNode[], visit: (o: QueueOptionNode) => void) =>
    nodes.forEach((o) => {
      visit(o);
      walk(o.children, visit);
    });
  walk(before, (o) => ordinals.set(o.id, o.option));
  const changed = new Set<number>();
  walk(after, (o) => {
    const old = ordinals.get(o.id);
    if (old !== undefined && old !== o.option) changed.add(o.id);
  });
  return changed;
}

/** "1.2.3": the digits a contact types to reach the option. */
export const optionPath = (parentPath: string, option: string) => (parentPath ? `${parentPath}.${option}` : option);
