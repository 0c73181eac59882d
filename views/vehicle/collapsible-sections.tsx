import { Accordion } from '@ark-ui/react/accordion';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { CollapsibleSectionsActorRef } from '../../machines/collapsible-sections/collapsible-sections.machine.ts';
import { selectOpenSections } from '../../machines/collapsible-sections/collapsible-sections.selectors.ts';
import type { VehicleView } from '../../machines/vehicle-page/vehicle-view.ts';
import { accordion } from '../../styled-system/recipes';
import { SectionBody } from './section-bodies.tsx';

const itemValue = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * §2 collapsible sections (Reserve Online, Why Buy From Us, Protect Your Car, Car Summary, All
 * Specifications) as an Ark Accordion driven by the collapsible-sections machine; once the page runs
 * in the browser it asks the machine to restore the persisted open state.
 */
export function CollapsibleSections({
  actorRef,
  view,
}: {
  actorRef: CollapsibleSectionsActorRef;
  view: VehicleView;
}) {
  const open = useSelector(actorRef, selectOpenSections);
  const sections = useSelector(actorRef, (snapshot) => snapshot.context.sections);
  useEffect(() => {
    actorRef.send({ type: 'sections.restore' });
  }, [actorRef]);
  const styles = accordion();
  // Item values become element ids (aria-controls, aria-labelledby), so they carry no spaces.
  const names = new Map(sections.map((section) => [itemValue(section.name), section.name]));
  return (
    <Accordion.Root
      multiple
      collapsible
      value={open.map(itemValue)}
      onValueChange={(details) =>
        actorRef.send({
          type: 'sections.change',
          open: details.value.flatMap((value) => names.get(value) ?? []),
        })
      }
      className={styles.root}
    >
      {sections.map((section) => (
        <Accordion.Item key={section.name} value={itemValue(section.name)} className={styles.item}>
          <h2>
            <Accordion.ItemTrigger className={styles.itemTrigger}>
              {section.name}
              <Accordion.ItemIndicator className={styles.itemIndicator} aria-hidden="true">
                ▾
              </Accordion.ItemIndicator>
            </Accordion.ItemTrigger>
          </h2>
          <Accordion.ItemContent className={styles.itemContent}>
            <SectionBody name={section.name} view={view} />
          </Accordion.ItemContent>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
