import type { ProjectFormat } from '@reelsmith/proto/http/project';
import { authHeaders, throwIfResNotOk } from '../../../lib/api-client';
import { attachmentFilename } from '../lib/project-files';

/** GET /api/highlights/{id}/project.{format} with the caller's token, saved as the file the server names. */
export async function downloadProjectFile(highlightId: string, format: ProjectFormat): Promise<void> {
  const res = await fetch(`/api/highlights/${encodeURIComponent(highlightId)}/project.${format}`, { headers: authHeaders(), credentials: 'same-origin' });
  await throwIfResNotOk(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentFilename(res.headers.get('content-disposition'), `reel.${format}`);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
