import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

interface Validator {
  (data: unknown): unknown;
  errors?: unknown;
}

type Serializer = (data: unknown) => string;

/**
 * Fastify compiles every route's request validator and response serialiser while it starts: with
 * two hundred operations that was over a second of the start. These factories give Fastify Ajv's and
 * fast-json-stringify's own compilers, each deferred: a route's function is compiled on its first
 * use, or by `compileRemaining()`, which the server runs once it listens, so no request waits for it
 * and a schema the compiler refuses is still reported at start.
 */
export class DeferredSchemaCompilers {
  private readonly pending = new Set<() => unknown>();
  // One of each, made once: Ajv's keeps a compiler per set of shared schemas, which Fastify asks for again for every route.
  private readonly ajv = AjvCompiler();
  private readonly fastJson = SerializerSelector();

  private defer<F extends object>(compile: () => F): () => F {
    let compiled: F | undefined;
    const ready = () => {
      if (!compiled) {
        // Taken off the list before compiling: a schema the compiler refuses is reported once, not retried forever.
        this.pending.delete(ready);
        compiled = compile();
      }
      return compiled;
    };
    this.pending.add(ready);
    return ready;
  }

  /** For Fastify's `schemaController.compilersFactory`. */
  readonly compilersFactory = {
    buildValidator: (externalSchemas: Parameters<ReturnType<typeof AjvCompiler>>[0], options: Parameters<ReturnType<typeof AjvCompiler>>[1]) => {
      const compileRoute = this.ajv(externalSchemas, options);
      return (route: Parameters<typeof compileRoute>[0]) => {
        const ready = this.defer(() => compileRoute(route) as unknown as Validator);
        // Fastify reads the errors of the last call from the function it was given.
        const validate: Validator = (data) => {
          const compiled = ready();
          const valid = compiled(data);
          validate.errors = compiled.errors;
          return valid;
        };
        return validate as ReturnType<typeof compileRoute>;
      };
    },
    buildSerializer: (externalSchemas: unknown, options: unknown) => {
      const compileRoute = this.fastJson(
        externalSchemas as Parameters<ReturnType<typeof SerializerSelector>>[0],
        options as Parameters<ReturnType<typeof SerializerSelector>>[1],
      );
      return (route: Parameters<typeof compileRoute>[0]) => {
        const ready = this.defer(() => compileRoute(route) as Serializer);
        return (data: unknown) => ready()(data);
      };
    },
  };

  /** How many routes' functions are not compiled yet. */
  get remaining(): number {
    return this.pending.size;
  }

  /**
   * Compiles what no request has compiled yet, between the server's other work: after each function,
   * once `sliceMs` has gone by, it lets waiting requests go first (a large response schema alone takes
   * tens of milliseconds). Rejects with the first schema the compiler refused, once all the others are compiled.
   */
  async compileRemaining(sliceMs = 10): Promise<void> {
    let refused: unknown = null;
    while (this.pending.size > 0) {
      const started = performance.now();
      // Each function leaves the set as it compiles, which a Set's iteration allows.
      for (const ready of this.pending) {
        try {
          ready();
        } catch (error) {
          refused ??= error;
        }
        if (performance.now() - started >= sliceMs) break;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (refused) throw refused;
  }
}
