import { memoryEndpoints } from '@vocab/api';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint.js';
import type { MemoryService } from './memory.service.js';

/** A learner's memory model per language: the stats page shows it, and its download is the fitted parameters. */
export function memoryRoutes(memory: MemoryService): FastifyPluginAsync {
  return async (app) => {
    serve(app, memoryEndpoints.memoryModel, async (request, _reply, language) =>
      memory.model(request.learner, language),
    );
  };
}
