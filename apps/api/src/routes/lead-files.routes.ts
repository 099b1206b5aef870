import { created, ok } from '../http/route.js';
import { getLeadFile } from '../operations/lead-files/get-lead-file.js';
import { uploadLeadFile } from '../operations/lead-files/upload-lead-file.js';
import type { Route } from './route-types.js';

export function leadFileRoutes(route: Route): void {
  // The body is the file: no JSON parser runs for this operation (it has no JSON body in the
  // contract), so the request is read here, as it arrives.
  route('uploadLeadFile', 'post', '/lead-files', async ({ query }, ctx, req) => {
    const length = Number(req.headers['content-length']);
    return created(
      await uploadLeadFile(
        ctx,
        {
          contentType: req.headers['content-type'],
          contentLength: Number.isFinite(length) ? length : null,
          body: req,
        },
        query,
      ),
    );
  });
  route('getLeadFile', 'get', '/lead-files/:id', async ({ params }, ctx) =>
    ok(await getLeadFile(ctx, params.id)),
  );
}
