import { E, user as userApi } from '@beurs/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CurrentUser } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { asDocument } from '../../platform/edge.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { FileOwner } from '../../platform/files.js';
import { route } from '../../platform/http.js';
import { rateLimit } from '../../platform/request.js';

export function fileRoutes(app: FastifyInstance, deps: Deps) {
  /** The one upload path: a customer's or an operator's file, checked alike by the file store. */
  const save = async (req: FastifyRequest, owner: FileOwner, kind: 'image' | 'document') => {
    if (!req.isMultipart()) throw new AppError(400, E.uploadMissing);
    const part = await req.file();
    if (part?.fieldname !== 'file') throw new AppError(400, E.uploadMissing);
    const buffer = await part.toBuffer();
    return deps.files.save(owner, buffer, kind, part.filename);
  };
  const upload =
    (kind: 'image' | 'document') =>
    async ({ req, user }: { req: FastifyRequest; user: CurrentUser }) =>
      save(req, user.id, kind);
  route(app, userApi.fileUpload, upload('image'), { config: rateLimit(30) });
  route(app, userApi.fileTermsUpload, upload('document'), { config: rateLimit(30) });
  route(app, userApi.consoleFileUpload, async ({ req, operator }) => save(req, { operatorId: operator.id }, 'image'), {
    config: rateLimit(30),
  });

  // Served only with a valid signature; the signed address is handed only to whoever may see it.
  app.get('/file/:id', { schema: { hide: true } }, async (req, reply) => {
    const params = z.object({ id: z.string().max(64) }).safeParse(req.params);
    const query = z.object({ exp: z.coerce.number(), sig: z.string().max(100) }).safeParse(req.query);
    if (!params.success || !query.success) throw notFound();
    if (!deps.files.verifySignature(params.data.id, query.data.exp, query.data.sig)) throw notFound();
    const file = await deps.files.read(params.data.id);
    if (!file) throw notFound();
    // A PDF opened inline runs in the browser's PDF viewer on our origin; as an attachment it is only saved.
    const disposition = file.row.mime === 'application/pdf' ? 'attachment; filename="document.pdf"' : 'inline';
    // An image opened on its own is shown as a document: the page's policy, and its signed address in no Referer.
    return asDocument(reply)
      .header('cache-control', 'private, max-age=600')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', disposition)
      .type(file.row.mime)
      .send(file.body);
  });
}
