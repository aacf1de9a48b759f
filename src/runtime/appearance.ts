import { createContext, useContext, useMemo } from 'react';
import { parseColor, readableFill, toHex, type PageFilter } from '../shared/contrast.js';

/** The colour filter the shell lays over the whole page (grey and weak modes), for colours blocks compute themselves. */
export const PageFilterContext = createContext<PageFilter | null>(null);

/**
 * Colours for text on a fill of a given colour (a tag in its map's colour, an avatar): readable as the
 * page finally shows them. Undefined for no colour or one that cannot be read.
 */
export function useReadableFill(fill: string | null | undefined): { background: string; color: string } | undefined {
  const filter = useContext(PageFilterContext);
  return useMemo(() => {
    const colour = fill ? parseColor(fill) : null;
    if (!colour) return undefined;
    const readable = readableFill(colour, filter);
    return { background: toHex(readable.background), color: toHex(readable.color) };
  }, [fill, filter]);
}
