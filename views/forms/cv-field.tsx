import { useSelector } from '@xstate/react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { CV_FIELD, CV_RULES } from '../../domain/careers-cv-rules.ts';
import type { FormFieldDefinition } from '../../domain/site-form-pages.ts';
import type { CvUploadActorRef } from '../../machines/careers-cv/cv-upload.machine.ts';
import {
  selectCvFieldValue,
  selectCvMessage,
  selectCvName,
  selectCvStatus,
  selectStoredCv,
} from '../../machines/careers-cv/cv-upload.selectors.ts';
import { css } from '../../styled-system/css';
import { pageStyles } from '../ui/page-styles.ts';
import { Spinner } from '../ui/spinner.tsx';

const hintStyle = css({ fontSize: 'sm', color: 'fgMuted', fontWeight: 'normal' });
const statusRow = css({
  display: 'flex',
  gap: '3',
  alignItems: 'center',
  flexWrap: 'wrap',
  fontWeight: 'normal',
});

const megabytes = (size: number) => `${(size / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The careers form's CV (issue 37 item 9): a file chooser (PDF or Word, up to 5 MB, said in its hint)
 * whose file is uploaded as soon as it is chosen; the form sends the stored CV's id. The upload's
 * machine and service load with the first choice (`wiring.cv.ts`), so the page carries only this.
 */
export function CvField({
  field,
  error,
  idPrefix,
}: {
  field: FormFieldDefinition;
  error: string | undefined;
  idPrefix: string;
}) {
  const [actorRef, setActorRef] = useState<CvUploadActorRef | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => actorRef?.stop(), [actorRef]);
  const id = `${idPrefix}-${CV_FIELD}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    const chosen = { name: file.name, size: file.size, type: file.type, file };
    let actor = actorRef;
    if (!actor) {
      try {
        actor = (await import('./wiring.cv.ts')).startCvUpload();
      } catch {
        setLoadFailed(true);
        return;
      }
      setLoadFailed(false);
      setActorRef(actor);
    }
    actor.send({ type: 'cv.choose', file: chosen });
  };
  const remove = () => {
    actorRef?.send({ type: 'cv.remove' });
    if (input.current) input.current.value = '';
  };
  return (
    <div className={pageStyles.label} data-cv-field>
      <label htmlFor={id}>{field.label}</label>
      <span id={hintId} className={hintStyle}>
        {CV_RULES.hint}
      </span>
      <input
        ref={input}
        id={id}
        type="file"
        accept={CV_RULES.accept}
        onChange={onChange}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        className={pageStyles.input}
      />
      {actorRef ? (
        <CvStatus actorRef={actorRef} onRemove={remove} />
      ) : (
        <>
          <input type="hidden" name={CV_FIELD} value="" />
          {loadFailed && <span className={pageStyles.fieldError}>{CV_RULES.failed}</span>}
        </>
      )}
      {error && (
        <span id={errorId} className={pageStyles.fieldError}>
          {error}
        </span>
      )}
    </div>
  );
}

/** Where the CV is, its Remove button, and the value the form sends. */
function CvStatus({ actorRef, onRemove }: { actorRef: CvUploadActorRef; onRemove: () => void }) {
  const status = useSelector(actorRef, selectCvStatus);
  const stored = useSelector(actorRef, selectStoredCv);
  const name = useSelector(actorRef, selectCvName);
  const message = useSelector(actorRef, selectCvMessage);
  const value = useSelector(actorRef, selectCvFieldValue);
  return (
    <>
      <input type="hidden" name={CV_FIELD} value={value} />
      <div role="status" className={statusRow} data-cv-status={status}>
        {status === 'uploading' && (
          <>
            <Spinner label="Uploading" /> Uploading {name}…
          </>
        )}
        {status === 'uploaded' && stored && (
          <span>
            Attached: {stored.name} ({megabytes(stored.size)})
          </span>
        )}
        {status === 'failed' && message && (
          <span role="alert" className={pageStyles.fieldError}>
            {message}
          </span>
        )}
        {status !== 'empty' && (
          <button type="button" className={pageStyles.secondary} onClick={onRemove}>
            {status === 'uploading' ? 'Cancel' : 'Remove'}
          </button>
        )}
      </div>
    </>
  );
}
