import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';

export interface TextRange {
  offset: number;
  length: number;
}

function segments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Where a JSON pointer from the server's check lies in the editor's text. A pointer to a missing
 * property marks its nearest existing ancestor; a pointer to a property marks its key and value.
 */
export function pointerRange(text: string, pointer: string): TextRange | null {
  const root = parseTree(text);
  if (!root) return null;
  const path = segments(pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  for (let length = path.length; length >= 0; length--) {
    const node: Node | undefined = findNodeAtLocation(root, path.slice(0, length));
    if (!node) continue;
    const whole = node.parent?.type === 'property' ? node.parent : node;
    return { offset: whole.offset, length: whole.length };
  }
  return { offset: root.offset, length: root.length };
}
