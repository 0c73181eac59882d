import { createListCollection, Select } from '@ark-ui/react/select';
import { useMemo } from 'react';
import { select } from '../../styled-system/recipes';

/** One option of a {@link SelectField}. */
export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled single-choice dropdown on Ark UI's Select (keyboard: arrows, type-ahead, Enter, Escape),
 * styled by the `select` slot recipe. The choice is the caller's: `value` in, `onChange` out.
 */
export function SelectField({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: SelectOption[];
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  const collection = useMemo(() => createListCollection({ items: options }), [options]);
  const classes = select();
  return (
    <Select.Root
      collection={collection}
      value={[value]}
      onValueChange={(details) => {
        const [chosen] = details.value;
        if (chosen !== undefined && chosen !== value) onChange(chosen);
      }}
      positioning={{ sameWidth: true }}
      className={classes.root}
      data-testid={testId}
    >
      <Select.Label className={classes.label}>{label}</Select.Label>
      <Select.Control className={classes.control}>
        <Select.Trigger className={classes.trigger}>
          <Select.ValueText />
          <Select.Indicator className={classes.indicator}>▾</Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <Select.Positioner className={classes.positioner}>
        <Select.Content className={classes.content}>
          {collection.items.map((item) => (
            <Select.Item key={item.value} item={item} className={classes.item}>
              <Select.ItemText>{item.label}</Select.ItemText>
              <Select.ItemIndicator className={classes.itemIndicator}>✓</Select.ItemIndicator>
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Positioner>
    </Select.Root>
  );
}
