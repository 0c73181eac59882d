/**
 * A CV sent with the careers form (issue 37 item 9): one PDF or Word file, judged on the server by its
 * bytes (not its name or type), kept in the media storage like a trade-in photo and reached only by
 * the dealer's signed, expiring links. The form carries the stored file's id (`cv_id`); the lead route
 * takes only an id this site stored lately and no other lead has used.
 */

/** The name of the careers form's field that carries the stored CV's id. */
export const CV_FIELD = 'cv_id';

/** A stored CV's id: a UUID, as the upload answers it (by pattern, as a lead's id: `domain/lead.ts`). */
export const CV_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The CV field's label. */
export const CV_LABEL = 'Your CV (optional)';

/** A submit while the CV is still on its way. */
export const CV_NOT_READY = 'Please wait until your CV has uploaded';

/*
 * Only these travel with the forms' definitions, which every page carries; the CV's other rules and
 * texts are in `careers-cv-rules.ts`, loaded with the careers form's field and the server.
 */
