import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  type Endpoint,
  ErrorBody,
  accountEndpoints,
  allEndpoints,
  authEndpoints,
  contactEndpoints,
  contentEndpoints,
  endpointGroups,
  isPerLanguage,
  learningEndpoints,
  statusEndpoints,
  userLanguageEndpoints,
} from '@vocab/api';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { routeUrl } from '../lib/serve-endpoint.js';

/** Where operators and other clients read the API: the document, and a page that renders it. */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** What an import's body may be sent as (a file's bytes, or pasted text). */
const UPLOAD_TYPES = ['application/octet-stream', 'text/plain', 'text/csv', 'text/tab-separated-values'];

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The session cookie, as the OpenAPI document names it. */
const SESSION_SCHEME = 'session';

/**
 * Calls that answer 401 without a session: the account's own calls, and taking back an answer (a guest's session
 * will do). Every other call works without one (a visitor's first answer creates a guest) and uses it when sent.
 */
const NEEDS_SESSION = new Set<Endpoint>([
  ...Object.values(accountEndpoints),
  ...Object.values(userLanguageEndpoints),
  authEndpoints.logoutEverywhere,
  authEndpoints.pageLoadLogin,
  learningEndpoints.undoAnswer,
  learningEndpoints.iWasRight,
]);

/** Calls that never read a session: the health check, the language list, the secret words, the contact form. */
const NO_SESSION = new Set<Endpoint>([
  ...Object.values(statusEndpoints),
  ...Object.values(contentEndpoints),
  ...Object.values(contactEndpoints),
]);

/**
 * Each declaration's operationId: its module and name in packages/api (`learningUndoAnswer`), stable for code
 * generators.
 */
const OPERATION_IDS = new Map<Endpoint, string>(
  Object.entries(endpointGroups).flatMap(([group, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(
      ([name, e]) => [e, `${group}${name.charAt(0).toUpperCase()}${name.slice(1)}`] as const,
    ),
  ),
);

/**
 * The path as documented: without the trailing slash a few of the original's calls were declared with (the server takes
 * both spellings), so that no two documented paths differ by a slash alone.
 */
const documentedPath = (path: string): string => path.replace(/(.)\/$/, '$1');

/**
 * Each declared endpoint once, in its OpenAPI form: a per-language path is documented as `/api/{language}/…` from
 * the route of the first active language (the others are the same call), with the declaration's own schemas. Routes
 * not declared (the docs page's own files) are left out.
 */
function documentDeclaration(input: TransformInput): { schema: FastifySchema; url: string } {
  const endpoint = (input.route as RouteOptions | undefined)?.config?.endpoint;
  if (!endpoint || (isPerLanguage(endpoint.path) && input.url !== routeUrl(endpoint)))
    return { schema: { hide: true } as FastifySchema, url: input.url };
  const schema: Record<string, unknown> = {
    summary: endpoint.summary,
    operationId: OPERATION_IDS.get(endpoint),
    tags: [endpoint.tag],
    // Required, none, or optional (the session or nothing, as OpenAPI writes it).
    security: NEEDS_SESSION.has(endpoint)
      ? [{ [SESSION_SCHEME]: [] }]
      : NO_SESSION.has(endpoint)
        ? []
        : [{ [SESSION_SCHEME]: [] }, {}],
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body && !endpoint.upload ? { body: endpoint.body } : {}),
    response: { ...endpoint.responses, '4XX': ErrorBody },
  };
  const documented = jsonSchemaTransform({ ...input, schema, url: documentedPath(endpoint.path) }) as {
    schema: Record<string, unknown> & { response: Record<string, unknown> };
    url: string;
  };
  if (endpoint.upload) {
    documented.schema.body = { type: 'string', format: 'binary' };
    documented.schema.consumes = UPLOAD_TYPES;
  }
  if (endpoint.download) {
    documented.schema.produces = endpoint.download;
    documented.schema.response[200] = { type: 'string', description: 'The file, as an attachment' };
  }
  if (endpoint.redirect) {
    documented.schema.response[303] = { type: 'null', description: "To the web app's page (Location)" };
  }
  return documented as { schema: FastifySchema; url: string };
}

type OpenApiPaths = {
  paths?: Record<string, Record<string, { requestBody?: { required?: boolean } } | undefined> | undefined>;
};

/**
 * @fastify/swagger marks every body required; a body its schema lets a call leave out (an answer: correct without
 * one, as the original's calls are made) is documented as optional.
 */
function markOptionalBodies<D>(document: D): D {
  const { paths } = document as OpenApiPaths;
  for (const endpoint of allEndpoints as readonly Endpoint[]) {
    const body = paths?.[documentedPath(endpoint.path)]?.[endpoint.method.toLowerCase()]?.requestBody;
    if (body && endpoint.body?.safeParse(undefined).success) body.required = false;
  }
  return document;
}

/**
 * The app's Content-Security-Policy with inline styles allowed, for the docs page only: Swagger UI's code highlighter
 * styles its examples inline. Its scripts stay its own files ('self'), as everywhere.
 */
function allowInlineStyles(policy: string): string {
  return policy.replace(/style-src ([^;]*)/, (directive) =>
    directive.includes("'unsafe-inline'") ? directive : `${directive} 'unsafe-inline'`,
  );
}

/**
 * The OpenAPI document at /api/openapi.json and Swagger UI at /api/docs. Registered before the routes, which it
 * collects as they are added.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vocab API',
        version: '1.0.0',
        description:
          'Every call answers JSON; an error is `{ error: { code, message, issues? } }`. A state-changing ' +
          'call from a browser must send its Origin. Per-language paths exist for the active languages only.',
        license: {
          name: 'CC BY-SA 4.0 (the word decks the API serves)',
          url: 'https://creativecommons.org/licenses/by-sa/4.0/',
        },
      },
      // Relative: the document describes the server that serves it, wherever it is deployed.
      servers: [{ url: '/', description: 'The server this document came from' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sid',
            description:
              "The session cookie set by signup, login or a visitor's first answer (a guest). Calls listing " +
              'it alone answer 401 without it; the others work without a session and use it when sent.',
          },
        },
      },
    },
    transform: documentDeclaration,
    transformObject: (document) =>
      'openapiObject' in document ? markOptionalBodies(document.openapiObject) : document.swaggerObject,
  });
  await app.register(async (docs) => {
    docs.addHook('onSend', async (_request, reply) => {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') void reply.header('content-security-policy', allowInlineStyles(policy));
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: DOCS_PATH,
      uiConfig: { validatorUrl: null },
      staticCSP: false,
    });
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
