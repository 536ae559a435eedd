/**
 * The filter form of the pages (casino, gaming day, table, game, code, times…), written once (issue 22 §3):
 * each field is a labelled input named as its URL parameter; the form keeps what is typed until it is
 * submitted, then hands the values to the page, which puts them in the URL (the page reads its filters
 * from there, so a filtered page can be shared).
 */
import { FormEvent, ReactNode, useState } from 'react';
import { useT } from '../language';

export interface FilterField<K extends string> {
  /** the URL parameter it fills */
  readonly name: K;
  /** its label's key (web catalogue) */
  readonly label: string;
  readonly type?: 'text' | 'date' | 'time';
  /** a catalogue key (`web:…`) or a sample value shown while the field is empty */
  readonly placeholder?: string;
  /** shown as its value while the field is empty: the gaming day the page shows when none is asked */
  readonly shown?: string;
  /** suggestions, as a datalist of this id */
  readonly suggestions?: { readonly id: string; readonly values: readonly string[] | undefined };
}

export function Filters<K extends string>({
  fields,
  initial,
  onSubmit,
  submitLabel,
  className = 'filters',
  role,
  ariaLabel,
  children,
}: {
  readonly fields: readonly FilterField<K>[];
  /** the values the URL holds */
  readonly initial: Readonly<Record<K, string>>;
  readonly onSubmit: (values: Record<K, string>) => void;
  /** the submit button's key (web catalogue) */
  readonly submitLabel: string;
  readonly className?: string;
  readonly role?: string;
  readonly ariaLabel?: string;
  /** more buttons after the submit button (downloads) */
  readonly children?: ReactNode;
}) {
  const tr = useT();
  const [values, setValues] = useState<Record<K, string>>({ ...initial });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(values);
  };
  const words = (text: string | undefined) => (text?.startsWith('web:') ? tr.t(text) : text);
  return (
    <form className={className} onSubmit={submit} role={role} aria-label={ariaLabel}>
      {fields.map((f) => (
        <label key={f.name}>
          {tr.t(f.label)}
          <input
            type={f.type ?? 'text'}
            name={f.name}
            value={values[f.name] || f.shown || ''}
            placeholder={words(f.placeholder)}
            list={f.suggestions?.id}
            onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
          />
          {f.suggestions && (
            <datalist id={f.suggestions.id}>
              {f.suggestions.values?.map((v) => (
                <option key={v} value={v} />
              ))}
            </datalist>
          )}
        </label>
      ))}
      <button type="submit">{tr.t(submitLabel)}</button>
      {children}
    </form>
  );
}

/** The page's filters as the URL holds them ('' where absent). */
export function filtersOf<K extends string>(query: URLSearchParams, names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((n) => [n, query.get(n) ?? ''])) as Record<K, string>;
}

/** The gaming day, suggested from the days on record (datalist `listId`), showing the page's day while none is asked. */
export const gamingDayField = (listId: string, days: readonly string[] | undefined, shown?: string): FilterField<'gamingDay'> => ({
  name: 'gamingDay',
  label: 'web:field.gamingDay',
  type: 'date',
  shown,
  suggestions: { id: listId, values: days },
});

/** The placeholder of a filter that narrows nothing while empty. */
export const ALL = 'web:inspector.all';
