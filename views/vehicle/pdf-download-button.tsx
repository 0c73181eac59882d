import { useSelector } from '@xstate/react';
import type { PdfDownloadActorRef } from '../../machines/pdf-download/pdf-download.machine.ts';
import { selectIsDownloading } from '../../machines/pdf-download/pdf-download.selectors.ts';
import { css } from '../../styled-system/css';

/** §7 Car PDF download: saves `{slug}.pdf`; a failure alerts its message (§8). */
export function PdfDownloadButton({ actorRef }: { actorRef: PdfDownloadActorRef }) {
  const downloading = useSelector(actorRef, selectIsDownloading);
  return (
    <button
      type="button"
      onClick={() => actorRef.send({ type: 'pdf.download' })}
      disabled={downloading}
      aria-busy={downloading}
      className={css({
        px: '4',
        py: '2',
        borderRadius: 'control',
        fontWeight: 'semibold',
        color: 'accent',
        textDecoration: 'underline',
        cursor: 'pointer',
        _disabled: { cursor: 'progress', opacity: 0.7 },
      })}
    >
      {downloading ? 'Preparing the PDF…' : 'Download PDF'}
    </button>
  );
}
