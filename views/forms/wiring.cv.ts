import { createActor, fromPromise } from 'xstate';
import { type CvUploadActorRef, cvUploadMachine } from '../../machines/careers-cv/cv-upload.machine.ts';
import { createHttp } from '../../services/http.ts';
import { uploadCv } from '../../services/leads/careers-cv.service.ts';
import { inspectOption } from '../app/inspector.ts';

/*
 * The careers CV's wiring (issue 37 item 9), loaded when the shopper first chooses a file, so no form
 * page carries the upload's machine or service before then: the upload goes to this page's own origin.
 */

/** A started CV field, its upload bound to `POST /api/careers/cv`. */
export function startCvUpload(): CvUploadActorRef {
  const http = createHttp({
    baseUrl: globalThis.location?.origin ?? 'http://localhost',
    fetch: (request) => globalThis.fetch(request),
  });
  const logic = cvUploadMachine.provide({
    actors: { uploadCv: fromPromise(({ input }) => uploadCv(http, input)) },
  });
  return createActor(logic, { inspect: inspectOption() }).start();
}
