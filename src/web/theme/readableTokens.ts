import type { AliasToken } from 'antd/es/theme/interface';
import {
  AA_NORMAL,
  BLACK,
  WHITE,
  awayFrom,
  composite,
  mix,
  parseColor,
  reachesContrast,
  toHex,
  withContrast,
  type PageFilter,
  type Rgba,
} from '../../shared/contrast.js';

/** The colour filter each appearance mode lays over the whole page (spec 000 §1: grey and weak modes). */
export function pageFilter(settings: { isGrey: boolean; isWeak: boolean }): PageFilter | null {
  if (settings.isGrey) return { kind: 'grayscale', amount: 1 };
  if (settings.isWeak) return { kind: 'invert', amount: 0.8 };
  return null;
}

export function pageFilterCss(filter: PageFilter | null): string {
  return filter ? `${filter.kind}(${filter.amount * 100}%)` : '';
}

const TEXT_TOKENS = ['colorText', 'colorTextHeading', 'colorTextSecondary', 'colorTextLabel', 'colorTextTertiary', 'colorTextDescription'] as const;
// Seed colours: antd's algorithm turns each into the colour components use (in dark mode a darker one).
const SEED_TOKENS = ['colorPrimary', 'colorLink', 'colorError', 'colorWarning', 'colorSuccess', 'colorInfo'] as const;
// antd's preset tag colours: text `<name>7` on background `<name>1`.
const PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'gold', 'lime'] as const;
const SEARCH_STEPS = 8;

type Tokens = Record<string, unknown>;
const colourOf = (token: Tokens, name: string): Rgba => parseColor(String(token[name])) ?? BLACK;

/**
 * antd's text colours, moved just far enough from their defaults (toward black in light mode, toward
 * white in dark) that every text reaches WCAG AA (4.5:1) on every surface text sits on, as shown
 * through the mode's page filter: antd's own greys and status colours fall short on white (the
 * tertiary grey is 3.4:1), and the weak mode's inversion takes contrast away from all of them.
 * Fills that carry text (primary buttons, status tags) are held to the same ratio against their text;
 * their light tints (selected menu item, tag and alert backgrounds) stay antd's.
 *
 * `deriveSeeds` gives the colours antd's algorithm makes of candidate seed colours: a seed is searched
 * for whose derived colour reads well, all seeds at once so the algorithm runs once per step.
 */
export function readableTokens(
  base: AliasToken,
  isDark: boolean,
  filter: PageFilter | null,
  deriveSeeds: (seeds: Record<string, string>) => Tokens,
): Partial<AliasToken> {
  const token = base as unknown as Tokens;
  const container = colourOf(token, 'colorBgContainer');
  const surfaces = [
    container,
    colourOf(token, 'colorBgLayout'),
    colourOf(token, 'colorBgElevated'),
    composite(colourOf(token, 'colorFillAlter'), container),
    composite(colourOf(token, 'colorFillTertiary'), container),
  ];
  // Text on a solid fill: white on the darkened fills of light mode, black on the lightened fills of dark mode.
  const onFill = isDark ? BLACK : WHITE;
  const readable = (colour: Rgba, grounds: Rgba[]) => toHex(withContrast(colour, grounds, AA_NORMAL, filter));
  const tokens: Record<string, string> = { colorTextLightSolid: toHex(onFill) };
  for (const name of TEXT_TOKENS) tokens[name] = readable(composite(colourOf(token, name), container), surfaces);
  for (const name of PRESETS) {
    tokens[`${name}7`] = readable(colourOf(token, `${name}7`), [container, composite(colourOf(token, `${name}1`), container)]);
  }

  for (const name of SEED_TOKENS) for (const tint of [`${name}Bg`, `${name}BgHover`]) if (token[tint] !== undefined) tokens[tint] = String(token[tint]);
  // The resting tint only: a hover tint shows for as long as the pointer rests there.
  const grounds = Object.fromEntries(
    SEED_TOKENS.map((name) => [name, [...surfaces, ...(token[`${name}Bg`] ? [composite(colourOf(token, `${name}Bg`), container)] : []), onFill]]),
  );
  const start = Object.fromEntries(SEED_TOKENS.map((name) => [name, colourOf(token, name)]));
  const toward = Object.fromEntries(SEED_TOKENS.map((name) => [name, awayFrom(grounds[name]!)]));
  const seedAt = (name: string, t: number) => toHex(mix(start[name]!, toward[name]!, t));
  const reaches = (derived: Tokens, name: string) => reachesContrast(colourOf(derived, name), grounds[name]!, AA_NORMAL, filter);
  const unreadable = SEED_TOKENS.filter((name) => !reaches(token, name));
  // Where the algorithm takes seeds as they are (light mode), the nearest readable colour is the seed.
  const probe = unreadable.length > 0 ? deriveSeeds(Object.fromEntries(unreadable.map((name) => [name, seedAt(name, 0.5)]))) : token;
  const asGiven = unreadable.every((name) => String(probe[name]).toLowerCase() === seedAt(name, 0.5));
  if (asGiven) {
    for (const name of unreadable) tokens[name] = readable(start[name]!, grounds[name]!);
    return tokens as Partial<AliasToken>;
  }
  const pending = unreadable;
  const low: Record<string, number> = {};
  const high: Record<string, number> = {};
  for (const name of pending) [low[name], high[name]] = [0, 1];
  for (let step = 0; step < SEARCH_STEPS && pending.length > 0; step++) {
    const mid = (name: string) => (low[name]! + high[name]!) / 2;
    const derived = deriveSeeds(Object.fromEntries(pending.map((name) => [name, seedAt(name, mid(name))])));
    for (const name of pending) {
      if (reaches(derived, name)) high[name] = mid(name);
      else low[name] = mid(name);
    }
  }
  for (const name of pending) tokens[name] = seedAt(name, high[name]!);
  return tokens as Partial<AliasToken>;
}
