import type { ApprovalFlow, FlowNode } from './flowModel.js';

export interface NodeSize {
  width: number;
  height: number;
}

export interface LayoutOptions {
  /** Space between the bottom of one row and the top of the next. */
  rowGap?: number;
  /** Space between two nodes of a row. */
  columnGap?: number;
  /** Width a long edge takes in each row it passes (a branch that skips rows keeps a column of its own). */
  passageWidth?: number;
}

interface Slot {
  id: string;
  width: number;
  /** Slots of the row above (below) this one is joined to, with where among their ways out (in) it comes. */
  up: { id: string; at: number }[];
  down: { id: string; at: number }[];
}

/**
 * Positions for every node of a flow drawn top to bottom, as approval designers draw it: the start
 * on top, each node one row below the lowest node leading to it, a fork's branches side by side in
 * edge order under it, and a node several branches lead to centred below them. Edges that close a
 * loop are left out of the ranking; nodes the start does not reach are placed like the rest.
 * Positions are top-left corners (as the editor places nodes), so the caller says how big each node is.
 */
export function layoutFlow(flow: ApprovalFlow, sizeOf: (node: FlowNode) => NodeSize, options: LayoutOptions = {}): ApprovalFlow {
  const rowGap = options.rowGap ?? 72;
  const columnGap = options.columnGap ?? 56;
  const passageWidth = options.passageWidth ?? 40;
  const byId = new Map(flow.nodes.map((n) => [n.id, n]));
  const edges = flow.edges.filter((e) => e.source !== e.target && byId.has(e.source) && byId.has(e.target));
  const outgoing = new Map<string, string[]>(flow.nodes.map((n) => [n.id, []]));
  for (const e of edges) outgoing.get(e.source)!.push(e.target);

  // Depth-first from the start, then from every node not yet seen: the discovery order, and which edges close a loop.
  const order: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const back = new Set<string>();
  const visit = (id: string) => {
    state.set(id, 'open');
    order.push(id);
    for (const next of outgoing.get(id)!) {
      if (state.get(next) === 'open') back.add(`${id}>${next}`);
      else if (!state.has(next)) visit(next);
    }
    state.set(id, 'done');
  };
  const start = flow.nodes.find((n) => n.type === 'start');
  if (start) visit(start.id);
  const incomingCount = new Map<string, number>();
  for (const e of edges) incomingCount.set(e.target, (incomingCount.get(e.target) ?? 0) + 1);
  for (const n of flow.nodes) if (!state.has(n.id) && !incomingCount.get(n.id)) visit(n.id);
  for (const n of flow.nodes) if (!state.has(n.id)) visit(n.id);
  const discovered = new Map(order.map((id, i) => [id, i]));

  // Rows: each node one below the lowest node leading to it (longest path), loops left out.
  const forward = edges.filter((e) => !back.has(`${e.source}>${e.target}`));
  const rank = new Map<string, number>(flow.nodes.map((n) => [n.id, 0]));
  const pending = new Map<string, number>(flow.nodes.map((n) => [n.id, 0]));
  for (const e of forward) pending.set(e.target, pending.get(e.target)! + 1);
  const ready = order.filter((id) => pending.get(id) === 0);
  for (let id = ready.shift(); id !== undefined; id = ready.shift()) {
    for (const e of forward.filter((f) => f.source === id)) {
      rank.set(e.target, Math.max(rank.get(e.target)!, rank.get(id)! + 1));
      pending.set(e.target, pending.get(e.target)! - 1);
      if (pending.get(e.target) === 0) ready.push(e.target);
    }
  }

  // Slots: the nodes, and a narrow passage in each row a long edge crosses.
  const slots = new Map<string, Slot>();
  const rows: string[][] = [];
  const place = (id: string, row: number, width: number) => {
    slots.set(id, { id, width, up: [], down: [] });
    (rows[row] ??= []).push(id);
  };
  for (const id of order) place(id, rank.get(id)!, sizeOf(byId.get(id)!).width);
  const ways = new Map<string, number>();
  forward.forEach((e, i) => {
    const at = ways.get(e.source) ?? 0;
    ways.set(e.source, at + 1);
    let from = e.source;
    for (let row = rank.get(e.source)! + 1; row < rank.get(e.target)!; row++) {
      const passage = `~${i}~${row}`;
      place(passage, row, passageWidth);
      slots.get(from)!.down.push({ id: passage, at: from === e.source ? at : 0 });
      slots.get(passage)!.up.push({ id: from, at: from === e.source ? at : 0 });
      from = passage;
    }
    slots.get(from)!.down.push({ id: e.target, at: from === e.source ? at : 0 });
    slots.get(e.target)!.up.push({ id: from, at: from === e.source ? at : 0 });
  });

  // Order within rows: under the nodes leading in, a fork's branches in edge order; then once against the rows below.
  const index = new Map<string, number>();
  const reindex = (row: string[]) => row.forEach((id, i) => index.set(id, i));
  const waysOut = (id: string) => Math.max(1, slots.get(id)!.down.length);
  const waysIn = (id: string) => Math.max(1, slots.get(id)!.up.length);
  const centre = (links: { id: string; at: number }[], count: (id: string) => number) =>
    links.length === 0 ? undefined : links.reduce((sum, l) => sum + index.get(l.id)! + (l.at + 1) / (count(l.id) + 1) - 0.5, 0) / links.length;
  const sortRow = (row: string[], key: (id: string) => number | undefined) => {
    const keyed = row.map((id, i) => ({ id, key: key(id) ?? i }));
    keyed.sort((a, b) => a.key - b.key || (discovered.get(a.id) ?? 0) - (discovered.get(b.id) ?? 0));
    row.splice(0, row.length, ...keyed.map((k) => k.id));
    reindex(row);
  };
  rows.forEach((row) => row && reindex(row));
  for (let r = 1; r < rows.length; r++) sortRow(rows[r], (id) => centre(slots.get(id)!.up, waysOut));
  for (let r = rows.length - 2; r >= 0; r--) sortRow(rows[r], (id) => centre(slots.get(id)!.down, waysIn));
  for (let r = 1; r < rows.length; r++) sortRow(rows[r], (id) => centre(slots.get(id)!.up, waysOut));

  // Across: packed rows, then alternately under the nodes above and over the nodes below, in order, as little moved as may be.
  const x = new Map<string, number>();
  for (const row of rows) {
    let at = 0;
    for (const id of row) {
      const w = slots.get(id)!.width;
      x.set(id, at + w / 2);
      at += w + columnGap;
    }
  }
  const settle = (row: string[], toward: (id: string) => number | undefined) => {
    const wanted = row.map((id) => toward(id) ?? x.get(id)!);
    const offsets: number[] = [];
    row.forEach((id, i) => offsets.push(i === 0 ? 0 : offsets[i - 1] + (slots.get(row[i - 1])!.width + slots.get(id)!.width) / 2 + columnGap));
    const fitted = nondecreasing(wanted.map((w, i) => w - offsets[i]));
    row.forEach((id, i) => x.set(id, fitted[i] + offsets[i]));
  };
  const mean = (links: { id: string }[]) => (links.length === 0 ? undefined : links.reduce((s, l) => s + x.get(l.id)!, 0) / links.length);
  for (let pass = 0; pass < 4; pass++) {
    for (let r = 1; r < rows.length; r++) settle(rows[r], (id) => mean(slots.get(id)!.up));
    for (let r = rows.length - 2; r >= 0; r--) settle(rows[r], (id) => mean(slots.get(id)!.down));
  }
  for (let r = 1; r < rows.length; r++) settle(rows[r], (id) => mean(slots.get(id)!.up));

  // Down: each row as tall as its tallest node, nodes centred in it.
  const heights = rows.map((row) => Math.max(0, ...row.filter((id) => byId.has(id)).map((id) => sizeOf(byId.get(id)!).height)));
  const tops: number[] = [];
  heights.forEach((h, r) => tops.push(r === 0 ? 0 : tops[r - 1] + heights[r - 1] + rowGap));
  const shift = start ? x.get(start.id)! : 0;
  return {
    ...flow,
    nodes: flow.nodes.map((n) => {
      const size = sizeOf(n);
      const r = rank.get(n.id)!;
      return { ...n, position: { x: Math.round(x.get(n.id)! - shift - size.width / 2), y: Math.round(tops[r] + (heights[r] - size.height) / 2) } };
    }),
  };
}

/** The non-decreasing sequence nearest to `values` (least squares): pooled adjacent violators. */
function nondecreasing(values: number[]): number[] {
  const blocks: { sum: number; count: number }[] = [];
  for (const v of values) {
    blocks.push({ sum: v, count: 1 });
    while (blocks.length > 1) {
      const last = blocks[blocks.length - 1];
      const prev = blocks[blocks.length - 2];
      if (prev.sum / prev.count <= last.sum / last.count) break;
      blocks.splice(-2, 2, { sum: prev.sum + last.sum, count: prev.count + last.count });
    }
  }
  return blocks.flatMap((b) => Array<number>(b.count).fill(b.sum / b.count));
}
