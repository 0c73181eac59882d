import { Tabs } from '@ark-ui/react/tabs';
import { DEALER_COMMENTS_TITLE, visibleDealerComments } from '../../domain/dealer-comments.ts';
import { featuresList, keyInformation, type ShownSpecRow } from '../../domain/spec-rows.ts';
import type { VehicleView } from '../../machines/vehicle-page/vehicle-view.ts';
import { css } from '../../styled-system/css';
import { tabs } from '../../styled-system/recipes';
import { ShowMore } from './show-more.tsx';

const grid = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, 1fr)' },
});
const bullets = css({
  display: 'grid',
  gap: '1',
  gridTemplateColumns: { md: '1fr 1fr' },
  listStyle: 'disc',
  pl: '5',
});

function Rows({ rows }: { rows: readonly ShownSpecRow[] }) {
  return (
    <dl className={grid}>
      {rows.map((row) => (
        <div key={row.label}>
          <dt className={css({ fontSize: 'sm', color: 'fgMuted' })}>{row.label}</dt>
          <dd className={css({ fontWeight: 'semibold' })}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Bullets({ items }: { items: readonly string[] }) {
  return (
    <ul className={bullets}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

function Paragraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static paragraphs in document order; text may repeat
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/** §2 detail tab set: 'Key information' (4, then Show More), features (8, then Show All), dealer comments. */
export function DetailTabs({ view }: { view: VehicleView }) {
  const styles = tabs();
  const keyInfo = keyInformation(view.keyInformation, false).visible;
  const features = featuresList(view.features, true).visible;
  const firstFeatures = featuresList(view.features, false).visible;
  return (
    <Tabs.Root defaultValue="key-information" className={styles.root}>
      <Tabs.List className={styles.list} aria-label="Vehicle information">
        <Tabs.Trigger value="key-information" className={styles.trigger}>
          Key information
        </Tabs.Trigger>
        <Tabs.Trigger value="features" className={styles.trigger}>
          Features
        </Tabs.Trigger>
        <Tabs.Trigger value="comments" className={styles.trigger}>
          {DEALER_COMMENTS_TITLE}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="key-information" className={styles.content}>
        <ShowMore
          testId="key-information"
          summary={() => <Rows rows={keyInfo} />}
          more={<Rows rows={view.keyInformation.slice(keyInfo.length)} />}
          toggle={(expanded) => keyInformation(view.keyInformation, expanded).toggle}
        />
      </Tabs.Content>
      <Tabs.Content value="features" className={styles.content}>
        {features.length === 0 ? (
          <p className={css({ color: 'fgMuted' })}>Ask us about this {view.noun}'s features.</p>
        ) : (
          <ShowMore
            testId="features"
            summary={() => <Bullets items={firstFeatures} />}
            more={<Bullets items={features.slice(firstFeatures.length)} />}
            toggle={(expanded) => featuresList(view.features, expanded).toggle}
          />
        )}
      </Tabs.Content>
      <Tabs.Content value="comments" className={styles.content}>
        <ShowMore
          testId="dealer-comments"
          summary={(expanded) =>
            expanded ? null : (
              <Paragraphs paragraphs={visibleDealerComments(view.comments, false).paragraphs} />
            )
          }
          more={<Paragraphs paragraphs={view.comments.paragraphs} />}
          toggle={(expanded) => visibleDealerComments(view.comments, expanded).toggle}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
