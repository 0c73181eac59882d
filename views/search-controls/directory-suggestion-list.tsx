import { Combobox } from '@ark-ui/react/combobox';
import type { DirectorySuggestion } from '../../machines/directory-search/directory-suggestions.ts';
import type { directorySearch } from '../../styled-system/recipes';

const GROUPS = [
  { kind: 'make', label: 'Makes' },
  { kind: 'model', label: 'Models' },
] as const;

/** The search box's listbox: suggested makes, then models, each group under its label. */
export function DirectorySuggestionList({
  items,
  classes,
}: {
  items: readonly DirectorySuggestion[];
  classes: ReturnType<typeof directorySearch>;
}) {
  return (
    <Combobox.Positioner className={classes.positioner}>
      <Combobox.Content className={classes.content}>
        {GROUPS.map((group) => {
          const members = items.filter((item) => item.kind === group.kind);
          if (members.length === 0) return null;
          return (
            <Combobox.ItemGroup key={group.kind} className={classes.itemGroup}>
              <Combobox.ItemGroupLabel className={classes.itemGroupLabel}>
                {group.label}
              </Combobox.ItemGroupLabel>
              {members.map((item) => (
                <Combobox.Item key={item.id} item={item} className={classes.item}>
                  <Combobox.ItemText className={classes.itemText}>{item.label}</Combobox.ItemText>
                </Combobox.Item>
              ))}
            </Combobox.ItemGroup>
          );
        })}
      </Combobox.Content>
    </Combobox.Positioner>
  );
}
