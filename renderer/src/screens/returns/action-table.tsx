// A table whose rows offer actions; the chosen action opens as a small form under its row and
// its result stays there in words.
import { Fragment, useState, type ReactNode } from 'react';
import { useStation } from '../../app/station-context.js';
import { say } from '../../stores/app-store.js';
import { ResultLine } from '../setup/form-field.js';
import { ActionForm } from './action-form.js';
import type { ActionDef } from './return-actions.js';
import { saidWords } from '../../i18n/said-words.js';
import { useT } from '../../i18n/use-t.js';

interface Props<R> {
  caption: string;
  columns: string[];
  rows: R[];
  idOf(row: R): string;
  /** When the row was created, if known: its forms take no date before it. */
  createdOf?(row: R): string | undefined;
  cells(row: R): ReactNode[];
  actionsOf(row: R): string[];
  actions: Record<string, ActionDef>;
  /** Called after an action succeeded: the lists are read again. */
  onChanged(): void;
  empty: string;
}

export function ActionTable<R>({ caption, columns, rows, idOf, createdOf, cells, actionsOf, actions, onChanged, empty }: Props<R>) {
  const api = useStation();
  const { t } = useT();
  const [open, setOpen] = useState<{ id: string; action: string }>();
  const [results, setResults] = useState<Record<string, { ok: boolean; text: string }>>({});

  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
          <th scope="col">{t('returns.col.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const id = idOf(row);
          const def = open?.id === id ? actions[open.action] : undefined;
          return (
            <Fragment key={id}>
              <tr>
                {cells(row).map((c, i) => (
                  <td key={i}>{c}</td>
                ))}
                <td>
                  {actionsOf(row).map((a) => (
                    <button key={a} type="button" aria-expanded={open?.id === id && open.action === a} onClick={() => setOpen({ id, action: a })}>
                      {t(actions[a].name)} {id}
                    </button>
                  ))}
                </td>
              </tr>
              {def || results[id] ? (
                <tr>
                  <td colSpan={columns.length + 1}>
                    {def && open ? (
                      <ActionForm
                        key={open.action}
                        title={`${t(def.name)} ${id}`}
                        createdAt={createdOf?.(row)}
                        submitLabel={t(def.name)}
                        fields={def.fields}
                        onSubmit={(v) => def.send(api, id, v)}
                        onDone={(r) => {
                          setOpen(undefined);
                          const text = saidWords(r);
                          setResults((x) => ({ ...x, [id]: { ok: r.ok, text } }));
                          // The row may leave this list as its state changes: the confirmation stays on the status line.
                          say('ok', text);
                          onChanged();
                        }}
                        onCancel={() => setOpen(undefined)}
                      />
                    ) : null}
                    {results[id] ? <ResultLine {...results[id]} /> : null}
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
