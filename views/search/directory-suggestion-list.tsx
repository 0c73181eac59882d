import { useEffect, useRef } from 'react';
import type { DirectorySuggestion } from '../../machines/directory-search/directory-suggestions.ts';
import type { directorySearch } from '../../styled-system/recipes';

const GROUPS = [
  { kind: 'make', label: 'Makes' },
  { kind: 'model', label: 'Models' },
] as const;

/** The DOM id of the suggestion at `index` in a listbox whose id is `listboxId`. */
export const suggestionOptionId = (listboxId: string, index: number): string => `${listboxId}-${index}`;

/**
 * The search box's listbox: suggested makes, then models, each group under its label; the active
 * suggestion is `aria-selected` and scrolled into view. Options never take focus (the input keeps it,
 * pointing at the active one with `aria-activedescendant`), so a press on the list keeps focus where
 * it is and a click chooses.
 */
export function DirectorySuggestionList(props: {
  id: string;
  labelId: string;
  open: boolean;
  items: readonly DirectorySuggestion[];
  activeId: string | null;
  onChoose: (id: string) => void;
  classes: ReturnType<typeof directorySearch>;
}) {
  const { id, labelId, open, items, activeId, onChoose, classes } = props;
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (activeId === null) return;
    // why: jsdom has no scrollIntoView.
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  return (
    <div
      ref={listRef}
      id={id}
      role="listbox"
      aria-labelledby={labelId}
      hidden={!open}
      className={classes.listbox}
      onMouseDown={(event) => event.preventDefault()}
    >
      {open &&
        GROUPS.map((group) => {
          const members = items.filter((item) => item.kind === group.kind);
          if (members.length === 0) return null;
          const groupLabelId = `${id}-${group.kind}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a listbox may hold groups of options, not fieldsets.
            <div key={group.kind} role="group" aria-labelledby={groupLabelId} className={classes.group}>
              <div id={groupLabelId} className={classes.groupLabel}>
                {group.label}
              </div>
              {members.map((item) => (
                // biome-ignore lint/a11y/useFocusableInteractive: the input keeps focus and points at the active option (aria-activedescendant).
                // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrow keys and Enter are the keyboard path.
                <div
                  key={item.id}
                  id={suggestionOptionId(id, items.indexOf(item))}
                  role="option"
                  aria-selected={item.id === activeId}
                  className={classes.option}
                  onClick={() => onChoose(item.id)}
                >
                  {item.label}
                </div>
              ))}
            </div>
          );
        })}
    </div>
  );
}
