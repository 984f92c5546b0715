import type { z } from 'zod';
import type { ErrorBody } from './common.js';
import type { Endpoint } from './endpoint.js';
import type { AnyEndpoint } from './endpoints/index.js';

/**
 * The API in openapi-typescript's form, derived from the declarations (no generated file to fall behind them):
 * `createClient<ApiPaths>()` of openapi-fetch checks each call's path, parameters and body, and types its answer.
 * Types only, so a client bundles no zod.
 */
export type ApiPaths = {
  [P in AnyEndpoint['path']]: { [E in Extract<AnyEndpoint, { path: P }> as Lowercase<E['method']>]: Operation<E> };
};

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** A part of the request under `key`: required when its schema requires a field, absent when there is none. */
type Part<Key extends string, S> = S extends z.ZodType
  ? Partial<z.input<S>> extends z.input<S>
    ? { [K in Key]?: z.input<S> }
    : { [K in Key]: z.input<S> }
  : { [K in Key]?: never };

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };

/** A file's bytes or pasted text, sent as they are. */
type FileContent = ArrayBuffer | Uint8Array | string;

type RequestBody<E extends Endpoint> = E['body'] extends z.ZodType
  ? E['upload'] extends true
    ? { requestBody: { content: { 'application/octet-stream': FileContent } } }
    : undefined extends z.input<E['body']>
      ? { requestBody?: { content: { 'application/json': z.input<E['body']> } } }
      : { requestBody: { content: { 'application/json': z.input<E['body']> } } }
  : { requestBody?: never };

type Responses<E extends Endpoint> = {
  [S in keyof E['responses']]: Json<E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : never>;
} & { default: Json<ErrorBody> };

type Operation<E extends Endpoint> = Simplify<
  {
    parameters: Simplify<Part<'path', E['params']> & Part<'query', E['query']> & { header?: never; cookie?: never }>;
    responses: Responses<E>;
  } & RequestBody<E>
>;
