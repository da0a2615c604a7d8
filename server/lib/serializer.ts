import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [X, {type: 'null'}]` (zod's nullable) as `type: [X's type, 'null']`: fast-json-stringify
 * writes a typed union directly, where an anyOf makes it validate every value to pick a branch.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt !== -1 && other && typeof other.type === 'string' && !other.$ref) {
      delete out.anyOf;
      // an enum must admit null too, or fast-json-stringify would take it for a mismatch
      const nullable = Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {};
      return { ...out, ...other, ...nullable, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * Fastify's response serializer for the routes' zod schemas: each schema is turned into JSON Schema
 * once (its output side) and compiled by fast-json-stringify, instead of re-validating every
 * answer with zod. Only declared properties are written, so nothing undeclared leaks. A schema
 * JSON Schema cannot express falls back to the zod serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  let jsonSchema: JsonSchema;
  try {
    if (!(route.schema instanceof z.ZodType)) throw new TypeError('not a zod schema');
    jsonSchema = simplify(z.toJSONSchema(route.schema, { io: 'output' })) as JsonSchema;
  } catch {
    return zodSerializerCompiler(route as never);
  }
  return fastJson(jsonSchema as never) as (data: unknown) => string;
};
