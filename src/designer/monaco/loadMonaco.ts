import type * as MonacoApi from 'monaco-editor/editor/editor.api';
import type { LanguageServiceDefaults } from 'monaco-editor/languages/features/json/register';

export type Monaco = typeof MonacoApi;
export interface MonacoWithJson {
  monaco: Monaco;
  json: LanguageServiceDefaults;
}

let loading: Promise<MonacoWithJson> | null = null;

/**
 * Monaco from the local package, loaded only when a designer page needs it (never from a CDN,
 * never in the main bundle): the editor core, the JSON language and their web workers.
 */
export function loadMonaco(): Promise<MonacoWithJson> {
  loading ??= (async () => {
    const [monaco, , jsonLanguage, editorWorker, jsonWorker] = await Promise.all([
      import('monaco-editor/editor/editor.api'),
      // Find, suggestions, hovers, folding…: the editor's features without its other languages.
      import('monaco-editor/features/register.all').then(() => undefined),
      import('monaco-editor/languages/features/json/register'),
      import('monaco-editor/editor/editor.worker?worker'),
      import('monaco-editor/language/json/json.worker?worker'),
    ]);
    self.MonacoEnvironment = {
      getWorker: (_id: string, label: string) => (label === 'json' ? new jsonWorker.default() : new editorWorker.default()),
    };
    return { monaco, json: jsonLanguage.jsonDefaults };
  })();
  return loading;
}
