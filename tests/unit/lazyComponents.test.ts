import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { lazyComponents, preloadSchemaComponents } from '../../src/runtime/lazy/lazyComponents.js';

const Greeting = ({ name }: { name: string }) => createElement('b', null, `你好，${name}`);
const Farewell = () => createElement('i', null, '再见');

/** A chunk of two components whose loads are counted; the first `failures` loads fail. */
function countedChunk(failures = 0) {
  const counter = { loads: 0 };
  const components = lazyComponents(
    async () => {
      counter.loads += 1;
      if (counter.loads <= failures) throw new Error('网络错误');
      return { Greeting, Farewell };
    },
    { Greeting: 'inline', Farewell: 'none' },
  );
  return { counter, components };
}

describe('lazy components', () => {
  it('show their placeholder until the chunk is loaded, then the real component straight away', async () => {
    const { counter, components } = countedChunk();
    expect(renderToStaticMarkup(createElement(components.Greeting, { name: '王' }))).toContain('ant-spin');
    expect(renderToStaticMarkup(createElement(components.Farewell))).toBe('');
    await preloadSchemaComponents({ 'x-component': 'Greeting' }, components);
    expect(renderToStaticMarkup(createElement(components.Greeting, { name: '王' }))).toBe('<b>你好，王</b>');
    expect(renderToStaticMarkup(createElement(components.Farewell))).toBe('<i>再见</i>');
    expect(counter.loads).toBe(1);
  });

  it('a schema loads the chunks of the components it names anywhere, props included, each chunk once', async () => {
    const { counter, components } = countedChunk();
    const other = countedChunk();
    const schema = {
      type: 'object',
      properties: {
        table: { type: 'void', 'x-component': 'Table', 'x-component-props': { dialog: { properties: { a: { 'x-component': 'Farewell' } } } } },
        b: { 'x-component': 'Greeting' },
      },
    };
    await preloadSchemaComponents(schema, { ...components, Table: Farewell });
    expect(counter.loads).toBe(1);
    expect(other.counter.loads).toBe(0);
  });

  it('a chunk that failed to load is asked for again next time', async () => {
    const { counter, components } = countedChunk(1);
    await preloadSchemaComponents({ 'x-component': 'Greeting' }, components);
    expect(renderToStaticMarkup(createElement(components.Greeting, { name: '王' }))).toContain('ant-spin');
    await preloadSchemaComponents({ 'x-component': 'Greeting' }, components);
    expect(renderToStaticMarkup(createElement(components.Greeting, { name: '王' }))).toBe('<b>你好，王</b>');
    expect(counter.loads).toBe(2);
  });
});
