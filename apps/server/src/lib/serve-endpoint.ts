import { type Endpoint, isPerLanguage } from '@vocab/api';
import { LANGUAGES, type LanguageCode } from '@vocab/core';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { JsonText } from './json-text.js';

const ACTIVE_LANGUAGES: readonly LanguageCode[] = LANGUAGES.filter((l) => l.active).map((l) => l.code);

type PerLanguagePath = '/api/{language}' | `/api/{language}/${string}`;

/** The path parameters a route validates: a per-language route's language is in its URL, not a parameter. */
type RouteParams<E extends Endpoint> =
  E['params'] extends z.ZodObject<infer Shape>
    ? E['path'] extends PerLanguagePath
      ? z.ZodObject<Omit<Shape, 'language'>>
      : E['params']
    : undefined;

/** The route schema Fastify and the zod type provider see, from a declaration. */
export interface RouteSchema<E extends Endpoint> {
  params: RouteParams<E>;
  querystring: E['query'];
  body: E['body'];
  response: E['responses'];
}

type Handler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** The language a per-language route serves; undefined for every other route. */
type PathLanguage<E extends Endpoint> = E['path'] extends PerLanguagePath ? LanguageCode : undefined;

/** What a declaration's 200 answer holds, as the handler gives it (before the schema's encoding). */
type Ok<E extends Endpoint> = E['responses'] extends { readonly 200: infer S extends z.ZodType } ? z.input<S> : never;

/**
 * A declared endpoint's handler: the request and the answer typed from the declaration's schemas. It may answer
 * 200 with JSON written already (`JsonText` of the 200 answer's type), sent as it is.
 */
export type EndpointHandler<E extends Endpoint> = (
  request: Parameters<Handler<E>>[0],
  reply: Parameters<Handler<E>>[1],
  language: PathLanguage<E>,
) => ReturnType<Handler<E>> | Promise<Awaited<ReturnType<Handler<E>>> | JsonText<Ok<E>>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a route was registered from (packages/api endpoints); the OpenAPI document reads it. */
    endpoint?: Endpoint;
  }
}

/**
 * Registers a declared endpoint with its handler, converting `{x}` to `:x`. A path under `/api/{language}` becomes
 * one route per active language (`/api/spanish/…`), so an unknown or inactive language is a 404 as before.
 */
export function serve<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>): void {
  const perLanguage = isPerLanguage(endpoint.path);
  const params = perLanguage ? endpoint.params?.omit({ language: true }) : endpoint.params;
  const schema = {
    ...(params && Object.keys(params.shape).length > 0 ? { params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.download ? {} : { response: endpoint.responses }),
  };
  const typed = handler as unknown as (request: unknown, reply: unknown, language: LanguageCode | undefined) => unknown;
  for (const language of perLanguage ? ACTIVE_LANGUAGES : [undefined]) {
    app.route({
      method: endpoint.method,
      url: routeUrl(endpoint, language),
      schema,
      config: { endpoint },
      // A byte over the declared largest upload, so the route's own reader refuses a larger one in its words.
      ...(endpoint.maxBytes === undefined ? {} : { bodyLimit: endpoint.maxBytes + 1 }),
      handler: async (request, reply) => {
        const answer = await typed(request, reply, language);
        return answer instanceof JsonText ? reply.type('application/json; charset=utf-8').send(answer.text) : answer;
      },
    });
  }
}

/** A declaration's Fastify URL: `{x}` as `:x`, and a per-language path with the language in place. */
export function routeUrl(endpoint: Endpoint, language?: LanguageCode): string {
  const url = endpoint.path.replace(/\{(\w+)\}/g, ':$1');
  return isPerLanguage(endpoint.path) ? url.replace(':language', language ?? ACTIVE_LANGUAGES[0] ?? '') : url;
}

/** The Fastify URLs a declaration is served at: once, or once per active language. */
export function routeUrls(endpoint: Endpoint): string[] {
  return isPerLanguage(endpoint.path) ? ACTIVE_LANGUAGES.map((code) => routeUrl(endpoint, code)) : [routeUrl(endpoint)];
}
