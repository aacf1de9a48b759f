type QuillModule = typeof import('quill');
let loading: Promise<QuillModule['default']> | null = null;

/** Quill and its snow theme, fetched when the first editor appears so the main bundle stays small. */
export function loadQuill(): Promise<QuillModule['default']> {
  loading ??= Promise.all([import('quill'), import('quill/dist/quill.snow.css')]).then(
    ([quill]) => quill.default,
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}
