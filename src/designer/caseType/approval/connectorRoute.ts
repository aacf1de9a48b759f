/** Where the connectors of the flow canvas run: right-angled lines from a card's bottom to the next card's top. */

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Route {
  points: Point[];
  /** Where a branch's label sits: on its own line, just below the fork's bar. */
  labelAt: Point;
  /** Where the insert button sits: halfway down the line leaving the source. */
  plusAt: Point;
}

/** How far below a fork its branches spread, and above a card the lines joining it meet. */
const BEND = 28;
/** Room kept around cards a line goes round. */
const CLEARANCE = 28;
/** Half the room a branch's lane needs: its label is up to 200 px wide. */
const LANE = 116;

function crosses(a: Point, b: Point, box: Box): boolean {
  const pad = 6;
  const [x1, x2] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [y1, y2] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  return x2 >= box.x - pad && x1 <= box.x + box.width + pad && y2 >= box.y - pad && y1 <= box.y + box.height + pad;
}

const blocked = (points: Point[], boxes: Box[]) => boxes.filter((box) => points.slice(1).some((p, i) => crosses(points[i], p, box)));

/**
 * The line from `source` (a card's bottom centre) to `target` (a card's top centre). Out of a fork
 * the line turns just below the fork, as branches do; into a card it turns just above it, where lines
 * join. A line that would cross another card, or that runs upwards, goes round beside them.
 */
export function routeConnector(source: Point, target: Point, fromFork: boolean, others: Box[], ends: Box[]): Route {
  const down = target.y - source.y > 2 * BEND;
  if (down && fromFork) {
    // A branch keeps a lane of its own, wide enough for its label beside the cards it passes.
    const bendY = source.y + BEND;
    const crowd = others.filter((b) => b.y < target.y && b.y + b.height > bendY && b.x - LANE < target.x && target.x < b.x + b.width + LANE);
    if (crowd.length === 0) {
      return {
        points: [source, { x: source.x, y: bendY }, { x: target.x, y: bendY }, target],
        labelAt: { x: target.x, y: bendY + 34 },
        plusAt: { x: target.x, y: (bendY + target.y) / 2 },
      };
    }
    const centre = crowd.reduce((sum, b) => sum + b.x + b.width / 2, 0) / crowd.length;
    const lane = target.x >= centre ? Math.max(...crowd.map((b) => b.x + b.width)) + LANE : Math.min(...crowd.map((b) => b.x)) - LANE;
    const joinY = target.y - BEND;
    return {
      points: [source, { x: source.x, y: bendY }, { x: lane, y: bendY }, { x: lane, y: joinY }, { x: target.x, y: joinY }, target],
      labelAt: { x: lane, y: bendY + 34 },
      plusAt: { x: lane, y: (bendY + joinY) / 2 },
    };
  }
  if (down) {
    const bendY = fromFork ? source.y + BEND : target.y - BEND;
    const points = [source, { x: source.x, y: bendY }, { x: target.x, y: bendY }, target];
    if (blocked(points, others).length === 0) {
      return {
        points,
        labelAt: { x: target.x, y: fromFork ? bendY + 34 : (bendY + target.y) / 2 },
        plusAt: { x: source.x, y: fromFork ? (bendY + target.y) / 2 : (source.y + bendY) / 2 },
      };
    }
  }
  // Round the side nearer the target: beside every card the straight way would cross (and the two ends).
  const top = source.y + BEND;
  const bottom = target.y - BEND;
  const straight = [source, { x: source.x, y: top }, { x: target.x, y: top }, { x: target.x, y: bottom }, target];
  const inTheWay = [
    ...blocked(straight, others),
    ...blocked(
      [
        { x: source.x, y: top },
        { x: source.x, y: bottom },
      ],
      others,
    ),
    ...(down ? [] : ends),
  ];
  const right = Math.max(source.x, target.x, ...inTheWay.map((b) => b.x + b.width)) + CLEARANCE;
  const left = Math.min(source.x, target.x, ...inTheWay.map((b) => b.x)) - CLEARANCE;
  const side = right - target.x <= target.x - left ? right : left;
  const points = [source, { x: source.x, y: top }, { x: side, y: top }, { x: side, y: bottom }, { x: target.x, y: bottom }, target];
  return { points, labelAt: { x: side, y: top + 34 }, plusAt: { x: side, y: (top + bottom) / 2 } };
}

/** An SVG path through the points with rounded corners. */
export function roundedPath(points: Point[], radius = 8): string {
  if (points.length === 0) return '';
  let d = `M ${points[0].x} ${points[0].y}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [a, b, c] = [points[i - 1], points[i], points[i + 1]];
    const r = Math.min(radius, Math.hypot(b.x - a.x, b.y - a.y) / 2, Math.hypot(c.x - b.x, c.y - b.y) / 2);
    const towards = (p: Point, q: Point, by: number) => {
      const length = Math.hypot(q.x - p.x, q.y - p.y) || 1;
      return { x: p.x + ((q.x - p.x) / length) * by, y: p.y + ((q.y - p.y) / length) * by };
    };
    const before = towards(b, a, r);
    const after = towards(b, c, r);
    d += ` L ${before.x} ${before.y} Q ${b.x} ${b.y} ${after.x} ${after.y}`;
  }
  const last = points[points.length - 1];
  return `${d} L ${last.x} ${last.y}`;
}
