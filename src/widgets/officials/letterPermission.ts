/** The permission key each business's letters need (as the server checks it). */
export const LETTER_PERMISSION = { trademark: 'trademark', copyright: 'copyrightOfficial' } as const;
