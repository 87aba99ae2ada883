import { usePage } from '../PageContext.js';
import { ServerField } from './ServerField.js';
import { LanguageField } from './LanguageField.js';
import { messageForms } from '../translator.js';

/**
 * A search box over a table. With the script, it filters the table's rows as you type; without
 * it, the form asks the server (`?q=`), which filters through the API's `search`. The static
 * export has no server: there the box only appears once the script runs. `keep`: other query
 * values the form carries (a board's `period`).
 */
export function FilterBox({ table, label, value, action, keep }: { table: string; label: string; value?: string; action: string; keep?: Readonly<Record<string, string | undefined>> }) {
  const { t, site, messages } = usePage();
  const status = `${table}-status`;
  const field = (
    <label>
      {label}
      <input type="search" name="q" value={value ?? ''} data-filter={status} aria-controls={table} autocomplete="off" spellcheck={false} />
    </label>
  );
  const forms = messageForms(messages, 'filter.count');
  const count = <span id={status} role="status" class="muted small" data-zero={forms.zero} data-one={forms.one} data-two={forms.two} data-few={forms.few} data-many={forms.many} data-other={forms.other} />;
  if (site.staticExport) {
    return (
      <div class="tools" data-needs-script hidden>
        {field}
        {count}
      </div>
    );
  }
  return (
    <form class="tools" method="get" action={action} role="search">
      <ServerField />
      <LanguageField />
      {keep && Object.entries(keep).map(([name, kept]) => kept !== undefined && <input type="hidden" name={name} value={kept} />)}
      {field}
      <button class="btn" type="submit">{t('filter.submit')}</button>
      {count}
    </form>
  );
}
