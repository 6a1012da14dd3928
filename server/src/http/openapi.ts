/**
 * The API reference, generated from the same zod schemas the routes validate and serialise with:
 * @fastify/swagger builds the OpenAPI 3.1 document (zod -> JSON Schema through zod's own
 * z.toJSONSchema), @fastify/swagger-ui serves it from node_modules at /v1/docs, and the document
 * itself is at /v1/openapi.json. Routes without tags (the portal's files) are left out.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { apiPath } from '@contract/api';
import { APP_REVIEW_AUTH_HEADER } from '@contract/chat/paths';
import { ENGINE_SIGNATURE_HEADER } from '@contract/builds/paths';
import { WEBHOOK_SIGNATURE_HEADERS } from '@contract/payments/paths';
import { PRODUCT_NAME } from '@contract/brand';
import { z } from 'zod';
import { securityOfGuard, type SecurityRequirement } from '../auth/guards';

export const OPENAPI_PATHS = { document: apiPath('/openapi.json'), ui: apiPath('/docs') } as const;

const REQUEST_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

function jsonSchema(schema: unknown, io: 'input' | 'output'): unknown {
  if (!(schema instanceof z.ZodType)) return schema;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' });
  return rest;
}

/** The guard a route runs, as OpenAPI security requirements (what the guard itself declares). */
function securityOf(route: RouteOptions): SecurityRequirement[] | undefined {
  for (const hook of [route.onRequest, route.preHandler].flat()) {
    const security = securityOfGuard(hook);
    if (security) return security;
  }
  return undefined;
}

/** A route's zod schemas as JSON Schema (requests as they are sent, answers as they are sent back). */
function toOpenApiSchema(schema: FastifySchema, route: RouteOptions): FastifySchema {
  const out: Record<string, unknown> = { ...schema };
  for (const part of REQUEST_PARTS) if (schema[part]) out[part] = jsonSchema(schema[part], 'input');
  if (schema.response && typeof schema.response === 'object') {
    out.response = Object.fromEntries(Object.entries(schema.response).map(([code, body]) => [code, jsonSchema(body, 'output')]));
  }
  const security = securityOf(route);
  if (security) out.security = security;
  return out as FastifySchema;
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1',
        description:
          'Every success answers `{ message, data }`, every error `{ message }`. Anonymous calls carry the basic client credential, user calls a bearer token.',
      },
      components: {
        securitySchemes: {
          basic: { type: 'http', scheme: 'basic', description: 'The client credential (id:secret) the portal carries on anonymous calls.' },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A session token from login or register; where roles are listed, the user must hold one of them.',
          },
          reviewApp: {
            type: 'apiKey',
            in: 'header',
            name: APP_REVIEW_AUTH_HEADER,
            description: "The client credential (id:secret) in the live preview app's own header.",
          },
          stripeSignature: {
            type: 'apiKey',
            in: 'header',
            name: WEBHOOK_SIGNATURE_HEADERS.stripe,
            description: "Stripe's webhook signature, verified on the raw body with the webhook signing secret.",
          },
          paystackSignature: {
            type: 'apiKey',
            in: 'header',
            name: WEBHOOK_SIGNATURE_HEADERS.paystack,
            description: "Paystack's HMAC-SHA512 of the raw body with the secret key.",
          },
          flutterwaveSignature: { type: 'apiKey', in: 'header', name: WEBHOOK_SIGNATURE_HEADERS.flutterwave, description: "Flutterwave's secret hash." },
          engineSignature: {
            type: 'apiKey',
            in: 'header',
            name: ENGINE_SIGNATURE_HEADER,
            description: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> with BUILD_ENGINE_SECRET; older than 300 s is refused.',
          },
          signedLink: {
            type: 'apiKey',
            in: 'query',
            name: 'signature',
            description: 'A link the server signed (with `expires`): a changed byte is 403, a link past its expiry 410.',
          },
        },
      },
    },
    hideUntagged: true,
    transform: ({ schema, url, route }) => ({ url, schema: schema ? toOpenApiSchema(schema, route) : schema }),
  });
}

/** The browsable reference and the JSON document (after every route is registered). */
export async function registerOpenApiUi(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: OPENAPI_PATHS.ui,
    uiConfig: { docExpansion: 'list', deepLinking: false },
    // Swagger UI writes a <style> element of its own at run time: its pages (nothing secret on
    // them, scripts still from this origin only) allow inline styles; every other page does not.
    transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'").replace(/style-src-attr [^;]*;?\s*/, ''),
  });
  app.get(OPENAPI_PATHS.document, { schema: { hide: true } }, async () => app.swagger());
}
