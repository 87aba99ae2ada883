import { usePage } from '../PageContext.js';
import { messageForms } from '../translator.js';

/**
 * A filter box over one table of a page with other content: it filters the rows as you type.
 * It needs the script, so it stays hidden until the script shows it.
 */
export function TableFilter({ table, label }: { table: string; label: string }) {
  const { messages } = usePage();
  const status = `${table}-status`;
  const forms = messageForms(messages, 'filter.count');
  return (
    <div class="tools" data-needs-script hidden>
      <label>{label}<input type="search" data-filter={status} aria-controls={table} autocomplete="off" spellcheck={false} /></label>
      <span id={status} role="status" class="muted small" data-zero={forms.zero} data-one={forms.one} data-two={forms.two} data-few={forms.few} data-many={forms.many} data-other={forms.other} />
    </div>
  );
}
