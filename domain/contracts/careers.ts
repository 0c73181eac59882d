import { z } from 'zod/mini';
import { CV_RULES } from '../careers-cv-rules.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * `POST /api/careers/cv` (multipart: one `file` part; issue 37 item 9): the careers form's CV, a PDF
 * or Word file under 5 MB, judged by its bytes; answers the stored CV's id, with its name (sanitised,
 * to show) and size (201). The careers lead names the id in `cv_id`; the file itself is only ever
 * reached through the dealer's signed, expiring link or its console.
 */
export const cvUploadEndpoint = {
  method: 'POST',
  path: '/api/careers/cv',
  answer: z.object({ cv_id: z.string(), name: z.string(), size: z.int() }),
  status: 201,
  // The file, and room for the multipart framing.
  maxBody: CV_RULES.maxBytes + 64 * 1024,
} as const satisfies Endpoint;
export const cvUploadRequest = withRequest(cvUploadEndpoint, () => ({
  errors: ['not_a_cv', 'cv_too_large'],
}));

/** The careers endpoints whose bodies may be larger than the server's 64 kB (`server/app.ts`). */
export const CAREERS_LARGE_BODY_ENDPOINTS: readonly { path: string; maxBody: number; tooLarge: string }[] = [
  { path: cvUploadEndpoint.path, maxBody: cvUploadEndpoint.maxBody, tooLarge: CV_RULES.tooBig },
];
