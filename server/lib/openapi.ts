import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import packageJson from '../../package.json' with { type: 'json' };
import { PRODUCT_NAME } from '../../domain/constants.ts';

export const DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI document at /api/docs/json, built from the routes' zod schemas, and its explorer at
 * /api/docs/. Register before the routes so every route is collected. The explorer's page loads
 * only its own scripts and styles, so it runs under the application's CSP unchanged.
 */
export const openApi = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        description:
          'Session cookie `sessionid`; unsafe methods need the `csrftoken` cookie echoed in the ' +
          '`X-CSRFToken` header. Messages follow `Accept-Language` (fr, de, it).',
        version: packageJson.version,
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
});
