import { useSelector } from '@xstate/react';
import { IMAGE_RULES } from '../../domain/trade-in.ts';
import type { PhotoUploadActorRef } from '../../machines/trade-in/photo-upload.machine.ts';
import { selectImages, selectIsUploading } from '../../machines/trade-in/photo-upload.selectors.ts';
import { css } from '../../styled-system/css';
import { pageStyles } from '../ui/page-styles.ts';
import { WizardStepHeading } from '../ui/wizard-layout.tsx';
import { card, STEP_HEADINGS } from './trade-in-form.ts';

const ACCEPT = '.jpg,.jpeg,.png,.gif,.heic,image/jpeg,image/png,image/gif,image/heic';

/** Step Three Upload Images (§5): optional photos, each uploaded in turn with its status; then Next. */
export function PhotosStep({ actorRef }: { actorRef: PhotoUploadActorRef }) {
  const images = useSelector(actorRef, selectImages);
  const uploading = useSelector(actorRef, selectIsUploading);
  return (
    <section className={card}>
      <WizardStepHeading step={3}>{STEP_HEADINGS[2]}</WizardStepHeading>
      <p className={pageStyles.text}>
        Optional: up to {IMAGE_RULES.maxImages} photos of your car (JPEG, PNG, GIF or HEIC, each under 10MB).
      </p>
      <label className={pageStyles.label}>
        Add photos
        <input
          type="file"
          multiple
          accept={ACCEPT}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])].map((file) => ({
              name: file.name,
              size: file.size,
              type: file.type,
              file,
            }));
            event.currentTarget.value = '';
            if (files.length > 0) actorRef.send({ type: 'images.add', files });
          }}
        />
      </label>
      <ul className={css({ display: 'grid', gap: '2', mt: '3' })} data-testid="trade-in-images">
        {images.map((image) => (
          <li key={image.id} data-status={image.status}>
            <span>{image.name}</span>{' '}
            {image.status === 'done' ? (
              <progress aria-label={`${image.name} uploaded`} max={1} value={1} />
            ) : image.status === 'failed' ? (
              <span className={pageStyles.fieldError}>{image.message}</span>
            ) : (
              <progress aria-label={`Uploading ${image.name}`} />
            )}
          </li>
        ))}
      </ul>
      <div className={pageStyles.row}>
        <button
          type="button"
          className={pageStyles.primary}
          disabled={uploading}
          onClick={() => actorRef.send({ type: 'images.next' })}
        >
          Next
        </button>
      </div>
    </section>
  );
}
