import { useId } from 'react';
import { select } from '../../styled-system/recipes';

/** One option of a {@link SelectField}. */
export interface SelectOption {
  value: string;
  label: string;
}

/** A headed group of options (`<optgroup>`). */
export interface SelectGroup {
  label: string;
  options: readonly SelectOption[];
}

const optionsOf = (options: readonly SelectOption[]) =>
  options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));

/**
 * A labelled single-choice dropdown: the browser's own `<select>` (its native picker on phones,
 * arrows and type-ahead on a keyboard, no script of ours to load — decision 071), styled by the
 * `select` slot recipe. The choice is the caller's: `value` in, `onChange` out. `groups` follow
 * `options` as headed groups.
 */
export function SelectField({
  label,
  options,
  groups = [],
  value,
  onChange,
  testId,
}: {
  label: string;
  options: readonly SelectOption[];
  groups?: readonly SelectGroup[];
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  const id = useId();
  const classes = select();
  return (
    <div className={classes.root} data-testid={testId}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <div className={classes.control}>
        <select
          id={id}
          className={classes.field}
          value={value}
          onChange={(event) => {
            if (event.target.value !== value) onChange(event.target.value);
          }}
        >
          {optionsOf(options)}
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {optionsOf(group.options)}
            </optgroup>
          ))}
        </select>
        <span className={classes.indicator} aria-hidden="true">
          ▾
        </span>
      </div>
    </div>
  );
}
