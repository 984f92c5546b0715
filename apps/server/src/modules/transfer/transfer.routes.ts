import type { IncomingMessage } from 'node:http';
import { IMPORT_MAX_BYTES, transferEndpoints } from '@vocab/api';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import type { Limit, RateLimiter } from '../../lib/rate-limiter.js';
import { serve } from '../../lib/serve-endpoint.js';
import type { SessionManager } from '../auth/session-manager.js';
import type { ExportFile, TransferService } from './transfer.service.js';
import { fileTooLarge } from './word-file.js';

/**
 * Import files read per learner, or per client address for a visitor, in an hour: as many as new guests a visitor
 * may make (GUEST_LIMIT). Each read parses up to 5 MB, work a stranger should not have the server do at will.
 */
export const IMPORT_FILES_PER_HOUR: Limit = { max: 60, windowMs: 60 * 60_000 };

/** The types a file or a pasted list comes as; the body is the file's bytes, decoded by the server. */
const FILE_TYPES = ['application/octet-stream', 'text/plain', 'text/csv', 'text/tab-separated-values'];

/** Reads a body up to the import limit; a larger one is refused as soon as it is known to be larger. */
async function readFileBody(raw: IncomingMessage): Promise<Buffer> {
  const declared = Number(raw.headers['content-length']);
  if (declared > IMPORT_MAX_BYTES) throw fileTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > IMPORT_MAX_BYTES) throw fileTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

/**
 * Export of the caller's words and review log, and import of own words, per language like the other
 * per-language calls: a visitor exports the deck without progress and previews against the deck; confirming an
 * import makes a visitor a guest, as adding a word does.
 */
export function transferRoutes(
  transfer: TransferService,
  sessions: SessionManager,
  limiter: RateLimiter,
): FastifyPluginAsync {
  const countFile = (request: FastifyRequest) => {
    const key = request.learner ? `import:learner:${request.learner.id}` : `import:ip:${request.ip}`;
    return limiter.hit(key, IMPORT_FILES_PER_HOUR);
  };
  return async (app) => {
    // A file is sent as its bytes, never as JSON: a JSON body here is 415, not a 5 MB JSON parse.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(FILE_TYPES, async (request: { raw: IncomingMessage }) => readFileBody(request.raw));

    serve(app, transferEndpoints.exportWords, async (request, reply, code) =>
      sendFile(reply, transfer.exportWords(request.learner, code, request.query.format)),
    );
    serve(app, transferEndpoints.exportReviews, async (request, reply, code) =>
      sendFile(reply, transfer.exportReviews(request.learner, code, request.query.format)),
    );

    serve(app, transferEndpoints.previewImport, async (request, _reply, code) => {
      await countFile(request);
      return transfer.previewImport(request.learner, code, bodyBytes(request.body));
    });
    serve(app, transferEndpoints.confirmImport, async (request, reply, code) => {
      await countFile(request);
      return transfer.confirmImport(await sessions.claim(request, reply), code, bodyBytes(request.body));
    });
  };
}

/** The body as the content-type parser above read it: a Buffer (the declaration says only "bytes"). */
function bodyBytes(body: Uint8Array): Buffer {
  if (body.length === 0) throw badRequest('empty_file', 'The file is empty.');
  return Buffer.isBuffer(body) ? body : Buffer.from(body);
}
