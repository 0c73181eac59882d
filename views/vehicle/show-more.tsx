import { Collapsible } from '@ark-ui/react/collapsible';
import type { ReactNode } from 'react';
import { collapsible } from '../../styled-system/recipes';

/**
 * A list or text with a show-more toggle; Ark Collapsible holds the open state. `summary` is drawn
 * outside the collapsible part for the given state, `more` inside it, and `toggle` gives the label
 * for the state (`null`: everything fits, no toggle) — each from the domain rule that decides it.
 */
export function ShowMore({
  summary,
  more,
  toggle,
  testId,
}: {
  summary: (expanded: boolean) => ReactNode;
  more: ReactNode;
  toggle: (expanded: boolean) => string | null;
  testId: string;
}) {
  const styles = collapsible();
  return (
    <Collapsible.Root className={styles.root} data-testid={testId}>
      <Collapsible.Context>
        {(api) => {
          const label = toggle(api.open);
          return (
            <>
              {summary(api.open)}
              {label && (
                <>
                  <Collapsible.Content className={styles.content}>{more}</Collapsible.Content>
                  <Collapsible.Trigger className={styles.trigger}>{label}</Collapsible.Trigger>
                </>
              )}
            </>
          );
        }}
      </Collapsible.Context>
    </Collapsible.Root>
  );
}
