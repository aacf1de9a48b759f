/** Shown where a trademark, case or other image fails to load (spec 000 §8). */
export const IMAGE_PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="#f5f5f5"/><path d="M28 64l14-18 10 12 8-10 12 16z" fill="#d9d9d9"/><circle cx="36" cy="36" r="7" fill="#d9d9d9"/></svg>',
  );
