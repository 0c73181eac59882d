import type { CvUploadCall, StoredCv } from '../../domain/careers-cv-rules.ts';
import { cvUploadEndpoint } from '../../domain/contracts/careers.ts';
import type { Http } from '../http.ts';

/** `POST /api/careers/cv`: the careers form's CV, as a multipart `file`; the stored CV's id, name and size. */
export function uploadCv(http: Http, input: CvUploadCall): Promise<StoredCv> {
  const form = new FormData();
  form.set('file', input.file, input.name);
  return http.postForm(cvUploadEndpoint.path, form, cvUploadEndpoint.answer);
}
