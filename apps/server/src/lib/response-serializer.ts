import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

type Stringify = (data: unknown) => string;

interface SerializerArgs {
  schema: unknown;
  method: string;
  url: string;
}

/**
 * The JSON writer of a response schema: compiled by fast-json-stringify from the zod schema's JSON Schema, where it
 * has one (a transform has none: such a schema is encoded by zod and written by JSON.stringify, as before). The
 * server builds every response itself, so checking each against its schema in production would only re-walk objects
 * it just made: zod's encode and JSON.stringify cost several times the compiled writer on a quiz batch
 * (docs/performance.md).
 *
 * With `check` (tests and development) each response is still encoded by zod, and the compiled writer's output must
 * equal what zod's encoding would have written: a response that breaks its schema fails as before, and a compiled
 * writer that drifts from its schema fails every test that calls the route.
 */
export function responseSerializer({ check }: { check: boolean }) {
  return ({ schema, method, url }: SerializerArgs): Stringify => {
    const zodSchema = resolveSchema(schema);
    const encode = (data: unknown): unknown => {
      const result = z.safeEncode(zodSchema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return result.data;
    };
    const compiled = compile(zodSchema);
    if (!compiled) return (data) => JSON.stringify(encode(data));
    if (!check) return compiled;
    return (data) => {
      const expected = JSON.stringify(encode(data));
      const written = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `compiled response writer of ${method} ${url} wrote ` +
            `${written.slice(0, 300)} where the schema encodes ${expected.slice(0, 300)}`,
        );
      }
      return written;
    };
  };
}

function resolveSchema(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new Error('a response schema is not a zod schema');
}

/** The compiled writer of a schema, or null where JSON Schema cannot say what zod does (transforms, custom checks). */
function compile(schema: z.ZodType): Stringify | null {
  let json: object;
  try {
    json = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'throw' });
  } catch {
    return null;
  }
  return fastJson(json) as Stringify;
}
